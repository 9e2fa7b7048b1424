/// The three envelope fields of a frame, read without building the envelope object.
struct FrameEnvelope {
    var dataType: JSONValue?
    var completionID: JSONValue?
    var data: JSONValue?

    /// Checks the fields and makes the frame; a `completionId` inside `data` counts when none is at top level.
    func frame() throws(FramingError) -> Frame {
        guard let typeValue = dataType else { throw .missingField("dataType") }
        guard let type = typeValue.intValue, let dataType = Int(exactly: type) else { throw .invalidField("dataType") }
        guard let data else { throw .missingField("data") }
        var id: Int64?
        if let idValue = completionID, !idValue.isNull {
            guard let value = idValue.intValue else { throw .invalidField("completionId") }
            id = value
        } else if let idValue = data["completionId"], !idValue.isNull {
            guard let value = idValue.intValue else { throw .invalidField("completionId") }
            id = value
        }
        return Frame(dataType: dataType, completionID: id, data: data)
    }
}

extension JSONReader {
    /// Reads the envelope object at `index` (which holds `{`), keeping only its three known members.
    mutating func readEnvelope() throws(JSONError) -> FrameEnvelope {
        var envelope = FrameEnvelope()
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
            let key = try readEnvelopeKey()
            skipWhitespace()
            guard index < count else { throw .unexpectedEnd(offset: index) }
            guard base[index] == UInt8(ascii: ":") else { throw .unexpectedByte(base[index], offset: index) }
            index += 1
            skipWhitespace()
            let value = try readValue(depth: 1)
            switch key {
            case .dataType: envelope.dataType = value
            case .completionID: envelope.completionID = value
            case .data: envelope.data = value
            case .other: break
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

    enum EnvelopeKey { case dataType, completionID, data, other }

    /// Reads a member name, matching the usual spellings byte for byte before decoding anything.
    private mutating func readEnvelopeKey() throws(JSONError) -> EnvelopeKey {
        if matches("\"dataType\"") { return .dataType }
        if matches("\"data\"") { return .data }
        if matches("\"completionId\"") { return .completionID }
        switch try readString() {
        case "dataType": return .dataType
        case "data": return .data
        case "completionId": return .completionID
        default: return .other
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
