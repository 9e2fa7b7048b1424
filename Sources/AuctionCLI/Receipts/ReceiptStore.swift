import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionLotLog
import Glibc

/// The receipts bid replies carried, kept under `$XDG_DATA_HOME/auction/receipts` (else
/// `~/.local/share/auction/receipts`): one file per lot (`LOT.jsonl`, a receipt per line in the
/// wire's JSON, mode 0600, directory 0700), appended to, at most `maximumPerLot` kept per lot.
/// The data folder, not the cache: the receipts are the bidder's evidence and survive reinstalls.
public struct ReceiptStore: Hashable, Sendable {
    /// The most receipts kept per lot; past it the oldest are dropped when the file is compacted.
    public static let maximumPerLot = 10_000
    /// The most bytes one lot's file may hold when read (a receipt's line is about 1 KB).
    static let maximumFileBytes = 64 * 1_048_576

    /// The folder holding the files.
    public var directory: String

    /// A store in `directory`.
    public init(directory: String) { self.directory = directory }

    /// The store for an environment: `$XDG_DATA_HOME/auction/receipts` when that is an absolute path,
    /// else `$HOME/.local/share/auction/receipts`; nil when neither is set.
    public init?(environment: [String: String]) {
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            directory = xdg + "/auction/receipts"
        } else if let home = environment["HOME"], !home.isEmpty {
            directory = home + "/.local/share/auction/receipts"
        } else {
            return nil
        }
    }

    /// The file of `lot`'s receipts.
    public func path(of lot: ProductID) -> String { "\(directory)/\(lot.rawValue).jsonl" }

    /// Saves receipts, each appended to its lot's file (one already kept for that seq is not repeated).
    public func save(_ receipts: [LotReceipt]) throws(PrivateFileError) {
        guard !receipts.isEmpty else { return }
        try PrivateFile.makeDirectory(directory)
        for (lot, group) in Dictionary(grouping: receipts, by: \.lot).sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            let (kept, endsInNewline) = try stored(for: lot)
            var known = Set(kept.map(\.seq))
            let fresh = group.filter { known.insert($0.seq).inserted }
            guard !fresh.isEmpty else { continue }
            // A line a crash cut short is ended first, so that it alone is lost, not the next one too.
            try PrivateFile.append(lines: (endsInNewline ? [] : [UInt8(ascii: "\n")]) + Self.lines(fresh), to: path(of: lot))
            // The file is compacted to the newest receipts once per 1,000 past the bound, not on every save.
            if kept.count + fresh.count > Self.maximumPerLot + 1_000 {
                let newest = (kept + fresh).sorted { $0.seq < $1.seq }.suffix(Self.maximumPerLot)
                try PrivateFile.replace(path(of: lot), with: Self.lines(newest))
            }
        }
    }

    /// Receipts as lines of JSON.
    private static func lines<Receipts: Sequence>(_ receipts: Receipts) -> [UInt8] where Receipts.Element == LotReceipt {
        receipts.flatMap { LotLogDTO.receiptJSON($0).serialized() + [UInt8(ascii: "\n")] }
    }

    /// Saves one receipt.
    public func save(_ receipt: LotReceipt) throws(PrivateFileError) { try save([receipt]) }

    /// `lot`'s receipts by seq, at most `maximumPerLot` (the newest); a line that does not read (one a
    /// crash cut short) is skipped.
    public func receipts(for lot: ProductID) throws(PrivateFileError) -> [LotReceipt] {
        Array(try stored(for: lot).receipts.suffix(Self.maximumPerLot))
    }

    /// Every receipt `lot`'s file holds, by seq, one per seq, and whether the file ends a line.
    private func stored(for lot: ProductID) throws(PrivateFileError) -> (receipts: [LotReceipt], endsInNewline: Bool) {
        guard let bytes = try PrivateFile.read(path(of: lot), limit: Self.maximumFileBytes) else { return ([], true) }
        var bySeq: [UInt64: LotReceipt] = [:]
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            guard let json = try? JSONValue.parse(Array(line)), let receipt = LotLogDTO.receipt(from: json), receipt.lot == lot else { continue }
            bySeq[receipt.seq] = bySeq[receipt.seq] ?? receipt
        }
        return (bySeq.values.sorted { $0.seq < $1.seq }, bytes.last.map { $0 == UInt8(ascii: "\n") } ?? true)
    }

    /// Every lot with a receipts file, by id.
    public func lots() throws(PrivateFileError) -> [ProductID] {
        guard let folder = opendir(directory) else {
            if errno == ENOENT { return [] }
            throw PrivateFileError(path: directory, reason: String(cString: strerror(errno)))
        }
        defer { closedir(folder) }
        var lots: [ProductID] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.hasSuffix(".jsonl"), let id = Int(name.dropLast(6)), id >= 0 else { continue }
            lots.append(ProductID(id))
        }
        return lots.sorted { $0.rawValue < $1.rawValue }
    }

    /// Every receipt kept, by lot and seq.
    public func all() throws(PrivateFileError) -> [LotReceipt] {
        var receipts: [LotReceipt] = []
        for lot in try lots() { receipts += try self.receipts(for: lot) }
        return receipts
    }
}
