import Glibc

/// One blocking HTTP/1.1 exchange with a server on loopback (`Connection: close`), for tests that
/// need a status and a body from a real process without an event loop.
public enum LoopbackHTTP {
    /// What came back.
    public struct Answer: Sendable, CustomDebugStringConvertible {
        /// The status code.
        public var status: Int
        /// The whole status line ("HTTP/1.1 401 Unauthorized").
        public var statusLine: String
        /// The body as text.
        public var body: String

        /// The status line and the body, for failure messages.
        public var debugDescription: String { "\(statusLine) \(body)" }
    }

    /// Sends `method path` (with `body` as JSON when given, and `Authorization: Bearer token` when given) to
    /// `127.0.0.1:port`, from the loopback address `source` when given (tests of per-address limits), and reads
    /// the answer to its end; nil when the connection failed or timed out. Blocking: call it through `offPool`.
    public static func exchange(port: Int, _ method: String, _ path: String, json body: String? = nil,
                                from source: String? = nil, bearer token: String? = nil, timeoutSeconds: Int = 10) -> Answer? {
        let fd = BlockingLoopbackSocket.connect(port: port, receiveTimeoutSeconds: timeoutSeconds, source: source)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        let payload = Array((body ?? "").utf8)
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        if body != nil { head += "Content-Type: application/json\r\nContent-Length: \(payload.count)\r\n" }
        if let token { head += "Authorization: Bearer \(token)\r\n" }
        let request = Array((head + "\r\n").utf8) + payload
        var sent = 0
        while sent < request.count {
            let count = request[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return nil }
            sent += count
        }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }  // the end, or a reset after the answer: what arrived is parsed
            answer += buffer[0..<count]
        }
        let text = String(decoding: answer, as: UTF8.self)
        guard let head = text.range(of: "\r\n\r\n"),
              let statusLine = text[..<head.lowerBound].split(separator: "\r\n", maxSplits: 1).first,
              let status = statusLine.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return nil }
        return Answer(status: status, statusLine: String(statusLine), body: String(text[head.upperBound...]))
    }
}
