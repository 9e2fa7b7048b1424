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
        if chat.noteLocal(presence) { announce(presence) }
    }

    /// Adopts a presence change read from the store (loop thread): the other nodes' mirror is updated
    /// and the users who joined or left there (and have no connection here) are announced to this
    /// node's members of the room.
    func adoptRemotePresence(_ notice: ChatPresenceNotice) {
        guard let chat else { return }
        let (announcements, refused) = chat.adoptRemotePresence(notice, now: currentTime())
        if refused > 0 {
            log.warning("chat: \(refused) member(s) of other nodes not listed: their room is full")
        }
        for announcement in announcements { announce(announcement) }
    }
}
