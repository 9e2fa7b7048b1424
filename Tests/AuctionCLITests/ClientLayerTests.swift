import AuctionCLI
import AuctionTestSupport
import Testing

/// The client library stays a client: nothing it depends on, directly or not, is the server or the
/// C libraries only the server needs (read from `Package.swift` itself, the target graph's source).
@Suite struct ClientLayerTests {
    @Test func clientLibraryDependsNeitherOnTheServerNorOnSQLiteOrCrypt() throws {
        // Given the target graph declared in Package.swift
        let graph = try PackageTargetGraph.read()
        // When following AuctionCLI's dependencies to the end
        let reached = graph.dependencies(reachableFrom: "AuctionCLI")
        // Then the client reaches its own layers and none of the server's
        #expect(reached.isSuperset(of: ["AuctionCore", "AuctionData", "AuctionInfrastructure", "AuctionImage"]))
        #expect(reached.isDisjoint(with: ["AuctionServer", "AuctionDemo", "CSQLite", "CCrypt"]))
    }

    @Test func demoJoinsClientAndServerOnlyInTheExecutable() throws {
        let graph = try PackageTargetGraph.read()
        #expect(graph.dependencies(reachableFrom: "auction").isSuperset(of: ["AuctionDemo", "AuctionServer"]))
        #expect(AuctionApp.standardCommands.allSatisfy { $0.name != "demo" })
    }
}
