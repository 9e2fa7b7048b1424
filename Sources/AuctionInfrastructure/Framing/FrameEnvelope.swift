/// The three envelope fields of a frame, read without building the envelope object.
struct FrameEnvelope {
    var dataType: JSONValue?
    var completionID: JSONValue?
    var data: JSONValue?
    /// The other member names, only to refuse one given twice.
    var otherNames = JSONMemberNames()

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

extension FrameEnvelope: JSONMemberReceiver {
    enum Name { case dataType, completionID, data, other(String) }

    /// Reads a member name, matching the usual spellings byte for byte before decoding anything.
    mutating func readName(from reader: inout JSONReader, offset: Int) throws(JSONError) -> Name {
        if reader.matches("\"dataType\"") { return .dataType }
        if reader.matches("\"data\"") { return .data }
        if reader.matches("\"completionId\"") { return .completionID }
        switch try reader.readString() {
        case "dataType": return .dataType
        case "data": return .data
        case "completionId": return .completionID
        case let name: return .other(name)
        }
    }

    /// Keeps the three known members; a member named twice is refused (peers that keep the first and
    /// peers that keep the last disagree).
    mutating func receive(_ name: Name, value: JSONValue, offset: Int) throws(JSONError) {
        switch name {
        case .dataType:
            guard dataType == nil else { throw .duplicateKey(offset: offset) }
            dataType = value
        case .completionID:
            guard completionID == nil else { throw .duplicateKey(offset: offset) }
            completionID = value
        case .data:
            guard data == nil else { throw .duplicateKey(offset: offset) }
            data = value
        case .other(let name):
            guard otherNames.insert(name) else { throw .duplicateKey(offset: offset) }
        }
    }
}

extension JSONReader {
    /// Reads the envelope object at `index` (which holds `{`), keeping only its three known members.
    mutating func readEnvelope() throws(JSONError) -> FrameEnvelope {
        var envelope = FrameEnvelope()
        try readMembers(into: &envelope, depth: 1)
        return envelope
    }

    /// Moves past `literal` when the input continues with it.
    @inline(__always)
    fileprivate mutating func matches(_ literal: StaticString) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard index + length <= count else { return false }
        let letters = literal.utf8Start
        for offset in 0..<length where base[index + offset] != letters[offset] { return false }
        index += length
        return true
    }
}
