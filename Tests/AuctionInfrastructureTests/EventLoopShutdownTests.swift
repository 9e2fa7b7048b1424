import AuctionInfrastructure
import Glibc
import Testing

@Suite struct EventLoopShutdownTests {
    @Test func secondShutdownDoesNotWriteIntoAReusedDescriptor() throws {
        let loop = try EventLoop.spawn(name: "shutdown-twice")
        loop.shutdown()
        // The loop's descriptors are closed; the lowest free numbers now go to this pipe.
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        loop.shutdown()
        loop.execute {}
        _ = fcntl(fds[0], F_SETFL, O_NONBLOCK)
        var byte: UInt8 = 0
        #expect(read(fds[0], &byte, 1) == -1, "a late wake-up signal landed in an unrelated descriptor")
        // The write end must not have been written to either: nothing to read means nothing leaked.
    }
}
