extension JSONReader {
    /// Reads a string starting at its opening quote; validates UTF-8 and escapes.
    mutating func readString() throws(JSONError) -> String {
        index += 1
        let start = index
        // Fast path: no escapes, so the bytes are the string.
        while index < count {
            let byte = base[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(start: base + start, count: index - start), as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw .controlCharacterInString(offset: index) }
            if byte < 0x80 { index += 1 } else { try skipUTF8Sequence() }
        }
        guard index < count else { throw .unexpectedEnd(offset: index) }
        // Slow path: copy what was scanned, then decode escapes as they come.
        var bytes = Array(UnsafeBufferPointer(start: base + start, count: index - start))
        while index < count {
            let byte = base[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: bytes, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                try readEscape(into: &bytes)
            } else if byte < 0x20 {
                throw .controlCharacterInString(offset: index)
            } else if byte < 0x80 {
                bytes.append(byte)
                index += 1
            } else {
                let sequenceStart = index
                try skipUTF8Sequence()
                bytes.append(contentsOf: UnsafeBufferPointer(start: base + sequenceStart, count: index - sequenceStart))
            }
        }
        throw .unexpectedEnd(offset: index)
    }

    /// Checks one multi-byte UTF-8 sequence at `index` (Unicode table 3-7) and moves past it.
    @inline(__always)
    mutating func skipUTF8Sequence() throws(JSONError) {
        let lead = base[index]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: throw .invalidUTF8(offset: index)
        }
        guard index + length <= count else {
            // A truncated sequence at the end: invalid if what is there is already wrong, else the input ended.
            var probe = index + 1
            while probe < count {
                let byte = base[probe]
                let ok = probe == index + 1 ? (byte >= low && byte <= high) : (byte & 0xC0 == 0x80)
                if !ok { throw .invalidUTF8(offset: index) }
                probe += 1
            }
            throw .unexpectedEnd(offset: count)
        }
        let second = base[index + 1]
        guard second >= low && second <= high else { throw .invalidUTF8(offset: index) }
        if length > 2 {
            guard base[index + 2] & 0xC0 == 0x80 else { throw .invalidUTF8(offset: index) }
            if length > 3 {
                guard base[index + 3] & 0xC0 == 0x80 else { throw .invalidUTF8(offset: index) }
            }
        }
        index += length
    }

    /// Decodes one backslash escape at `index` into UTF-8 bytes.
    private mutating func readEscape(into bytes: inout [UInt8]) throws(JSONError) {
        let escapeStart = index
        guard index + 1 < count else { throw .unexpectedEnd(offset: count) }
        let letter = base[index + 1]
        index += 2
        switch letter {
        case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): bytes.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): bytes.append(0x08)
        case UInt8(ascii: "f"): bytes.append(0x0C)
        case UInt8(ascii: "n"): bytes.append(0x0A)
        case UInt8(ascii: "r"): bytes.append(0x0D)
        case UInt8(ascii: "t"): bytes.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try readHex4()
            if scalar >= 0xD800 && scalar <= 0xDBFF {
                // A high surrogate must be followed by an escaped low surrogate.
                guard index + 1 < count, base[index] == UInt8(ascii: "\\"), base[index + 1] == UInt8(ascii: "u") else {
                    if index + 1 >= count && (index >= count || base[index] == UInt8(ascii: "\\")) {
                        throw .unexpectedEnd(offset: count)
                    }
                    throw .invalidEscape(offset: escapeStart)
                }
                index += 2
                let low = try readHex4()
                guard low >= 0xDC00 && low <= 0xDFFF else { throw .invalidEscape(offset: escapeStart) }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if scalar >= 0xDC00 && scalar <= 0xDFFF {
                throw .invalidEscape(offset: escapeStart)
            }
            appendUTF8(scalar, to: &bytes)
        default:
            throw .invalidEscape(offset: escapeStart)
        }
    }

    private mutating func readHex4() throws(JSONError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < count else { throw .unexpectedEnd(offset: count) }
            let byte = base[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw .invalidEscape(offset: index)
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private func appendUTF8(_ scalar: UInt32, to bytes: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            bytes.append(UInt8(scalar))
        case 0x80..<0x800:
            bytes.append(UInt8(0xC0 | scalar >> 6))
            bytes.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            bytes.append(UInt8(0xE0 | scalar >> 12))
            bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | scalar & 0x3F))
        default:
            bytes.append(UInt8(0xF0 | scalar >> 18))
            bytes.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | scalar & 0x3F))
        }
    }
}
