import AuctionCLI
import Foundation
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

/// Targets and their direct dependencies as `Package.swift` declares them (by name, as written).
struct PackageTargetGraph {
    var dependencies: [String: [String]]

    /// Reads the manifest two folders above this file.
    static func read(filePath: String = #filePath) throws -> PackageTargetGraph {
        let root = URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        return PackageTargetGraph(manifest: text)
    }

    /// Parses each `.target(`, `.executableTarget(`, `.testTarget(` and `.systemLibrary(` entry.
    init(manifest: String) {
        var graph: [String: [String]] = [:]
        let entries = manifest.split(separator: /\.(?:target|executableTarget|testTarget|systemLibrary)\(/).dropFirst()
        for entry in entries {
            guard let name = entry.firstMatch(of: /name:\s*"([^"]+)"/)?.1 else { continue }
            var names: [String] = []
            if let list = entry.firstMatch(of: /dependencies:\s*\[([^\]]*)\]/)?.1 {
                names = list.matches(of: /"([^"]+)"/).map { String($0.1) }
            }
            graph[String(name)] = names
        }
        dependencies = graph
    }

    /// Every target reachable from `target` through dependencies (not including itself).
    func dependencies(reachableFrom target: String) -> Set<String> {
        var seen: Set<String> = []
        var pending = dependencies[target] ?? []
        while let next = pending.popLast() {
            guard seen.insert(next).inserted else { continue }
            pending += dependencies[next] ?? []
        }
        return seen
    }
}
