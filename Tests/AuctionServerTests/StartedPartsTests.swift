import AuctionInfrastructure
@testable import AuctionServer
import Testing

/// The server's parts stop through one list: stage by stage in the documented order, and within a
/// stage the last started first, so each part outlives what it uses.
@Suite struct StartedPartsTests {
    @Test func eachStageStopsItsPartsLastStartedFirst() {
        let stopped = Mutex<[String]>([])
        var parts = StartedParts()
        parts.started("store A") { stopped.withLock { $0.append("store A") } }
        parts.started("ledger", stage: .commits) { stopped.withLock { $0.append("ledger") } }
        parts.started("store B") { stopped.withLock { $0.append("store B") } }
        parts.started("writer", stage: .writers) { stopped.withLock { $0.append("writer") } }
        parts.listening("listener") { draining in stopped.withLock { $0.append("listener draining=\(draining)") } }
        #expect(parts.names == ["store A", "ledger", "store B", "writer", "listener"])

        parts.onLoop.stop(.listening, draining: true, log: .silent)
        for stage in [StartedParts.Stage.feeds, .commits, .writers, .notices] { parts.stop(stage, log: .silent) }
        parts.stop(.resources, log: .silent)
        #expect(stopped.withLock { $0 } == ["listener draining=true", "ledger", "writer", "store B", "store A"])
    }
}
