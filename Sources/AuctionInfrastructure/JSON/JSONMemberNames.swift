/// The member names of one object being read, to refuse a name given twice.
///
/// Small objects (the usual frame payload has a handful of members) are checked by a scan of the
/// members already read; past `scanLimit` names a set takes over, so a hostile object with many
/// members costs linear time, not quadratic.
struct JSONMemberNames {
    /// Objects with at most this many members are checked by scanning.
    static let scanLimit = 12

    private var set: Set<String>?

    /// Records `key`; false when `members` (the object's members so far) already has it.
    @inline(__always)
    mutating func insert(_ key: String, among members: [JSONObject.Member]) -> Bool {
        if set == nil {
            if members.count < Self.scanLimit {
                let length = key.utf8.count
                for member in members where member.key.utf8.count == length && member.key == key { return false }
                return true
            }
            set = Set(members.lazy.map(\.key))
        }
        return set?.insert(key).inserted ?? false
    }

    /// Records `key` for a reader that does not keep the members (the frame envelope); false when seen before.
    mutating func insert(_ key: String) -> Bool {
        if set == nil { set = [] }
        return set?.insert(key).inserted ?? false
    }
}
