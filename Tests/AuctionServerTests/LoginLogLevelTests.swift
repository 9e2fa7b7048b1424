import AuctionCore
import AuctionInfrastructure
@testable import AuctionServer
import Testing

/// A session that never expires, for one user.
private struct AliceSessions: SessionResolver {
    func user(forToken token: String) -> SessionUser? {
        token == "alice" ? SessionUser(id: UserID(rawValue: 1), name: "alice", expiresAt: SystemClock().now().adding(milliseconds: 3_600_000)) : nil
    }
}

/// Issue 37: every CLI bid opens a connection and logs in, so the login line is at debug, not info
/// (an info log would hold one line per bid).
@Suite struct LoginLogLevelTests {
    @Test func aSocketLoginIsLoggedAtDebugNotInfo() async throws {
        let fixture = try ServerFixture(listings: ServerFixture.listings(count: 1),
                                        hooks: ServerHooks(makeSessionResolver: { _ in AliceSessions() }))
        defer { fixture.stop() }
        let client = try fixture.client()
        defer { client.close() }
        #expect(try await client.request(.login(token: "alice")).result)
        #expect(fixture.logged("logged in as alice"))
        #expect(fixture.logLines.withLock { lines in !lines.contains { $0.contains("logged in as alice") && $0.contains("info") } })
    }
}
