// Token-level syntax of HTTP/1.x request lines and header fields (RFC 9110 / 9112).

extension HTTPRequestParser {
    /// Parses `METHOD SP target SP HTTP/x.y`.
    static func parseRequestLine(_ line: ArraySlice<UInt8>) -> Result<(method: HTTPMethod, target: String, version: HTTPVersion), HTTPError> {
        let parts = line.split(separator: 0x20, omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            return .failure(.malformedRequest("the request line must be 'METHOD target HTTP/1.1'"))
        }
        let method = parts[0], target = parts[1], version = parts[2]
        guard !method.isEmpty, method.allSatisfy(isTokenByte) else {
            return .failure(.malformedRequest("invalid method"))
        }
        guard !target.isEmpty, target.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            return .failure(.malformedRequest("invalid request target"))
        }
        return parseVersion(version).map { parsed in
            (HTTPMethod(String(decoding: method, as: UTF8.self)), String(decoding: target, as: UTF8.self), parsed)
        }
    }

    /// Parses `HTTP/1.0` or `HTTP/1.1`; other well-formed versions are unsupported (505).
    static func parseVersion(_ text: ArraySlice<UInt8>) -> Result<HTTPVersion, HTTPError> {
        let bytes = Array(text)
        let isDigit = { (byte: UInt8) in byte >= 0x30 && byte <= 0x39 }
        guard bytes.count == 8, bytes.starts(with: Array("HTTP/".utf8)), isDigit(bytes[5]), bytes[6] == 0x2E,
              isDigit(bytes[7]) else {
            return .failure(.malformedRequest("invalid HTTP version"))
        }
        let version = HTTPVersion(major: Int(bytes[5] - 0x30), minor: Int(bytes[7] - 0x30))
        guard version == .http1_1 || version == .http1_0 else {
            return .failure(.unsupportedVersion(version.description))
        }
        return .success(version)
    }

    /// Parses `name: value` with optional whitespace around the value.
    static func parseField(_ line: ArraySlice<UInt8>) -> Result<HTTPHeaders.Field, HTTPError> {
        guard let first = line.first, first != 0x20, first != 0x09 else {
            return .failure(.malformedRequest("folded header lines are not allowed"))
        }
        guard let colon = line.firstIndex(of: 0x3A) else {
            return .failure(.malformedRequest("header line without ':'"))
        }
        let name = line[line.startIndex..<colon]
        guard !name.isEmpty, name.allSatisfy(isTokenByte) else {
            return .failure(.malformedRequest("invalid header name"))
        }
        var value = line[(colon + 1)...]
        while let byte = value.first, byte == 0x20 || byte == 0x09 { value.removeFirst() }
        while let byte = value.last, byte == 0x20 || byte == 0x09 { value.removeLast() }
        guard value.allSatisfy({ $0 >= 0x20 && $0 != 0x7F || $0 == 0x09 }) else {
            return .failure(.malformedRequest("control character in header value"))
        }
        return .success(HTTPHeaders.Field(name: String(decoding: name, as: UTF8.self),
                                          value: String(decoding: value, as: UTF8.self)))
    }

    /// The longest method accepted before the request line's first space.
    static let longestMethod = 32

    /// Whether the start of an unfinished request line can still become one: a method token
    /// (then a space), with a CR allowed only as the start of a line ending. Refusing early means a
    /// stray body (sent without `Content-Length`) is answered 400 at once instead of waiting for 408.
    static func couldStartRequestLine(_ prefix: ArraySlice<UInt8>) -> Bool {
        for (offset, byte) in prefix.enumerated() {
            if byte == 0x20 { return offset > 0 }
            if byte == 0x0D { return offset + 1 == prefix.count }
            if !isTokenByte(byte) || offset >= longestMethod { return false }
        }
        return true
    }

    /// Whether a byte may appear in a token (`tchar`).
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
             UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
             UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"): true
        default: false
        }
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return String(slice)
    }
}
