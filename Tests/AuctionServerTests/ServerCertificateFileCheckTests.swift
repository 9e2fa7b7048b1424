import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Foundation
import Testing

/// Certificate rotation without SIGHUP: the server looks at its certificate files once a minute by
/// its own clock; a changed pair is served to new connections, live ones keep theirs, a pair that
/// does not load is logged and the previous one kept.
@Suite struct ServerCertificateFileCheckTests {
    @Test func aChangedPairIsServedAfterTheMinuteCheckWhileLiveConnectionsStay() async throws {
        let clock = ManualClock()
        let first = try ThrowawayCertificates(), second = try ThrowawayCertificates()
        defer { first.remove(); second.remove() }
        let served = try first.issue("served"), next = try second.issue("next"), stranger = try second.issue("stranger")
        let fixture = try ServerFixture(clock: clock) { configuration in
            configuration.transport.certificateFile = served.certificate
            configuration.transport.keyFile = served.key
        }
        defer { fixture.stop() }
        let live = try TestClient(port: fixture.socketPort, caFile: first.caFile)
        defer { live.close() }
        #expect(try await live.request(.ping).result)
        #expect(try await health(fixture, trusting: first.caFile))

        try replace(served, with: next)
        clock.advance(milliseconds: 59_999)  // not yet a minute: the files are not looked at
        #expect(try await health(fixture, trusting: first.caFile))
        #expect(try await !health(fixture, trusting: second.caFile))
        #expect(!fixture.logged("tls: the certificate files changed"))
        clock.advance(milliseconds: 1)
        #expect(await eventually(timeout: 10) { fixture.logged("tls: the certificate files changed: loaded") })
        #expect(try await health(fixture, trusting: second.caFile))
        #expect(try await !health(fixture, trusting: first.caFile))
        #expect(try await live.request(.ping).result)  // the session started under the first certificate

        try copy(stranger.key, to: served.key)  // a key that does not match the certificate beside it
        clock.advance(milliseconds: 60_000)
        #expect(await eventually(timeout: 10) { fixture.logged("still serving the previous certificate") })
        #expect(try await health(fixture, trusting: second.caFile))
        #expect(try await live.request(.ping).result)
    }

    /// Whether `curl` trusting only `caFile` gets `/health` over HTTPS (a new connection, a full handshake).
    private func health(_ fixture: ServerFixture, trusting caFile: String) async throws -> Bool {
        let url = "https://127.0.0.1:\(fixture.addresses.http.port)/health"
        let result = try await offPool { try ProcessRunner.run("/usr/bin/curl", ["-sS", "--max-time", "10", "--cacert", caFile, url]) }
        return result.status == 0
    }

    /// Writes `source`'s certificate and key over `destination`'s files, as a renewal tool would.
    private func replace(_ destination: ThrowawayCertificates.Pair, with source: ThrowawayCertificates.Pair) throws {
        try copy(source.key, to: destination.key)
        try copy(source.certificate, to: destination.certificate)
    }

    private func copy(_ source: String, to destination: String) throws {
        try String(contentsOfFile: source, encoding: .utf8).write(toFile: destination, atomically: true, encoding: .utf8)
    }
}
