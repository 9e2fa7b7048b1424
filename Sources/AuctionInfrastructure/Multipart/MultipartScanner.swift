/// Walks a multipart body: delimiters are `--boundary` at the start or `CRLF--boundary` later; a
/// part's headers end at an empty line; `--boundary--` closes the body (the epilogue is ignored).
struct MultipartScanner {
    let body: [UInt8]
    let boundary: [UInt8]
    let limits: MultipartFormData.Limits

    private static let crlf: [UInt8] = [0x0D, 0x0A]
    private static let dashes: [UInt8] = [0x2D, 0x2D]

    /// Every part, in order.
    func parts() throws(MultipartError) -> [MultipartPart] {
        let delimiter = Self.crlf + Self.dashes + boundary
        // The first delimiter may open the body without a CRLF before it (no preamble).
        var position: Int
        if starts(with: Self.dashes + boundary, at: 0) {
            position = boundary.count + 2
        } else if let found = find(delimiter, from: 0) {
            position = found + delimiter.count
        } else {
            throw body.isEmpty ? .truncated : .malformed("no boundary line")
        }
        var parts: [MultipartPart] = []
        while true {
            if starts(with: Self.dashes, at: position) { return parts }  // the close delimiter
            // Transport padding (spaces, tabs) may follow a boundary, then CRLF.
            while position < body.count, body[position] == 0x20 || body[position] == 0x09 { position += 1 }
            guard position + 2 <= body.count else { throw .truncated }
            guard starts(with: Self.crlf, at: position) else { throw .malformed("text after a boundary") }
            position += 2
            guard parts.count < limits.parts else { throw .tooManyParts(limit: limits.parts) }
            let headerEnd = find(Self.crlf + Self.crlf, from: position, within: limits.partHeaderBytes + 4)
            let headers: HTTPHeaders
            let contentStart: Int
            if starts(with: Self.crlf, at: position) {
                headers = HTTPHeaders()
                contentStart = position + 2
            } else if let headerEnd {
                headers = try Self.headers(Array(body[position..<headerEnd]))
                contentStart = headerEnd + 4
            } else if body.count - position > limits.partHeaderBytes {
                throw .partHeadersTooLarge(limit: limits.partHeaderBytes)
            } else {
                throw .truncated
            }
            guard let end = find(delimiter, from: contentStart) else { throw .truncated }
            parts.append(try Self.part(headers: headers, body: Array(body[contentStart..<end])))
            position = end + delimiter.count
        }
    }

    /// A part from its header fields: `Content-Disposition: form-data; name=…` is required.
    static func part(headers: HTTPHeaders, body: [UInt8]) throws(MultipartError) -> MultipartPart {
        guard let disposition = headers["Content-Disposition"] else { throw .malformed("a part has no Content-Disposition") }
        let parameters = HeaderParameters(disposition)
        guard parameters.value.lowercased() == "form-data" else { throw .malformed("a part is '\(parameters.value)', not form-data") }
        guard let name = parameters["name"] else { throw .malformed("a part has no name") }
        return MultipartPart(name: name, filename: parameters["filename"], contentType: headers["Content-Type"],
                             headers: headers, body: body)
    }

    /// Header lines `Name: value` separated by CRLF.
    static func headers(_ bytes: [UInt8]) throws(MultipartError) -> HTTPHeaders {
        var headers = HTTPHeaders()
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: false) {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else {
                throw .malformed("part header line without a name")
            }
            let name = line[..<colon]
            guard !name.contains(" "), !name.contains("\t") else { throw .malformed("part header name with a space") }
            let value = line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
            headers.add(name: String(name), value: value.trimmingSpaces)
        }
        return headers
    }

    private func starts(with prefix: [UInt8], at offset: Int) -> Bool {
        guard offset >= 0, body.count - offset >= prefix.count else { return false }
        for index in prefix.indices where body[offset + index] != prefix[index] { return false }
        return true
    }

    /// The offset of the first `needle` at or after `from` (starting within `within` bytes when given).
    private func find(_ needle: [UInt8], from: Int, within: Int? = nil) -> Int? {
        guard let first = needle.first else { return from }
        var last = body.count - needle.count
        if let within { last = min(last, from + within - needle.count) }
        guard from <= last else { return nil }
        var offset = from
        while offset <= last {
            if body[offset] == first, starts(with: needle, at: offset) { return offset }
            offset += 1
        }
        return nil
    }
}
