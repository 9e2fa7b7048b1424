import AuctionServer
import AuctionTestSupport
import Foundation
import Testing

@Suite struct StoreLocationTests {
    @Test func prefersXDGDataHome() throws {
        let path = try StoreLocation.defaultDatabasePath(environment: ["XDG_DATA_HOME": "/data/", "HOME": "/home/a"])
        #expect(path == "/data/auction/auction.sqlite")
    }

    @Test func fallsBackToHomeWhenXDGIsMissingOrRelative() throws {
        #expect(try StoreLocation.defaultDatabasePath(environment: ["HOME": "/home/a"])
            == "/home/a/.local/share/auction/auction.sqlite")
        #expect(try StoreLocation.defaultDatabasePath(environment: ["XDG_DATA_HOME": "rel", "HOME": "/home/a"])
            == "/home/a/.local/share/auction/auction.sqlite")
    }

    @Test func failsWithoutAnyDataFolder() {
        #expect(throws: StoreError.noDataDirectory) { try StoreLocation.defaultDatabasePath(environment: [:]) }
    }

    @Test func createsTheFolderForTheDatabase() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = try StoreLocation.defaultDatabasePath(environment: ["XDG_DATA_HOME": folder.path])
        try StoreLocation.createDirectory(containing: path)
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: folder.file("auction"), isDirectory: &isDirectory) && isDirectory.boolValue)
        _ = try SQLiteDatabase.openStore(at: path)
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test func createsMissingParentsPrivateAndRefusesAFileInTheWay() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try StoreLocation.createDirectory(containing: folder.file("a/b/c/auction.sqlite"))
        var status = stat()
        #expect(stat(folder.file("a/b/c"), &status) == 0 && status.st_mode & S_IFMT == S_IFDIR)
        #expect(status.st_mode & 0o777 == 0o700)
        try StoreLocation.createDirectory(containing: folder.file("a/b/c/auction.sqlite"))
        #expect(FileManager.default.createFile(atPath: folder.file("plain"), contents: Data()))
        #expect(throws: StoreError.self) { try StoreLocation.createDirectory(containing: folder.file("plain/x/auction.sqlite")) }
    }
}
