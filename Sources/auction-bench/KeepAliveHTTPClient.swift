// One blocking HTTP/1.1 keep-alive connection on loopback, for timing GETs one after another.
#if canImport(Glibc)
import Glibc
#endif

/// A keep-alive loopback connection: `get` sends a request and reads the whole answer (Content-Length framed).
final class KeepAliveHTTPClient {
    private let fd: Int32
    private var buffer: [UInt8] = []

    /// Connects to 127.0.0.1:`port`; nil when it cannot.
    init?(port: Int) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var on: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        guard connected == 0 else {
            close(descriptor)
            return nil
        }
        fd = descriptor
    }

    deinit { close(fd) }

    /// `GET target`: the status and body; status 0 when the connection failed.
    func get(_ target: String) -> (status: Int, body: [UInt8]) {
        request("GET", target)
    }

    /// `method target` with `headers` (`Name: value` lines) and `body`: the status and body; status 0
    /// when the connection failed.
    func request(_ method: String, _ target: String, headers: [String] = [], body: [UInt8] = []) -> (status: Int, body: [UInt8]) {
        var lines = "\(method) \(target) HTTP/1.1\r\nHost: bench\r\n"
        for header in headers { lines += header + "\r\n" }
        if !body.isEmpty || method != "GET" { lines += "Content-Length: \(body.count)\r\n" }
        let request = Array((lines + "\r\n").utf8) + body
        var offset = 0
        while offset < request.count {
            let sent = request.withUnsafeBytes { send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { return (0, []) }
            offset += sent
        }
        guard let headEnd = fill(until: { Self.headEnd(in: $0) }) else { return (0, []) }
        let head = String(decoding: buffer[0..<headEnd], as: UTF8.self)
        let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        var length = 0
        for line in head.split(separator: "\r\n") where line.lowercased().hasPrefix("content-length:") {
            length = Int(line.dropFirst(15).trimmingCharacters(in: " ")) ?? 0
        }
        guard fill(until: { $0.count >= headEnd + length ? headEnd + length : nil }) != nil else { return (0, []) }
        let body = Array(buffer[headEnd..<(headEnd + length)])
        buffer.removeFirst(headEnd + length)
        return (status, body)
    }

    /// Reads until `done` finds what it needs in the buffer; its answer, or nil when the peer closed.
    private func fill(until done: ([UInt8]) -> Int?) -> Int? {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            if let found = done(buffer) { return found }
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return nil }
            buffer += chunk[0..<count]
        }
    }

    private static func headEnd(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 3..<bytes.count where bytes[index] == 10 && bytes[index - 1] == 13 && bytes[index - 2] == 10 && bytes[index - 3] == 13 {
            return index + 1
        }
        return nil
    }
}

extension Substring {
    /// The text without leading and trailing `character`s.
    fileprivate func trimmingCharacters(in character: Character) -> Substring {
        var text = self
        while text.first == character { text.removeFirst() }
        while text.last == character { text.removeLast() }
        return text
    }
}
