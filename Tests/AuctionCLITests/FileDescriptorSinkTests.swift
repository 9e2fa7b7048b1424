import AuctionCLI
import AuctionInfrastructure
import AuctionTestSupport
import Glibc
import Testing

/// `FileDescriptorSink` on a non-blocking descriptor: `EAGAIN` waits, it does not drop the rest.
@Suite struct FileDescriptorSinkTests {
    @Test func aFullNonBlockingPipeGetsEveryByteOnceTheReaderDrains() async throws {
        var fds: [CInt] = [-1, -1]
        try #require(pipe(&fds) == 0)
        let reader = fds[0], writer = fds[1]
        defer { close(reader) }
        _ = fcntl(writer, F_SETFL, fcntl(writer, F_GETFL) | O_NONBLOCK)
        let payload = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 13) }
        let writing = WorkerThread(name: "test-sink")
        writing.submit {
            FileDescriptorSink(writer).write(payload)
            close(writer)
        }
        let received = await offPool { () -> [UInt8] in
            var all: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { return all }
                all += buffer[0..<count]
            }
        }
        await offPool { writing.shutdown() }
        #expect(received.count == payload.count)
        #expect(received.elementsEqual(payload))
    }
}
