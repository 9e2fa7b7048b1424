import AuctionInfrastructure

/// The last `room_seq` this node handed on, per chat room that has members here (shared store only).
///
/// Shared by the loop (which starts following a room when its first member here joins, from the
/// history that member read, and stops when the room empties here) and the cluster listener (which
/// skips messages at or below what it handed on and, after a broken connection, catches each
/// followed room up from there). Bounded by the rooms this node's connections are in.
final class ChatRoomSequences: Sendable {
    /// The most messages one room is caught up by after a break (the newest; older ones stay in history).
    static let maximumCatchUpPerRoom = 200

    private let rooms = Mutex<[String: Int64]>([:])

    /// Nothing followed yet.
    init() {}

    /// Starts following `room` from `sequence` (what its first member here read) unless already followed.
    func follow(_ room: String, from sequence: Int64) {
        rooms.withLock { rooms in
            if rooms[room] == nil { rooms[room] = max(0, sequence) }
        }
    }

    /// Stops following `room` (its last member here left).
    func unfollow(_ room: String) {
        rooms.withLock { $0[room] = nil }
    }

    /// The rooms followed and the last sequence handed on in each, by room name.
    var followed: [(room: String, sequence: Int64)] {
        rooms.withLock { rooms in rooms.map { ($0.key, $0.value) }.sorted { $0.room < $1.room } }
    }

    /// The messages not yet handed on, in the given order; raises each followed room's sequence to
    /// the newest passed. Messages of rooms not followed all pass (a member may be joining now).
    func unseen(_ messages: [ChatStore.Message]) -> [ChatStore.Message] {
        rooms.withLock { rooms in
            messages.filter { message in
                guard let known = rooms[message.room] else { return true }
                guard message.roomSequence > known else { return false }
                rooms[message.room] = message.roomSequence
                return true
            }
        }
    }
}
