import AuctionTestSupport
import Foundation
import Testing

/// The lot log stays pure and Foundation-free: the target depends on the engine and Core only, and
/// its files (in every folder) import nothing else, so the client and the server share it whole.
@Suite struct LotLogLayerTests {
    @Test func lotLogDependsOnlyOnTheEngineAndCore() throws {
        let graph = try PackageTargetGraph.read()
        #expect(graph.dependencies["AuctionLotLog"].map(Set.init) == ["AuctionEngine", "AuctionCore"])
    }

    @Test func lotLogFilesImportOnlyTheEngineAndCore() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = root.appendingPathComponent("Sources/AuctionLotLog").path
        let files = try #require(FileManager.default.subpaths(atPath: folder)).filter { $0.hasSuffix(".swift") }
        #expect(files.count > 10)
        for file in files {
            let imports = try String(contentsOfFile: folder + "/" + file, encoding: .utf8).split(separator: "\n")
                .filter { $0.hasPrefix("import ") }.map { String($0.dropFirst("import ".count)) }
            #expect(imports.allSatisfy { ["AuctionCore", "AuctionEngine"].contains($0) }, "\(file) imports \(imports)")
        }
    }
}
