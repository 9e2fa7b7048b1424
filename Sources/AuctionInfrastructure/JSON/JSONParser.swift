#if canImport(Glibc)
import Glibc
#endif

/// Reads one JSON value from bytes with full validation (RFC 8259): UTF-8, escapes, numbers, nesting depth.
public struct JSONParser {
    /// Arrays and objects nested deeper than this are refused (protects the stack).
    public var maximumDepth: Int

    /// Creates a parser with a nesting limit.
    public init(maximumDepth: Int = 64) { self.maximumDepth = maximumDepth }

    /// Parses exactly one value, allowing whitespace around it.
    public func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONError) -> JSONValue {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count > 0 else {
            throw .unexpectedEnd(offset: 0)
        }
        var reader = JSONReader(base: base, count: bytes.count, maximumDepth: maximumDepth)
        reader.skipWhitespace()
        let value = try reader.readValue(depth: 0)
        reader.skipWhitespace()
        guard reader.index == reader.count else { throw .trailingBytes(offset: reader.index) }
        return value
    }

    /// Parses exactly one value from an array of bytes.
    public func parse(_ bytes: [UInt8]) throws(JSONError) -> JSONValue {
        let result = bytes.withUnsafeBytes { raw in Result { () throws(JSONError) -> JSONValue in try parse(raw) } }
        return try result.get()
    }
}

extension JSONValue {
    /// Parses one JSON value (nesting limit 64).
    public static func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONError) -> JSONValue {
        try JSONParser().parse(bytes)
    }

    /// Parses one JSON value from an array of bytes (nesting limit 64).
    public static func parse(_ bytes: [UInt8]) throws(JSONError) -> JSONValue {
        try JSONParser().parse(bytes)
    }

    /// Parses one JSON value from text (nesting limit 64).
    public static func parse(_ text: String) throws(JSONError) -> JSONValue {
        try JSONParser().parse(Array(text.utf8))
    }
}

/// The cursor over the input; one per `parse` call.
struct JSONReader {
    let base: UnsafePointer<UInt8>
    let count: Int
    let maximumDepth: Int
    var index = 0
    /// Member names seen before, when the caller keeps a cache across parses.
    let keyCache: UnsafeMutablePointer<JSONKeyCache>?

    init(base: UnsafePointer<UInt8>, count: Int, maximumDepth: Int, keyCache: UnsafeMutablePointer<JSONKeyCache>? = nil) {
        self.base = base
        self.count = count
        self.maximumDepth = maximumDepth
        self.keyCache = keyCache
    }

    /// Reads a member name; short plain ASCII names come from the key cache when there is one.
    @inline(__always)
    mutating func readKey() throws(JSONError) -> String {
        if let keyCache {
            let start = index + 1
            var end = start
            let stop = min(count, start + 17)
            while end < stop {
                let byte = base[end]
                if byte == UInt8(ascii: "\"") {
                    guard end - start <= 16 else { break }
                    index = end + 1
                    return keyCache.pointee.key(at: base + start, length: end - start)
                }
                if byte < 0x20 || byte >= 0x80 || byte == UInt8(ascii: "\\") { break }
                end += 1
            }
        }
        return try readString()
    }

    @inline(__always)
    mutating func skipWhitespace() {
        while index < count {
            switch base[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    mutating func readValue(depth: Int) throws(JSONError) -> JSONValue {
        guard index < count else { throw .unexpectedEnd(offset: index) }
        switch base[index] {
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "{"): return try readObject(depth: depth + 1)
        case UInt8(ascii: "["): return try readArray(depth: depth + 1)
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try readNumber()
        case let byte: throw .unexpectedByte(byte, offset: index)
        }
    }

    private mutating func expectLiteral(_ word: StaticString) throws(JSONError) {
        let length = word.utf8CodeUnitCount
        let letters = word.utf8Start
        for offset in 0..<length {
            guard index + offset < count else { throw .unexpectedEnd(offset: index + offset) }
            guard base[index + offset] == letters[offset] else {
                throw .unexpectedByte(base[index + offset], offset: index + offset)
            }
        }
        index += length
    }

    private mutating func readObject(depth: Int) throws(JSONError) -> JSONValue {
        guard depth <= maximumDepth else { throw .tooDeep(limit: maximumDepth, offset: index) }
        var receiver = JSONObjectMembers()
        try readMembers(into: &receiver, depth: depth)
        return .object(JSONObject(members: receiver.members))
    }

    private mutating func readArray(depth: Int) throws(JSONError) -> JSONValue {
        guard depth <= maximumDepth else { throw .tooDeep(limit: maximumDepth, offset: index) }
        var elements: [JSONValue] = []
        if try opensEmpty(closing: UInt8(ascii: "]")) { return .array(elements) }
        repeat {
            elements.append(try readValue(depth: depth))
        } while try !closesAfterElement(closing: UInt8(ascii: "]"))
        return .array(elements)
    }
}
