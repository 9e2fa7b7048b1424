import AuctionCore
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Testing

/// A real server in this process on a manual clock, over a real SQLite file seeded with the demo catalogue,
/// for the report and log routes: users registered over HTTP, the role granted in the store.
final class ModerationServerFixture: Sendable {
    let directory: TemporaryDirectory
    let clock: ManualClock
    let server: AuctionHouseServer
    let port: Int

    var databasePath: String { directory.file("auction.sqlite") }

    init() throws {
        directory = try TemporaryDirectory(prefix: "auction-moderation")
        clock = ManualClock()
        server = AuctionHouseServer(configuration: .ephemeral(databasePath: directory.file("auction.sqlite")), log: .silent, clock: clock)
        port = try server.start().http.port
    }

    func stop() {
        server.stop()
        directory.remove()
    }

    /// An answer: the status and the body parsed (`.null` when it is not JSON).
    struct Answer: Sendable, CustomDebugStringConvertible {
        var status: Int
        var json: JSONValue
        var text: String
        var debugDescription: String { "\(status) \(text)" }
    }

    /// `method path` with `json` as the body and `token` as the bearer.
    func request(_ method: String, _ path: String, json: String? = nil, token: String?) async throws -> Answer {
        let port = self.port
        let answer = try #require(await offPool { LoopbackHTTP.exchange(port: port, method, path, json: json, bearer: token) })
        return Answer(status: answer.status, json: (try? JSONValue.parse(answer.body)) ?? .null, text: answer.body)
    }

    /// `POST path` with `{"reason": reason}` (the reason escaped as JSON).
    func post(_ path: String, reason: String, token: String?) async throws -> Answer {
        try await request("POST", path, json: JSONValue.object(JSONObject([("reason", .string(reason))])).jsonText, token: token)
    }

    /// Registers `name`; its session token.
    func register(_ name: String) async throws -> String {
        let answer = try await request("POST", "/users/register", json: #"{"name":"\#(name)","password":"correct horse \#(name)"}"#, token: nil)
        #expect(answer.status == 201, "\(answer)")
        return try #require(answer.json["token"]?.stringValue)
    }

    /// Makes `name` a moderator in the store (as `auction-server admin grant` does).
    func grant(_ name: String) throws {
        let store = try AccountStore(path: databasePath)
        defer { store.close() }
        #expect(try store.setModerator(true, name: name) == .changed)
    }

    /// Runs `body` on a connection of its own to the server's file.
    @discardableResult
    func database<T>(_ body: (SQLiteDatabase) throws -> T) throws -> T {
        let database = try SQLiteDatabase(path: databasePath)
        defer { database.close() }
        return try body(database)
    }

    /// The number of rows in the moderation log.
    func logRows() throws -> Int64 {
        try database { try $0.scalarInteger("SELECT COUNT(*) FROM moderation_log") ?? -1 }
    }
}
