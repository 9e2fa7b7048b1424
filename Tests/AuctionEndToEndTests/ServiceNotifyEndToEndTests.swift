import AuctionInfrastructure
import AuctionTestSupport
import Foundation
import Glibc
import Testing

/// Issue 22, readiness under systemd (`Type=notify`): the real server tells `$NOTIFY_SOCKET` READY=1 once
/// it listens and STOPPING=1 on SIGTERM, as systemd's sd_notify protocol has it.
@Suite struct ServiceNotifyEndToEndTests {
    /// A Unix datagram socket bound at `path`, reads timing out after 10 s.
    static func listen(at path: String) throws -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            for (index, byte) in path.utf8.enumerated() { bytes[index] = byte }
        }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard descriptor >= 0, bound == 0 else { throw FixtureError("cannot bind a datagram socket at \(path)") }
        return descriptor
    }

    /// The next datagram's text, or nil after the socket's timeout.
    static func receive(_ descriptor: Int32) -> String? {
        var buffer = [UInt8](repeating: 0, count: 4_096)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        return count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : nil
    }

    @Test func theServerSaysReadyOnceItListensAndStoppingOnSIGTERM() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("notify")
        let descriptor = try Self.listen(at: path)
        defer { close(descriptor) }
        let server = try await offPool {
            try ServerProcess(arguments: ["--db", folder.file("auction.sqlite")], environment: ["NOTIFY_SOCKET": path])
        }
        let ready = await offPool { Self.receive(descriptor) }
        #expect(ready?.hasPrefix("READY=1\nSTATUS=listening http=127.0.0.1:\(server.httpPort)") == true, "\(ready.debugDescription)")
        server.send(SIGTERM)
        let stopping = await offPool { Self.receive(descriptor) }
        #expect(stopping == "STOPPING=1")
        #expect(await offPool { server.waitForExit() } == 0)
    }

    @Test func withoutNotifySocketNothingIsSentAndAnAbstractNameIsReached() throws {
        #expect(!ServiceNotifier.notify("READY=1", environment: [:]))
        let name = "auction-notify-test-\(getpid())"
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            for (index, byte) in name.utf8.enumerated() { bytes[index + 1] = byte }  // leading NUL: abstract
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + 1 + name.utf8.count)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) } }
        #expect(bound == 0)
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        #expect(ServiceNotifier.notify("READY=1", environment: ["NOTIFY_SOCKET": "@" + name]))
        #expect(Self.receive(descriptor) == "READY=1")
    }
}
