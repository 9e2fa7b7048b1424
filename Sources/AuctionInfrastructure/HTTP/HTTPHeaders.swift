/// The header fields of an HTTP message, in arrival order; names compare case-insensitively.
public struct HTTPHeaders: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
    /// One header field as sent.
    public struct Field: Hashable, Sendable {
        /// The field name, spelled as sent.
        public var name: String
        /// The field value, without surrounding whitespace.
        public var value: String

        /// Creates a field.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The fields in order.
    public private(set) var fields: [Field]

    /// Creates headers from fields in order.
    public init(_ fields: [Field] = []) { self.fields = fields }

    /// Creates headers from `name: value` pairs in order.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// Iterates over the fields in order.
    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// The number of fields.
    public var count: Int { fields.count }

    /// The first value of a field, or nil; the name is matched case-insensitively.
    public subscript(name: String) -> String? {
        fields.first { HTTPHeaders.equalNames($0.name, name) }?.value
    }

    /// Every value of a field, in order.
    public func values(for name: String) -> [String] {
        fields.filter { HTTPHeaders.equalNames($0.name, name) }.map(\.value)
    }

    /// Whether a comma-separated field (such as `Connection`) holds a token, case-insensitively.
    public func contains(token: String, in name: String) -> Bool {
        values(for: name).contains { value in
            value.split(separator: ",").contains { HTTPHeaders.equalNames($0.trimmingSpaces, token) }
        }
    }

    /// Appends a field, keeping any with the same name.
    public mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Replaces every field with this name by one field with this value.
    public mutating func replaceOrAdd(name: String, value: String) {
        remove(name: name)
        add(name: name, value: value)
    }

    /// Removes every field with this name.
    public mutating func remove(name: String) {
        fields.removeAll { HTTPHeaders.equalNames($0.name, name) }
    }

    /// ASCII case-insensitive comparison of field names or tokens.
    static func equalNames<A: StringProtocol, B: StringProtocol>(_ a: A, _ b: B) -> Bool {
        let x = a.utf8, y = b.utf8
        guard x.count == y.count else { return false }
        for (p, q) in zip(x, y) where lowercased(p) != lowercased(q) { return false }
        return true
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }
}
