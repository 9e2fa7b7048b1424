import AuctionCore
import AuctionLotLog

/// `auction receipts [<id>] [--json]`: the receipts your accepted bids brought back, as kept on this
/// machine (`~/.local/share/auction/receipts`), and whether `auction verify` found each in its lot's log.
public struct ReceiptsCommand: ParsableCommand {
    /// `receipts`.
    public static let name = "receipts"
    /// What `receipts` does, for help.
    public static let summary = "list the receipts of your accepted bids kept on this machine"
    /// `receipts`' help page.
    public static let discussion = """
        Every accepted bid's reply carries a receipt: the log entry the house wrote for it, its
        hash and the signed head that covers it. They are kept in
        $XDG_DATA_HOME/auction/receipts (else ~/.local/share/auction/receipts), one file per lot,
        mode 0600, at most 10,000 per lot; keep that folder and they survive a reinstall.
        Columns: lot, entry, price, time, hash, whether `auction verify` found it in the lot's
        log on this machine. Reads no server. --json: {"receipts":[{"lot", "seq", "price",
        "time", "hash", "verified", "verified_at"}]}.
        """
    /// Reads only local files.
    public static var usesEndpoints: Bool { false }
    /// One lot only, when given.
    @Argument("id", help: "only this lot's receipts")
    public var productID: ProductID?
    /// Whether to print JSON.
    @Flag("json", help: "print the receipts as JSON")
    public var json: Bool

    /// The declarations, read from a parse by `ParsableCommand`.
    public init() {}

    /// Reads the store and prints it.
    public func run(in context: CommandContext) async throws(CommandError) -> ExitCode {
        guard let store = context.receiptStore else {
            throw .local("no folder for receipts: set HOME or XDG_DATA_HOME")
        }
        let receipts: [LotReceipt]
        do throws(PrivateFileError) {
            if let id = productID { receipts = try store.receipts(for: id) } else { receipts = try store.all() }
        } catch {
            throw .local("cannot read the receipts: \(error)")
        }
        let heads = VerifiedHeads(beside: store)
        var records: [ProductID: VerifiedHeads.Record?] = [:]
        let rows = receipts.map { receipt -> ReceiptTable.Row in
            let record = records[receipt.lot] ?? heads.record(for: receipt.lot)
            records[receipt.lot] = record
            return ReceiptTable.Row(receipt: receipt, verifiedAt: record.flatMap { $0.seq >= receipt.seq ? $0.verifiedAt : nil })
        }
        let console = context.console
        if json {
            console.printJSON(ReceiptTable.json(rows))
        } else if rows.isEmpty {
            console.error(productID.map { "no receipts kept for lot \($0.rawValue)" } ?? "no receipts kept yet (an accepted bid brings one back)")
        } else {
            console.print(lines: ReceiptTable.render(rows, width: console.size?.columns, color: console.color, clock: context.clock))
        }
        return .success
    }
}
