import AuctionTestSupport
import Foundation
import Testing

/// The engine stays pure: its target depends on AuctionCore alone and its files import nothing else.
@Suite struct EngineLayerTests {
    @Test func engineDependsOnlyOnCore() throws {
        let graph = try PackageTargetGraph.read()
        #expect(graph.dependencies["AuctionEngine"] == ["AuctionCore"])
    }

    @Test func engineFilesImportOnlyCore() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = root.appendingPathComponent("Sources/AuctionEngine").path
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") }
        #expect(!files.isEmpty)
        for file in files {
            let imports = try String(contentsOfFile: folder + "/" + file, encoding: .utf8).split(separator: "\n")
                .filter { $0.hasPrefix("import ") }.map { String($0.dropFirst("import ".count)) }
            #expect(imports.allSatisfy { $0 == "AuctionCore" }, "\(file) imports \(imports)")
        }
    }
}
