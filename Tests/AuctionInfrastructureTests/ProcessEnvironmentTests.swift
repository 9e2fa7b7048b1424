import AuctionTestSupport
import Glibc
import Testing

@testable import AuctionInfrastructure

/// `ProcessEnvironment`: the environment and text files without Foundation.
@Suite struct ProcessEnvironmentTests {
    @Test func currentMatchesGetenv() {
        let environment = ProcessEnvironment.current()
        #expect(environment["PATH"] == getenv("PATH").map { String(cString: $0) })
    }

    @Test func readsATextFileAndRefusesInvalidUTF8OrAMissingFile() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let good = folder.file("good.conf"), bad = folder.file("bad.conf")
        let text = String(repeating: "clé = valeur\n", count: 10_000)
        try FileDescriptor(rawValue: creat(good, 0o600)).closeAfterFailure { fd throws(Errno) in try fd.writeAll(text); fd.close() }
        try FileDescriptor(rawValue: creat(bad, 0o600)).closeAfterFailure { fd throws(Errno) in try fd.writeAll([0x66, 0xFF, 0x0A]); fd.close() }
        #expect(try ProcessEnvironment.readTextFile(good) == text)
        #expect(throws: Errno(rawValue: EILSEQ)) { try ProcessEnvironment.readTextFile(bad) }
        #expect(throws: Errno(rawValue: ENOENT)) { try ProcessEnvironment.readTextFile(folder.file("missing")) }
    }
}
