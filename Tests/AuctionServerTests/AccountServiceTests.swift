import AuctionCore
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Foundation
import Testing

/// A service over a fresh SQLite file, with a hand-moved clock.
struct AccountFixture {
    let folder: TemporaryDirectory
    let path: String
    let store: AccountStore
    let clock = ManualClock()
    let service: AccountService

    let logged = Mutex<[String]>([])

    init(configuration: AccountService.Configuration = .init()) throws {
        folder = try TemporaryDirectory(prefix: "accounts")
        path = folder.file("auction.sqlite")
        store = try AccountStore(path: path)
        let logged = self.logged
        service = AccountService(store: store, configuration: configuration, clock: clock,
                                 log: { line in logged.withLock { $0.append(line) } })
    }

    func remove() {
        store.close()
        folder.remove()
    }
}

@Suite struct AccountServiceTests {
    @Test func registersThenLogsInAndResolvesTokens() throws {
        let fixture = try AccountFixture()
        defer { fixture.remove() }

        let registered = try fixture.service.register(name: "alice", password: "correct horse")
        let login = try fixture.service.login(name: "alice", password: "correct horse", address: "127.0.0.1")

        #expect(login.userID == registered.userID && login.name == "alice")
        #expect(login.token != registered.token)
        #expect(login.expiresAt == fixture.clock.now().adding(milliseconds: 30 * 86_400_000))
        let identity = try #require(fixture.service.user(forToken: login.token))
        #expect(identity.userID == registered.userID && identity.name == "alice")
        #expect(fixture.service.user(forToken: registered.token)?.name == "alice")
        #expect(fixture.service.user(forToken: "not-a-token") == nil)
        #expect(fixture.service.user(forToken: String(repeating: "A", count: 43)) == nil)
    }

    @Test func wrongPasswordAndUnknownUserGetTheSameAnswer() throws {
        let fixture = try AccountFixture()
        defer { fixture.remove() }
        _ = try fixture.service.register(name: "alice", password: "correct horse")

        let wrong = #expect(throws: AccountError.self) {
            try fixture.service.login(name: "alice", password: "wrong horse", address: "a")
        }
        let unknown = #expect(throws: AccountError.self) {
            try fixture.service.login(name: "nobody", password: "wrong horse", address: "b")
        }
        #expect(wrong == .invalidCredentials)
        #expect(wrong == unknown)
        #expect(wrong?.description == unknown?.description)
    }

    @Test func duplicateNameIsRefusedClearly() throws {
        let fixture = try AccountFixture()
        defer { fixture.remove() }
        _ = try fixture.service.register(name: "alice", password: "correct horse")

        #expect(throws: AccountError.nameTaken("alice")) {
            try fixture.service.register(name: "alice", password: "another password")
        }
    }

    @Test func invalidNamesAndPasswordsAreRefused() throws {
        let fixture = try AccountFixture()
        defer { fixture.remove() }
        for name in ["", String(repeating: "a", count: 33), "al ice", "alice!", "ålice", "a/b"] {
            #expect(throws: AccountError.self) { try fixture.service.register(name: name, password: "long enough") }
        }
        for password in ["short", String(repeating: "p", count: 1025), "nul\0inside"] {
            #expect(throws: AccountError.self) { try fixture.service.register(name: "bob", password: password) }
        }
        let longest = String(repeating: "p", count: 1024)
        _ = try fixture.service.register(name: String(repeating: "b", count: 32), password: longest)
        _ = try fixture.service.login(name: String(repeating: "b", count: 32), password: longest, address: nil)
    }

    @Test func expiredTokenResolvesToNil() throws {
        let fixture = try AccountFixture(configuration: .init(sessionLifetimeMilliseconds: 60_000))
        defer { fixture.remove() }
        let session = try fixture.service.register(name: "carol", password: "correct horse")

        fixture.clock.advance(milliseconds: 59_999)
        #expect(fixture.service.user(forToken: session.token) != nil)
        fixture.clock.advance(milliseconds: 1)
        #expect(fixture.service.user(forToken: session.token) == nil)
        let fresh = AccountService(store: fixture.store, clock: fixture.clock)  // no cache: the store decides
        #expect(fresh.user(forToken: session.token) == nil)
    }

    @Test func revokedTokenResolvesToNil() throws {
        let fixture = try AccountFixture()
        defer { fixture.remove() }
        let session = try fixture.service.register(name: "dave", password: "correct horse")
        let other = try fixture.service.login(name: "dave", password: "correct horse", address: nil)
        #expect(fixture.service.user(forToken: session.token) != nil)

        #expect(try fixture.service.logout(token: session.token))
        #expect(try fixture.service.logout(token: session.token) == false)
        #expect(fixture.service.user(forToken: session.token) == nil)
        let fresh = AccountService(store: fixture.store, clock: fixture.clock)
        #expect(fresh.user(forToken: session.token) == nil)
        #expect(fresh.user(forToken: other.token)?.name == "dave")  // only that session ended
    }

    @Test func rateLimitsFailedLoginsPerNameFromOneAddressNotTheOwner() throws {
        let fixture = try AccountFixture()
        defer { fixture.remove() }
        _ = try fixture.service.register(name: "erin", password: "correct horse")

        for attempt in 0..<5 {
            #expect(throws: AccountError.invalidCredentials) {
                try fixture.service.login(name: "erin", password: "guess \(attempt)", address: "10.0.0.7")
            }
        }
        // The guesser's address is refused now, even with the right password.
        let limited = #expect(throws: AccountError.self) {
            try fixture.service.login(name: "erin", password: "correct horse", address: "10.0.0.7")
        }
        guard case .rateLimited(let retry)? = limited else {
            Issue.record("expected rateLimited, got \(String(describing: limited))")
            return
        }
        #expect(retry > 0 && retry <= 60_000)
        // The owner elsewhere is not locked out; another name is unaffected; after the wait the address may try again.
        _ = try fixture.service.login(name: "erin", password: "correct horse", address: "10.0.1.1")
        #expect(throws: AccountError.invalidCredentials) {
            try fixture.service.login(name: "frank", password: "whatever1", address: "10.0.1.2")
        }
        fixture.clock.advance(milliseconds: retry)
        _ = try fixture.service.login(name: "erin", password: "correct horse", address: "10.0.0.7")
    }

    @Test func rateLimitsFailedLoginsPerAddress() throws {
        let fixture = try AccountFixture()
        defer { fixture.remove() }
        _ = try fixture.service.register(name: "gina", password: "correct horse")

        for attempt in 0..<5 {
            #expect(throws: AccountError.invalidCredentials) {
                try fixture.service.login(name: "user\(attempt)", password: "guess guess", address: "192.0.2.7")
            }
        }
        let limited = #expect(throws: AccountError.self) {
            try fixture.service.login(name: "gina", password: "correct horse", address: "192.0.2.7")
        }
        guard case .rateLimited? = limited else {
            Issue.record("expected rateLimited, got \(String(describing: limited))")
            return
        }
        _ = try fixture.service.login(name: "gina", password: "correct horse", address: "192.0.2.8")
    }

    @Test func parallelGuessesCannotOverrunTheLimit() throws {
        let fixture = try AccountFixture()
        defer { fixture.remove() }
        _ = try fixture.service.register(name: "jack", password: "correct horse")
        let outcomes = Mutex<[AccountError]>([])

        DispatchQueue.concurrentPerform(iterations: 16) { attempt in
            do throws(AccountError) {
                _ = try fixture.service.login(name: "jack", password: "guess \(attempt)", address: nil)
            } catch {
                outcomes.withLock { $0.append(error) }
            }
        }

        let errors = outcomes.withLock { $0 }
        #expect(errors.count == 16)
        #expect(errors.filter { $0 == .invalidCredentials }.count == 5)
    }

    @Test func aNameShapedLikeAnAddressDoesNotSpendThatAddress() throws {
        let fixture = try AccountFixture()
        defer { fixture.remove() }
        _ = try fixture.service.register(name: "kate", password: "correct horse")

        for _ in 0..<5 { _ = try? fixture.service.login(name: "addr:198.51.100.9", password: "guess guess", address: "203.0.113.5") }

        _ = try fixture.service.login(name: "kate", password: "correct horse", address: "198.51.100.9")
    }

    @Test func successfulLoginsAreNotLimited() throws {
        let fixture = try AccountFixture()
        defer { fixture.remove() }
        _ = try fixture.service.register(name: "hank", password: "correct horse")
        for _ in 0..<8 { _ = try fixture.service.login(name: "hank", password: "correct horse", address: "203.0.113.1") }
    }

    @Test func secretsNeverAppearInTheDatabaseFiles() throws {
        let fixture = try AccountFixture()
        defer { fixture.remove() }
        let password = "Sup3r-Secret-Passphrase"
        let first = try fixture.service.register(name: "ivy", password: password)
        let second = try fixture.service.login(name: "ivy", password: password, address: "127.0.0.1")
        _ = try? fixture.service.login(name: "ivy", password: "Wrong-Secret-Passphrase", address: "127.0.0.1")
        try fixture.service.logout(token: first.token)

        var bytes: [UInt8] = []
        for suffix in ["", "-wal", "-journal"] {
            if let data = FileManager.default.contents(atPath: fixture.path + suffix) { bytes += Array(data) }
        }
        #expect(bytes.count > 0)
        for secret in [password, "Wrong-Secret-Passphrase", first.token, second.token] {
            #expect(!contains(bytes, Array(secret.utf8)), "found a secret in clear")
        }
        #expect(contains(bytes, Array(SessionToken.hash(second.token).utf8)))  // the search does find what is there
    }

    @Test func secretsNeverAppearInTheLog() throws {
        let fixture = try AccountFixture()
        defer { fixture.remove() }
        let password = "Sup3r-Secret-Passphrase"
        let session = try fixture.service.register(name: "jill", password: password)
        let again = try fixture.service.login(name: "jill", password: password, address: "127.0.0.1")
        for _ in 0..<6 { _ = try? fixture.service.login(name: "jill", password: "Wrong-Secret-1", address: "127.0.0.1") }
        _ = try? fixture.service.login(name: "Typed-Password-As-Name", password: "x", address: "127.0.0.2")
        try fixture.service.logout(token: session.token)

        let lines = fixture.logged.withLock { $0 }
        #expect(lines.contains { $0.contains("registered jill") })
        #expect(lines.contains { $0.contains("failed login for 'jill' from 127.0.0.1") })
        #expect(lines.contains { $0.contains("rate limited") })
        #expect(lines.contains { $0.contains("revoked") })
        for secret in [password, "Wrong-Secret-1", "Typed-Password-As-Name", session.token, again.token] {
            #expect(!lines.contains { $0.contains(secret) }, "a log line holds a secret")
        }
    }

    private func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if Array(haystack[start..<start + needle.count]) == needle { return true }
        }
        return false
    }
}
