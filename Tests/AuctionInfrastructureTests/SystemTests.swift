@testable import AuctionInfrastructure
import Glibc
import Testing

@Suite struct SystemTests {
    @Test func errnoDescribesItselfWithTheCLibraryText() {
        #expect(Errno.connectionRefused.description == "Connection refused")
        #expect(Errno.connectionRefused.phrase == "connection refused")
        #expect(Errno(rawValue: ECONNREFUSED) == .connectionRefused)
    }

    @Test func failedCallThrowsTypedErrno() {
        var buffer = [UInt8](repeating: 0, count: 8)
        #expect(throws: Errno(rawValue: EBADF)) {
            _ = try buffer.withUnsafeMutableBytes { try Syscall.read(-1, into: $0) }
        }
    }

    @Test func interruptedCallIsRetried() throws {
        var attempts = 0
        let result = try Syscall.retryingOnInterrupt { () -> CInt in
            attempts += 1
            if attempts < 3 {
                errno = EINTR
                return -1
            }
            return 42
        }
        #expect(result == 42)
        #expect(attempts == 3)
    }

    @Test func otherFailuresAreNotRetried() {
        var attempts = 0
        #expect(throws: Errno.wouldBlock) {
            _ = try Syscall.retryingOnInterrupt { () -> CInt in
                attempts += 1
                errno = EAGAIN
                return -1
            }
        }
        #expect(attempts == 1)
    }

    @Test func mutexSerializesIncrementsFromManyThreads() {
        let counter = Mutex(0)
        let threads = 8
        let increments = 10_000
        var handles: [pthread_t] = []
        for _ in 0..<threads {
            let context = Unmanaged.passRetained(counter).toOpaque()
            var handle = pthread_t()
            pthread_create(&handle, nil, { context in
                let counter = Unmanaged<Mutex<Int>>.fromOpaque(context!).takeRetainedValue()
                for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
                return nil
            }, context)
            handles.append(handle)
        }
        for handle in handles { pthread_join(handle, nil) }
        #expect(counter.withLock { $0 } == threads * increments)
    }

    @Test func monotonicClockNeverGoesBackwards() {
        var previous = MonotonicClock.milliseconds()
        for _ in 0..<10_000 {
            let now = MonotonicClock.milliseconds()
            #expect(now >= previous)
            previous = now
        }
        #expect(MonotonicClock.nanoseconds() / 1_000_000 >= previous)
    }

    /// Closing one end of a socket pair is observed as end-of-file on the other end, which stays ours:
    /// unlike checking the closed number, a parallel test reusing that number cannot change it.
    @Test func closeAfterFailureClosesTheDescriptor() throws {
        var pair: [CInt] = [0, 0]
        // Close-on-exec from the start: a child process spawned meanwhile does not keep the closed end open.
        try #require(socketpair(AF_UNIX, CInt(SOCK_STREAM.rawValue) | CInt(SOCK_CLOEXEC.rawValue), 0, &pair) == 0)
        defer { close(pair[0]) }
        #expect(throws: Errno.wouldBlock) {
            try FileDescriptor(rawValue: pair[1]).closeAfterFailure { (_) throws(Errno) in throw .wouldBlock }
        }
        var reader = pollfd(fd: pair[0], events: Int16(POLLIN), revents: 0)
        let ready = poll(&reader, 1, 5_000)
        #expect(ready == 1, "the other end reports end-of-file")
        guard ready == 1 else {
            close(pair[1])  // still open: it was not closed, so it is still ours
            return
        }
        var byte: UInt8 = 0
        #expect(read(pair[0], &byte, 1) == 0, "its peer is closed: end-of-file")
    }

    @Test func socketAddressPrintsIPv6InBrackets() {
        #expect(SocketAddress(host: "127.0.0.1", port: 3200).description == "127.0.0.1:3200")
        #expect(SocketAddress(host: "::1", port: 3200).description == "[::1]:3200")
        #expect(SocketAddress(host: "example.org", port: 80).description == "example.org:80")
    }

    @Test func numericAddressesParseWithoutResolving() throws {
        let v4 = try #require(SocketAddressStorage(numericHost: "127.0.0.1", port: 3200))
        #expect(v4.family == AF_INET)
        #expect(v4.socketAddress == SocketAddress(host: "127.0.0.1", port: 3200))
        let v6 = try #require(SocketAddressStorage(numericHost: "[::1]", port: 80))
        #expect(v6.family == AF_INET6)
        #expect(v6.socketAddress == SocketAddress(host: "::1", port: 80))
        #expect(SocketAddressStorage(numericHost: "localhost", port: 1) == nil)
    }

    @Test func socketErrorsSayWhatToDo() {
        let address = SocketAddress(host: "127.0.0.1", port: 3200)
        #expect(SocketError.connectionRefused(address).description
            == "cannot reach 127.0.0.1:3200: connection refused (is the server running?)")
        #expect(SocketError.timedOut(address, milliseconds: 500).description
            == "cannot reach 127.0.0.1:3200: no answer within 500 ms")
        #expect(SocketError.connectionReset(address).description == "connection to 127.0.0.1:3200 was reset by the peer")
        #expect(SocketError.invalidPort(70_000).description.contains("0 to 65535"))
    }
}

@Suite struct SystemAddressParsingTests {
    @Test func parsesHostAndPortText() {
        #expect(SocketAddress(parsing: "127.0.0.1:3200") == SocketAddress(host: "127.0.0.1", port: 3200))
        #expect(SocketAddress(parsing: "[::1]:80") == SocketAddress(host: "::1", port: 80))
        #expect(SocketAddress(parsing: "::1", defaultPort: 3200) == SocketAddress(host: "::1", port: 3200))
        #expect(SocketAddress(parsing: "example.org", defaultPort: 443) == SocketAddress(host: "example.org", port: 443))
        #expect(SocketAddress(parsing: "localhost:70000") == nil)
        #expect(SocketAddress(parsing: "localhost:http") == nil)
        #expect(SocketAddress(parsing: "localhost") == nil)
        #expect(SocketAddress(parsing: "[::1]x") == nil)
    }
}
