import AuctionInfrastructure

extension ChatRoomSequences {
    /// After the listener (re)connected: every followed room's messages committed above what this node
    /// handed on, in room order (the order every node delivers, since `room_seq` follows commits), at
    /// most `maximumCatchUpPerRoom` per room (the newest; a cut is logged — members can rejoin for history).
    func catchUp(_ connection: PostgresConnection, log: ServerLog) throws(StoreError) -> [ChatStore.Message] {
        var missed: [ChatStore.Message] = []
        for (room, known) in followed {
            let read = try ClusterReads.chatMessages(in: room, after: known, limit: Self.maximumCatchUpPerRoom, connection)
            guard let first = read.first else { continue }
            if first.roomSequence - known > 1 {
                log.warning("cluster: \(first.roomSequence - known - 1) chat message(s) in '\(room.prefix(40))' missed while "
                            + "reconnecting are not pushed (only the newest \(Self.maximumCatchUpPerRoom)); members can rejoin for history")
            }
            missed += unseen(read)
        }
        if !missed.isEmpty { log.info("cluster: caught up \(missed.count) chat message(s) committed while reconnecting") }
        return missed
    }
}
