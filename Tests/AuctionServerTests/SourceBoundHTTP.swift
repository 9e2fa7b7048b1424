import AuctionTestSupport
import Foundation
import Glibc

/// One HTTP/1.1 request over a socket bound to a chosen loopback source address (127.0.x.y), to
/// test limits keyed on the client's address and network without leaving loopback. Blocking:
/// call it through `offPool`.
enum SourceBoundHTTP {
    /// The response's status line and body, or nil when the exchange failed.
    static func post(port: Int, from source: String, path: String, json body: String) -> (status: String, body: String)? {
        let fd = BlockingLoopbackSocket.connect(port: port, receiveTimeoutSeconds: 10, source: source)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        let request = Array(("POST \(path) HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body).utf8)
        var offset = 0
        while offset < request.count {
            let sent = request.withUnsafeBytes { send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { return nil }
            offset += sent
        }
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            response += buffer[0..<count]
        }
        let text = String(decoding: response, as: UTF8.self)
        guard let head = text.range(of: "\r\n\r\n") else { return nil }
        let status = String(text[..<head.lowerBound].prefix { $0 != "\r\n" && $0 != "\r" })
        return (status, String(text[head.upperBound...]))
    }
}
