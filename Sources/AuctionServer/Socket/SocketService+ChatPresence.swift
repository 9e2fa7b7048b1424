import AuctionCore
import AuctionEngine

/// Chat presence across the nodes of a shared store: this node's joins and leaves are written for
/// the others (off the loop), theirs are mirrored here and announced to this node's members, and
/// `who` lists both. A user is announced once per room however many nodes it is on: its join when
/// its first connection anywhere arrives, its leave when its last one anywhere goes. On SQLite there
/// are no other nodes and this is the registry's presence unchanged.
extension SocketService {
    /// A presence change of this node's registry: noted for the store, and announced here unless the
    /// user is (still) in the room on another node.
    func announceLocal(_ presence: ChatBroadcast<ChatPresence>, chat: ChatRelay) {
        let event = presence.event
        chat.presence?.note(room: event.room, user: event.user, present: event.event == .join)
        guard !chat.remote.contains(event.user, in: event.room) else { return }
        announce(presence)
    }

    /// The users in a room (the answer to a join or `who`): this node's, then the other nodes' not
    /// here, each once, at most the room's member limit.
    func chatMembers(of room: ChatRoomName, chat: ChatRelay) -> [String] {
        var users = chat.registry.who(room)
        let remote = chat.remote.users(in: room.rawValue)
        guard !remote.isEmpty else { return users }
        var seen = Set(users)
        for user in remote where users.count < chat.limits.rooms.maximumMembersPerRoom && seen.insert(user).inserted {
            users.append(user)
        }
        return users
    }

    /// Adopts a presence change read from the store (loop thread): the other nodes' mirror is updated
    /// and the users who joined or left there (and have no connection here) are announced to this
    /// node's members of the room.
    func adoptRemotePresence(_ notice: ChatPresenceNotice) {
        guard let chat else { return }
        let refusedBefore = chat.remote.refused
        var changes: [ChatRemotePresence.Change] = []
        switch notice {
        case .joined(let row):
            if let change = chat.remote.add(row) { changes.append(change) }
        case .left(let id):
            if let change = chat.remote.remove(id) { changes.append(change) }
        case .all(let rows):
            changes = chat.remote.replace(with: rows)
        }
        if chat.remote.refused > refusedBefore {
            log.warning("chat: \(chat.remote.refused - refusedBefore) member(s) of other nodes not listed: their room is full")
        }
        let now = currentTime()
        for change in changes {
            guard let room = ChatRoomName(rawValue: change.room), !chat.registry.hasConnection(of: change.user, in: room) else { continue }
            let event = ChatPresence(room: change.room, user: change.user, event: change.joined ? .join : .leave, time: now)
            announce(ChatBroadcast(event: event, recipients: chat.registry.members(of: room)))
        }
    }
}
