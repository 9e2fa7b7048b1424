import AuctionCore
import AuctionData
import AuctionEngine
import AuctionInfrastructure

/// A chat join's history, read on a store worker: the joiner's later frames wait in order meanwhile
/// (`awaitStore`), every other connection is served, and live messages of the room for the joiner are
/// held until its history is out (`ChatHistoryWaits`).
extension SocketService {
    /// Joins, reads the room's history off the loop, then replies with the members, sends the history
    /// and the live messages held meanwhile, and announces the join (only the user's first connection
    /// in the room announces one).
    func joinChat(_ room: ChatRoomName, as user: String, chat: ChatRelay, completionID: Int64?, peer: SocketPeer) {
        if chat.registry.isMember(peer.id, of: room) {
            return reply(to: peer, completionID, result: true, fields: Self.members(of: room, chat: chat))  // already a member
        }
        let presence: ChatBroadcast<ChatPresence>?
        do throws(ChatError) {
            presence = try chat.join(room, connection: peer.id, user: user, now: currentTime())
        } catch {
            return refuse(error, completionID: completionID, peer: peer)
        }
        chat.historyWaits.start(room, for: peer.id)
        let reader = chat.reader, limit = chat.limits.historyMessages, bytes = chat.limits.rooms.maximumMessageBytes
        awaitStore(peer, read: { () -> Result<[ChatStore.Message], StoreError> in
            do throws(StoreError) {
                return .success(try reader.recent(in: room.rawValue, limit: limit, maximumTextBytes: bytes))
            } catch {
                return .failure(error)
            }
        }, busy: {
            historyRead(.failure(.unavailable(target: "chat history", reason: "the store lookups are busy")), of: room, presence: presence, chat: chat, completionID: completionID, peer: peer)
        }, answer: { [weak self] peer, stored in
            self?.historyRead(stored, of: room, presence: presence, chat: chat, completionID: completionID, peer: peer)
        })
    }

    private func historyRead(_ stored: Result<[ChatStore.Message], StoreError>, of room: ChatRoomName,
                             presence: ChatBroadcast<ChatPresence>?, chat: ChatRelay, completionID: Int64?, peer: SocketPeer) {
        let held = chat.historyWaits.finish(room, for: peer.id)
        guard chat.registry.isMember(peer.id, of: room) else {
            // Logged out meanwhile (a suspension), which took it out of every room.
            return refuseLogin(to: peer, completionID, "log in to join rooms")
        }
        let history = replayedHistory(stored, of: room, chat: chat)
        chat.noteHistory(of: room, upTo: history.lastSequence, for: peer.id)
        chat.follow(room, from: history.lastSequence)
        reply(to: peer, completionID, result: true, fields: Self.members(of: room, chat: chat))
        for frame in history.frames { send(.chat(frame), to: peer) }
        for message in held where chat.shouldDeliver(sequence: message.roomSequence, in: room, to: peer.id) {
            send(.chat(Self.encode(message)), to: peer)
        }
        if let presence { announceLocal(presence, chat: chat) }
    }

    private static func members(of room: ChatRoomName, chat: ChatRelay) -> JSONObject {
        JSONObject([("users", .array(chat.members(of: room).map { .string($0) }))])
    }

    /// The frames a join replays: of the room's last `historyMessages` messages, the newest ones
    /// that fit in `historyMaximumBytes` (oldest first), skipping any stored before today's rules
    /// would accept it; and the newest room sequence read, so live messages already read are not sent again.
    private func replayedHistory(_ read: Result<[ChatStore.Message], StoreError>, of room: ChatRoomName,
                                 chat: ChatRelay) -> (frames: [[UInt8]], lastSequence: Int64) {
        let stored: [ChatStore.Message]
        switch read {
        case .success(let messages):
            stored = messages
        case .failure(let error):
            log.error("chat: cannot read the history of \(room): \(error)")
            return ([], 0)
        }
        var frames: [[UInt8]] = []
        var bytes = 0
        for message in stored.reversed() {
            guard (try? chat.registry.validate(ChatStoredText.decode(message.text).text)) != nil else { continue }
            let frame = Self.encode(message)
            guard frame.count <= chat.limits.historyMaximumBytes - bytes else { break }
            bytes += frame.count
            frames.append(frame)
        }
        return (frames.reversed(), stored.last?.roomSequence ?? 0)
    }
}
