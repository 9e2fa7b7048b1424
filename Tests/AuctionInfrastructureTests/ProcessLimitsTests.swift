import AuctionInfrastructure
import Glibc
import Testing

@Suite struct ProcessLimitsTests {
    @Test func raisingTheOpenFileLimitReachesTheHardLimit() {
        var limits = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limits)
        let raised = ProcessLimits.raiseOpenFileLimit()
        #expect(raised == ProcessLimits.openFileLimit())
        #expect(raised >= Int(clamping: limits.rlim_cur))
        if limits.rlim_max != rlim_t.max {
            #expect(raised == Int(clamping: limits.rlim_max))
        }
    }

    @Test func writingToAClosedPeerIsAnErrorNotASignal() throws {
        ProcessLimits.ignoreSIGPIPE()
        var pair: [CInt] = [0, 0]
        try #require(socketpair(AF_UNIX, CInt(SOCK_STREAM.rawValue), 0, &pair) == 0)
        close(pair[1])
        defer { close(pair[0]) }
        var byte: UInt8 = 1
        // Plain write(2), without MSG_NOSIGNAL: only the ignored SIGPIPE keeps the process alive.
        #expect(write(pair[0], &byte, 1) == -1)
        #expect(errno == EPIPE)
    }
}
