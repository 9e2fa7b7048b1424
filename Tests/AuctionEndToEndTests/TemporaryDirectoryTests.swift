import AuctionTestSupport
import Foundation
import Testing

@Suite struct TemporaryDirectoryTests {
    @Test func createsAndRemovesDirectory() throws {
        let directory = try TemporaryDirectory()
        #expect(FileManager.default.fileExists(atPath: directory.path))
        directory.remove()
        #expect(!FileManager.default.fileExists(atPath: directory.path))
    }
}
