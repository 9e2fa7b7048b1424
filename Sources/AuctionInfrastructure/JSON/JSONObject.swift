/// A JSON object: members in document order; lookups find the last member with a key, as `JSON.parse` does.
public struct JSONObject: Hashable, Sendable {
    /// One `"key": value` pair.
    public struct Member: Hashable, Sendable {
        /// The member's name.
        public var key: String
        /// The member's value.
        public var value: JSONValue

        /// Creates a member.
        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// The members in document order (duplicates kept as they came).
    public var members: [Member]

    /// Creates an object from members in order.
    public init(members: [Member] = []) { self.members = members }

    /// Creates an object from key/value pairs in order.
    public init(_ pairs: [(String, JSONValue)]) {
        self.members = pairs.map { Member(key: $0.0, value: $0.1) }
    }

    /// The number of members.
    public var count: Int { members.count }

    /// Whether the object has no members.
    public var isEmpty: Bool { members.isEmpty }

    /// The value of the last member named `key`; setting replaces it (or appends), nil removes every member named `key`.
    public subscript(key: String) -> JSONValue? {
        get {
            // Comparing lengths first skips the costly comparison of unequal short strings.
            let length = key.utf8.count
            var index = members.count
            while index > 0 {
                index -= 1
                if members[index].key.utf8.count == length && members[index].key == key { return members[index].value }
            }
            return nil
        }
        set {
            guard let newValue else {
                members.removeAll { $0.key == key }
                return
            }
            if let index = members.lastIndex(where: { $0.key == key }) {
                members[index].value = newValue
            } else {
                members.append(Member(key: key, value: newValue))
            }
        }
    }

    /// The member names in document order.
    public var keys: [String] { members.map(\.key) }
}
