import Foundation
import Testing

/// SQL lives in the store: no source file outside `Sources/AuctionServer/Store` holds a statement,
/// so another store (PostgreSQL) replaces one folder, not lines scattered through the server; and
/// the bid path reaches the ledger only through its seam.
@Suite struct StoreBoundaryTests {
    @Test func noSQLOutsideTheStore() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let sources = root.appendingPathComponent("Sources").path
        let store = sources + "/AuctionServer/Store/"
        // The bench's yardstick: PostgreSQL's own minimal bid transaction, deliberately not the store's code.
        let yardstick = "auction-bench/ClusterBenchmark+MinimalTransaction.swift"
        let statement = #/SELECT [^\n]* FROM |INSERT INTO |UPDATE \w+ SET |DELETE FROM |CREATE TABLE |PRAGMA \w+/#
        var offenders: [String] = []
        for case let relative as String in FileManager.default.enumerator(atPath: sources) ?? NSEnumerator() where relative.hasSuffix(".swift") {
            let path = sources + "/" + relative
            guard !path.hasPrefix(store), relative != yardstick else { continue }
            let code = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
                .filter { !$0.drop { $0 == " " }.hasPrefix("//") }  // comments may name statements
            if code.contains(where: { $0.contains(statement) }) {
                offenders.append(relative)
            }
        }
        #expect(offenders == [])
    }

    /// The bid path knows stores only as `BidLedger`: no source downcasts to a store's own type to
    /// fetch what a commit did (the outcome carries it).
    @Test func nothingDowncastsPastTheLedgerSeam() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let sources = root.appendingPathComponent("Sources").path
        let downcast = #/as[?!] (PostgresBidLedger|SQLiteBidLedger)\b/#
        var offenders: [String] = []
        for case let relative as String in FileManager.default.enumerator(atPath: sources) ?? NSEnumerator() where relative.hasSuffix(".swift") {
            let code = try String(contentsOfFile: sources + "/" + relative, encoding: .utf8)
            if code.contains(downcast) { offenders.append(relative) }
        }
        #expect(offenders == [])
    }
}
