import AuctionCLI
import AuctionTestSupport
import Glibc
import Testing

@Suite struct SessionFileTests {
    @Test func savesWithOwnerOnlyPermissionsAndLoadsBack() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = SessionFile(path: directory.path + "/xdg/auction/session")
        #expect(try file.load() == nil)
        let session = Session(user: "alice", token: "tok_0123456789abcdef", server: "http://127.0.0.1:3100")
        try file.save(session)
        #expect(try file.load() == session)
        var info = stat()
        #expect(stat(file.path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(stat(directory.path + "/xdg/auction", &info) == 0)
        #expect(info.st_mode & 0o777 == 0o700)
    }

    @Test func deletesAndReportsWhetherThereWasOne() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = SessionFile(path: directory.path + "/session")
        try file.save(Session(user: "bob", token: "t", server: ""))
        #expect(try file.delete())
        #expect(try file.delete() == false)
        #expect(try file.load() == nil)
    }

    @Test func refusesADamagedFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/session"
        let fd = open(path, O_WRONLY | O_CREAT, 0o600)
        _ = write(fd, "garbage", 7)
        close(fd)
        #expect(throws: SessionFile.Failure.malformed(path: path)) { try SessionFile(path: path).load() }
    }
}
