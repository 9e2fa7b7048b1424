import AuctionTestSupport
import Foundation
import Testing

/// The engine and the bid path stay pure: the engine depends on AuctionCore alone, the bid path on the
/// engine and Core, and their files import nothing else.
@Suite struct EngineLayerTests {
    @Test func engineDependsOnlyOnCore() throws {
        let graph = try PackageTargetGraph.read()
        #expect(graph.dependencies["AuctionEngine"] == ["AuctionCore"])
    }

    @Test func engineFilesImportOnlyCore() throws {
        try expectImports(in: "Sources/AuctionEngine", only: ["AuctionCore"])
    }

    @Test func theBidPathDependsOnlyOnTheEngineAndCore() throws {
        let graph = try PackageTargetGraph.read()
        #expect(graph.dependencies["AuctionBidding"].map(Set.init) == ["AuctionEngine", "AuctionCore"])
        try expectImports(in: "Sources/AuctionBidding", only: ["AuctionEngine", "AuctionCore"])
    }

    private func expectImports(in path: String, only allowed: Set<String>) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = root.appendingPathComponent(path).path
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") }
        #expect(!files.isEmpty)
        for file in files {
            let imports = try String(contentsOfFile: folder + "/" + file, encoding: .utf8).split(separator: "\n")
                .filter { $0.hasPrefix("import ") }.map { String($0.dropFirst("import ".count)) }
            #expect(imports.allSatisfy { allowed.contains($0) }, "\(file) imports \(imports)")
        }
    }
}
