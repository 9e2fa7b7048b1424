/// What an object's members are read into: the parser's `JSONObject`, or the frame envelope's three fields.
///
/// `JSONReader.readMembers(into:depth:)` walks the punctuation once for both; each receiver says how a
/// name is read and what a member becomes. Generic, so the frame decoder's hot path is specialised.
protocol JSONMemberReceiver {
    /// A member's name as this receiver keeps it.
    associatedtype Name

    /// Reads the name at the reader's index (which holds `"`); `offset` is where it starts, for errors.
    mutating func readName(from reader: inout JSONReader, offset: Int) throws(JSONError) -> Name

    /// Keeps one member whose name started at `offset`.
    mutating func receive(_ name: Name, value: JSONValue, offset: Int) throws(JSONError)
}

extension JSONReader {
    /// Reads the object at `index` (which holds `{`) into `receiver`; values are read at `depth`.
    @inline(__always)
    mutating func readMembers<Receiver: JSONMemberReceiver>(into receiver: inout Receiver, depth: Int) throws(JSONError) {
        if try opensEmpty(closing: UInt8(ascii: "}")) { return }
        repeat {
            guard index < count else { throw .unexpectedEnd(offset: index) }
            guard base[index] == UInt8(ascii: "\"") else { throw .unexpectedByte(base[index], offset: index) }
            let offset = index
            let name = try receiver.readName(from: &self, offset: offset)
            skipWhitespace()
            guard index < count else { throw .unexpectedEnd(offset: index) }
            guard base[index] == UInt8(ascii: ":") else { throw .unexpectedByte(base[index], offset: index) }
            index += 1
            skipWhitespace()
            let value = try readValue(depth: depth)
            try receiver.receive(name, value: value, offset: offset)
        } while try !closesAfterElement(closing: UInt8(ascii: "}"))
    }

    /// Moves past an array's or object's opening byte and following whitespace; true (past `closing` too) when it is empty.
    @inline(__always)
    mutating func opensEmpty(closing: UInt8) throws(JSONError) -> Bool {
        index += 1
        skipWhitespace()
        guard index < count else { throw .unexpectedEnd(offset: index) }
        guard base[index] == closing else { return false }
        index += 1
        return true
    }

    /// Reads what follows an element: `,` (false, another element follows) or `closing` (true, the container ends).
    @inline(__always)
    mutating func closesAfterElement(closing: UInt8) throws(JSONError) -> Bool {
        skipWhitespace()
        guard index < count else { throw .unexpectedEnd(offset: index) }
        switch base[index] {
        case UInt8(ascii: ","):
            index += 1
            skipWhitespace()
            return false
        case closing:
            index += 1
            return true
        case let byte:
            throw .unexpectedByte(byte, offset: index)
        }
    }
}

/// The parser's receiver: every member, in order, each name once.
struct JSONObjectMembers: JSONMemberReceiver {
    var members: [JSONObject.Member] = []
    private var names = JSONMemberNames()

    init() { members.reserveCapacity(6) }

    mutating func readName(from reader: inout JSONReader, offset: Int) throws(JSONError) -> String {
        let key = try reader.readKey()
        guard names.insert(key, among: members) else { throw .duplicateKey(offset: offset) }
        return key
    }

    mutating func receive(_ name: String, value: JSONValue, offset: Int) throws(JSONError) {
        members.append(JSONObject.Member(key: name, value: value))
    }
}
