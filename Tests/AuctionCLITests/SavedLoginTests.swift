import AuctionCLI
import AuctionCore
import AuctionTestSupport
import Foundation
import Testing

@Suite struct SavedLoginTests {
    private let login = SavedLogin(name: "alice", userID: UserID(rawValue: 7), server: "http://127.0.0.1:3100",
                                   token: "k7Qn0x-_abcdefghijklmnopqrstuvwxyz0123456789",
                                   expiresAt: Timestamp(millisecondsSinceEpoch: 1_800_000_000_000))

    private func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return try #require(attributes[.posixPermissions] as? Int)
    }

    @Test func savesWithMode0600AndRoundTrips() throws {
        let folder = try TemporaryDirectory(prefix: "saved-login")
        defer { folder.remove() }
        let store = SavedLoginStore(directory: folder.file("config/auction"))

        #expect(try store.load() == nil)
        try store.save(login)

        #expect(try store.load() == login)
        #expect(try mode(store.path) == 0o600)
        #expect(try mode(folder.file("config/auction")) == 0o700)
        #expect(try mode(folder.file("config")) == 0o700)
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.directory) == ["login.json"])  // no temporary left
    }

    @Test func replacingALooseFileLeavesMode0600() throws {
        let folder = try TemporaryDirectory(prefix: "saved-login")
        defer { folder.remove() }
        let store = SavedLoginStore(directory: folder.path)
        try Data(login.json).write(to: URL(fileURLWithPath: store.path))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: store.path)
        #expect(try mode(store.path) == 0o644)

        var other = login
        other.name = "bob"
        try store.save(other)

        #expect(try store.load()?.name == "bob")
        #expect(try mode(store.path) == 0o600)
    }

    @Test func deleteRemovesTheFile() throws {
        let folder = try TemporaryDirectory(prefix: "saved-login")
        defer { folder.remove() }
        let store = SavedLoginStore(directory: folder.path)
        try store.save(login)

        #expect(try store.delete())
        #expect(try store.delete() == false)
        #expect(try store.load() == nil)
    }

    @Test func followsXDGThenHome() throws {
        #expect(try SavedLoginStore(environment: ["XDG_CONFIG_HOME": "/x/cfg", "HOME": "/home/a"]).path == "/x/cfg/auction/login.json")
        #expect(try SavedLoginStore(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/home/a"]).path
            == "/home/a/.config/auction/login.json")
        #expect(try SavedLoginStore(environment: ["HOME": "/home/a"]).path == "/home/a/.config/auction/login.json")
        #expect(throws: AccountCommandError.noConfigDirectory) { try SavedLoginStore(environment: [:]) }
    }

    @Test func aForeignFileIsReportedNotTrusted() throws {
        let folder = try TemporaryDirectory(prefix: "saved-login")
        defer { folder.remove() }
        let store = SavedLoginStore(directory: folder.path)
        try Data("{\"name\":\"x\"}".utf8).write(to: URL(fileURLWithPath: store.path))

        #expect(throws: AccountCommandError.unreadable(path: store.path)) { try store.load() }
    }
}
