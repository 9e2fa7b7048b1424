/// The three envelope fields of a frame, read without building the envelope object.
struct FrameEnvelope {
    var dataType: JSONValue?
    var completionID: JSONValue?
    var data: JSONValue?

    /// The range of a `completionId` (docs/PROTOCOL.md, Correlation): what every peer's integer holds.
    static let completionIDs: ClosedRange<Int64> = 0...Int64(Int32.max)

    /// Checks the fields and makes the frame; a `completionId` inside `data` counts when none is at top level.
    ///
    /// `dataType` and `completionId` must be JSON integers (no fraction, no exponent: `2.0` and `2E0`
    /// are floating point); a `completionId` outside `0 ... Int32.max` is refused, never echoed.
    func frame() throws(FramingError) -> Frame {
        guard let typeValue = dataType else { throw .missingField("dataType") }
        guard case .int(let type) = typeValue, let dataType = Int(exactly: type) else { throw .invalidField("dataType") }
        guard let data else { throw .missingField("data") }
        var id: Int64?
        if let idValue = completionID, !idValue.isNull {
            id = try Self.completionID(idValue)
        } else if let idValue = data["completionId"], !idValue.isNull {
            id = try Self.completionID(idValue)
        }
        return Frame(dataType: dataType, completionID: id, data: data)
    }

    private static func completionID(_ value: JSONValue) throws(FramingError) -> Int64 {
        guard case .int(let id) = value, completionIDs.contains(id) else { throw .invalidField("completionId") }
        return id
    }
}

extension JSONReader {
    /// Reads the envelope object at `index` (which holds `{`), keeping only its three known members.
    mutating func readEnvelope() throws(JSONError) -> FrameEnvelope {
        var envelope = FrameEnvelope()
        var otherNames = JSONMemberNames()
        index += 1
        skipWhitespace()
        guard index < count else { throw .unexpectedEnd(offset: index) }
        if base[index] == UInt8(ascii: "}") {
            index += 1
            return envelope
        }
        while true {
            guard index < count else { throw .unexpectedEnd(offset: index) }
            guard base[index] == UInt8(ascii: "\"") else { throw .unexpectedByte(base[index], offset: index) }
            let keyOffset = index
            let key = try readEnvelopeKey()
            skipWhitespace()
            guard index < count else { throw .unexpectedEnd(offset: index) }
            guard base[index] == UInt8(ascii: ":") else { throw .unexpectedByte(base[index], offset: index) }
            index += 1
            skipWhitespace()
            let value = try readValue(depth: 1)
            // A member named twice is refused: peers that keep the first and peers that keep the last disagree.
            switch key {
            case .dataType:
                guard envelope.dataType == nil else { throw .duplicateKey(offset: keyOffset) }
                envelope.dataType = value
            case .completionID:
                guard envelope.completionID == nil else { throw .duplicateKey(offset: keyOffset) }
                envelope.completionID = value
            case .data:
                guard envelope.data == nil else { throw .duplicateKey(offset: keyOffset) }
                envelope.data = value
            case .other(let name):
                guard otherNames.insert(name) else { throw .duplicateKey(offset: keyOffset) }
            }
            skipWhitespace()
            guard index < count else { throw .unexpectedEnd(offset: index) }
            switch base[index] {
            case UInt8(ascii: ","):
                index += 1
                skipWhitespace()
            case UInt8(ascii: "}"):
                index += 1
                return envelope
            case let byte:
                throw .unexpectedByte(byte, offset: index)
            }
        }
    }

    enum EnvelopeKey { case dataType, completionID, data, other(String) }

    /// Reads a member name, matching the usual spellings byte for byte before decoding anything.
    private mutating func readEnvelopeKey() throws(JSONError) -> EnvelopeKey {
        if matches("\"dataType\"") { return .dataType }
        if matches("\"data\"") { return .data }
        if matches("\"completionId\"") { return .completionID }
        switch try readString() {
        case "dataType": return .dataType
        case "data": return .data
        case "completionId": return .completionID
        case let name: return .other(name)
        }
    }

    /// Moves past `literal` when the input continues with it.
    @inline(__always)
    private mutating func matches(_ literal: StaticString) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard index + length <= count else { return false }
        let letters = literal.utf8Start
        for offset in 0..<length where base[index + offset] != letters[offset] { return false }
        index += length
        return true
    }
}
