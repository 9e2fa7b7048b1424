extension HTTPResponse {
    /// Appends the response as sent on the wire: status line, headers, `Content-Length`, body.
    /// - Parameters:
    ///   - connection: the `Connection` header to send (`close`, `keep-alive`), or nil for none.
    ///   - includeBody: false for an answer to `HEAD` (the length is still announced).
    ///   - date: the `Date` header value, unless the response already has one.
    public func write(into out: inout [UInt8], connection: String? = nil, includeBody: Bool = true,
                      date: String? = nil) {
        out.append(contentsOf: "\(version) \(status.code) \(HTTPWireText.clean(status.reasonPhrase))\r\n".utf8)
        for field in headers where !HTTPWireText.isFramingField(field.name) {
            if connection != nil && HTTPHeaders.equalNames(field.name, "Connection") { continue }
            HTTPWireText.writeField(field.name, field.value, into: &out)
        }
        if let date, headers["Date"] == nil { HTTPWireText.writeField("Date", date, into: &out) }
        if let connection { HTTPWireText.writeField("Connection", connection, into: &out) }
        if !status.forbidsBody { HTTPWireText.writeField("Content-Length", String(body.count), into: &out) }
        out.append(contentsOf: [0x0D, 0x0A])
        if includeBody && !status.forbidsBody { out.append(contentsOf: body) }
    }

    /// The response as sent on the wire.
    public func serialized(connection: String? = nil, includeBody: Bool = true, date: String? = nil) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(128 + body.count)
        write(into: &out, connection: connection, includeBody: includeBody, date: date)
        return out
    }
}

extension HTTPRequest {
    /// Appends the request as sent on the wire; `Content-Length` is set from the body when the
    /// body is not empty or the method carries one.
    public func write(into out: inout [UInt8]) {
        out.append(contentsOf: "\(method.rawValue) \(HTTPWireText.clean(target)) \(version)\r\n".utf8)
        for field in headers where !HTTPWireText.isFramingField(field.name) {
            HTTPWireText.writeField(field.name, field.value, into: &out)
        }
        if !body.isEmpty || [.post, .put, .patch].contains(method) {
            HTTPWireText.writeField("Content-Length", String(body.count), into: &out)
        }
        out.append(contentsOf: [0x0D, 0x0A])
        out.append(contentsOf: body)
    }

    /// The request as sent on the wire.
    public func serialized() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(128 + body.count)
        write(into: &out)
        return out
    }
}

/// Helpers shared by the writers: header injection is impossible by construction.
enum HTTPWireText {
    /// Fields the writer sets itself from the message's framing.
    static func isFramingField(_ name: String) -> Bool {
        HTTPHeaders.equalNames(name, "Content-Length") || HTTPHeaders.equalNames(name, "Transfer-Encoding")
    }

    /// Appends `name: value\r\n` with control characters replaced by spaces.
    static func writeField(_ name: String, _ value: String, into out: inout [UInt8]) {
        out.append(contentsOf: name.utf8.filter(HTTPRequestParser.isTokenByte))
        out.append(contentsOf: [0x3A, 0x20])
        out.append(contentsOf: clean(value).utf8)
        out.append(contentsOf: [0x0D, 0x0A])
    }

    /// The text with CR, LF and other control characters replaced by spaces.
    static func clean(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return text }
        return String(decoding: text.utf8.map { $0 < 0x20 || $0 == 0x7F ? 0x20 : $0 }, as: UTF8.self)
    }
}
