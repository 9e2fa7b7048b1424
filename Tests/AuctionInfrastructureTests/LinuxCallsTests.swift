import CLinux
import Glibc
import Testing

@testable import AuctionInfrastructure

/// The `CLinux` wrappers: layouts from the kernel's headers instead of hand-coded strides.
@Suite struct LinuxCallsTests {
    @Test func epollEventLayoutComesFromTheHeader() {
        #if arch(x86_64)
        #expect(LinuxConstants.epollEventStride == 12)
        #else
        #expect(LinuxConstants.epollEventStride == 16)
        #endif
        #expect(LinuxConstants.epollIn == 0x001 && LinuxConstants.epollOut == 0x004)
    }

    @Test func epollReportsAnEventfdWakeWithItsData() throws {
        let epoll = try Syscall.epollCreate()
        defer { Syscall.close(epoll) }
        let event = try Syscall.eventCreate()
        defer { Syscall.close(event) }
        #expect(fcntl(event, F_GETFL) & O_NONBLOCK != 0)
        #expect(fcntl(event, F_GETFD) & FD_CLOEXEC != 0)
        try Syscall.epollControl(epoll, operation: LinuxConstants.epollControlAdd, fd: event,
                                 events: LinuxConstants.epollIn, data: 0x1234_5678_9ABC_DEF0)
        Syscall.eventSignal(event)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4 * LinuxConstants.epollEventStride, alignment: 16)
        defer { buffer.deallocate() }
        let count = try Syscall.epollWait(epoll, buffer: buffer, timeoutMilliseconds: 5_000)
        #expect(count == 1)
        let ready = Syscall.epollEvent(in: buffer, at: 0)
        #expect(ready.events & LinuxConstants.epollIn != 0)
        #expect(ready.data == 0x1234_5678_9ABC_DEF0)
    }

    @Test func acceptGivesANonBlockingCloseOnExecSocket() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { Syscall.close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        try #require(withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(listener, raw, length) == 0 && listen(listener, 8) == 0 && getsockname(listener, raw, &length) == 0
            }
        })
        let client = blockingClient(port: Int(UInt16(bigEndian: address.sin_port)))
        defer { Syscall.close(client) }
        var ready = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        #expect(poll(&ready, 1, 10_000) == 1)
        let accepted = (try? Syscall.accept(listener)) ?? -1
        defer { if accepted >= 0 { Syscall.close(accepted) } }
        #expect(accepted >= 0)
        #expect(fcntl(accepted, F_GETFL) & O_NONBLOCK != 0)
        #expect(fcntl(accepted, F_GETFD) & FD_CLOEXEC != 0)
    }

    @Test func getrandomFillsTheBuffer() {
        var bytes = [UInt8](repeating: 0, count: 64)
        let got = bytes.withUnsafeMutableBytes { CLinux_getrandom($0.baseAddress, $0.count) }
        #expect(got == 64)
        #expect(bytes.contains { $0 != 0 })
    }

    @Test func pipeIsCloseOnExec() {
        var fds: [CInt] = [-1, -1]
        #expect(fds.withUnsafeMutableBufferPointer { CLinux_pipe_cloexec($0.baseAddress!) } == 0)
        defer { close(fds[0]); close(fds[1]) }
        #expect(fcntl(fds[0], F_GETFD) & FD_CLOEXEC != 0)
        #expect(fcntl(fds[1], F_GETFD) & FD_CLOEXEC != 0)
    }
}
