@testable import AuctionServer
import Glibc
import Testing

/// The `/proc` reading behind the `process_*` families.
@Suite struct ProcessStatisticsTests {
    /// Counting thousands of descriptors walks many directory buffers; each entry's name is read
    /// without copying a whole `dirent`, whose fixed 256-byte name could run past a buffer's end.
    @Test func openDescriptorsAreCountedAcrossManyDirectoryBuffers() throws {
        let before = try #require(ProcessStatistics.read().openDescriptors)
        var opened: [Int32] = []
        defer { opened.forEach { close($0) } }
        for _ in 0..<1_500 {
            let fd = open("/dev/null", O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { break }  // the descriptor limit: count what was opened
            opened.append(fd)
        }
        for _ in 0..<20 { _ = ProcessStatistics.read() }
        let during = try #require(ProcessStatistics.read().openDescriptors)
        // Other tests open and close descriptors meanwhile: the count moves by about what this one opened.
        #expect(during >= before + opened.count - 200)
    }
}
