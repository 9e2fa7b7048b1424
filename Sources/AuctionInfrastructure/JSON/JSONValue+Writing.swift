extension JSONValue {
    /// The value as compact JSON bytes; `/` is written `\u002f` so the text never contains the frame splitter byte.
    public func serialized() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64)
        write(into: &bytes)
        return bytes
    }

    /// The value as compact JSON text.
    public var jsonText: String { String(decoding: serialized(), as: UTF8.self) }

    /// The value as compact JSON bytes for people and their scripts: `/` stays `/` (only socket
    /// frames need it escaped); everything else as `serialized()`.
    public func serializedForReading() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64)
        write(into: &bytes, escapingSlash: false)
        return bytes
    }

    /// Appends the value as compact JSON (`/` as `\u002f`, control characters escaped, non-finite numbers as `null`).
    public func write(into bytes: inout [UInt8]) {
        write(into: &bytes, escapingSlash: true)
    }

    /// Appends the value as compact JSON; `escapingSlash` false writes `/` as is (not for frames).
    public func write(into bytes: inout [UInt8], escapingSlash: Bool) {
        switch self {
        case .null: JSONWriter.appendLiteral("null", to: &bytes)
        case .bool(let value): JSONWriter.appendLiteral(value ? "true" : "false", to: &bytes)
        case .int(let value): JSONWriter.appendInteger(value, to: &bytes)
        case .double(let value): JSONWriter.appendDouble(value, to: &bytes)
        case .string(let value): JSONWriter.appendString(value, escapingSlash: escapingSlash, to: &bytes)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                element.write(into: &bytes, escapingSlash: escapingSlash)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let object):
            object.write(into: &bytes, escapingSlash: escapingSlash)
        }
    }
}

extension JSONObject {
    /// Appends the object as compact JSON, members in order.
    public func write(into bytes: inout [UInt8]) {
        write(into: &bytes, escapingSlash: true)
    }

    /// Appends the object as compact JSON; `escapingSlash` false writes `/` as is (not for frames).
    public func write(into bytes: inout [UInt8], escapingSlash: Bool) {
        bytes.append(UInt8(ascii: "{"))
        for (position, member) in members.enumerated() {
            if position > 0 { bytes.append(UInt8(ascii: ",")) }
            JSONWriter.appendString(member.key, escapingSlash: escapingSlash, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            member.value.write(into: &bytes, escapingSlash: escapingSlash)
        }
        bytes.append(UInt8(ascii: "}"))
    }
}

/// The byte-level pieces of JSON output, shared by values and the frame encoder.
public enum JSONWriter {
    /// Appends ASCII text as is.
    @inline(__always)
    public static func appendLiteral(_ text: StaticString, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends a decimal integer.
    public static func appendInteger(_ value: Int64, to bytes: inout [UInt8]) {
        if value >= 0 && value < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        var magnitude = value.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var position = 20
            repeat {
                position -= 1
                digits[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 { bytes.append(UInt8(ascii: "-")) }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[position..<20]))
        }
    }

    /// Appends a floating-point number in its shortest exact form, or `null` when not finite.
    public static func appendDouble(_ value: Double, to bytes: inout [UInt8]) {
        guard value.isFinite else {
            appendLiteral("null", to: &bytes)
            return
        }
        bytes.append(contentsOf: value.description.utf8)
    }

    /// Appends a quoted string with `"`, `\` and control characters escaped, and `/` written `\u002f`.
    ///
    /// `\/` would still put the byte `/` on the wire, which a peer that splits on every `/` (the original
    /// backend and its iOS client) cuts in two; `\u002f` reads back as `/` in every JSON parser.
    public static func appendString(_ text: String, to bytes: inout [UInt8]) {
        appendString(text, escapingSlash: true, to: &bytes)
    }

    /// Appends a quoted string as `appendString(_:to:)` does; `escapingSlash` false leaves `/` as is
    /// (output for people and scripts, never a frame).
    public static func appendString(_ text: String, escapingSlash: Bool, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        let slash: UInt8 = escapingSlash ? UInt8(ascii: "/") : UInt8(ascii: "\\")
        var text = text
        text.withUTF8 { utf8 in
            var runStart = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == slash
                else { continue }
                if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
                appendEscape(byte, to: &bytes)
                runStart = index + 1
            }
            if runStart < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count])) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static func appendEscape(_ byte: UInt8, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        default:
            func hex(_ nibble: UInt8) -> UInt8 { nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10 }
            bytes.append(UInt8(ascii: "u"))
            bytes.append(UInt8(ascii: "0"))
            bytes.append(UInt8(ascii: "0"))
            bytes.append(hex(byte >> 4))
            bytes.append(hex(byte & 0xF))
        }
    }
}
