import AuctionTestSupport
import Glibc
import Testing

@testable import AuctionInfrastructure

/// `FileDescriptor.writeAll`: the one write loop for the terminal, the logs and the password prompt.
@Suite struct WriteAllTests {
    /// A non-blocking pipe filled until `write` says `EAGAIN`; returns (read end, write end, bytes in it).
    private func fullNonBlockingPipe() throws -> (reader: CInt, writer: CInt, filled: Int) {
        var fds: [CInt] = [-1, -1]
        try #require(pipe(&fds) == 0)
        _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK)
        let chunk = [UInt8](repeating: 0xAA, count: 4_096)
        var filled = 0
        while true {
            let written = chunk.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
            if written < 0 { break }
            filled += written
        }
        try #require(errno == EAGAIN)
        return (fds[0], fds[1], filled)
    }

    @Test func writesEverythingThroughAFullNonBlockingPipeOnceTheReaderDrains() async throws {
        let (reader, writer, filled) = try fullNonBlockingPipe()
        defer { close(reader) }
        let payload = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let writing = WorkerThread(name: "test-write-all")
        let outcome = Mutex<Errno?>(nil)
        writing.submit {
            do throws(Errno) { try FileDescriptor(rawValue: writer).writeAll(payload) } catch { outcome.withLock { $0 = error } }
            close(writer)
        }
        let received = await offPool { blockingReadAll(reader) }
        await offPool { writing.shutdown() }
        #expect(outcome.withLock { $0 } == nil)
        #expect(received.count == filled + payload.count)
        #expect(received.dropFirst(filled).elementsEqual(payload))
    }

    @Test func aGoneReaderIsAnErrorNotASpin() async throws {
        let (reader, writer, _) = try fullNonBlockingPipe()
        defer { close(writer) }
        close(reader)
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        let error = await offPool { () -> Errno? in
            do throws(Errno) { try FileDescriptor(rawValue: writer).writeAll([1, 2, 3]) } catch { return error }
            return nil
        }
        #expect(error == Errno(rawValue: EPIPE))
    }

    private func blockingReadAll(_ fd: CInt) -> [UInt8] {
        var all: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return all }
            all += buffer[0..<count]
        }
    }
}
