import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionLotLog

/// `auction verify <id> [--json]`: fetches a lot's log and the house's keys, checks every entry, the
/// signed head and the receipts kept on this machine, replays the bids under the auction's rules, and
/// says so (exit 0) or names the entry that fails and why (exit 6).
public struct VerifyCommand: ParsableCommand {
    /// `verify`.
    public static let name = "verify"
    /// What `verify` does, for help.
    public static let summary = "check a lot's tamper-evident log, its signature and your receipts"
    /// `verify`'s help page.
    public static let discussion = """
        Fetches GET /products/{id}/log (every page) and GET /log/keys and checks, from the
        protocol's description alone: every entry decodes and sits at its place, each hash
        chains from the one before, the signed head is the log's and its Ed25519 signature
        verifies under a key the house lists for that time, every receipt your bids brought
        back (kept in ~/.local/share/auction/receipts) is in the log unchanged, and the entries
        follow the auction's rules (least bids, proxy answers, soft close, buy-now, the close,
        the reserve it reveals). Prints `verified: 14 entries, head 9f3a1c2e…, your 3 bids
        included`, or `verification failed at entry 7: …` and exits 6. A lot that verified is
        marked in `auction show`. --json: {"verified", "lot", "entries", "head", "your_alias",
        "your_bids", "receipts_checked", "state"} or {"verified":false, "failure":{"entry",
        "code", "message"}}.
        """
    /// The lot checked.
    @Argument("id", help: "the lot's id")
    public var productID: ProductID
    /// Whether to print JSON.
    @Flag("json", help: "print the outcome as JSON")
    public var json: Bool

    /// The declarations, read from a parse by `ParsableCommand`.
    public init() {}

    /// Fetches, verifies, records and prints.
    public func run(in context: CommandContext) async throws(CommandError) -> ExitCode {
        let lot = productID
        let login = try? await SavedLoginLookup.load(context)
        let (log, keys) = try await context.lotLog(lot, token: login?.token)
        let store = context.receiptStore
        var receipts: [LotReceipt] = []
        do throws(PrivateFileError) { receipts = try store?.receipts(for: lot) ?? [] } catch {
            context.console.error("could not read your receipts, so they are not checked: \(error)")
        }
        let verifier = LotLogVerifier { signature, message, key in Ed25519.isValid(signature: signature, of: message, publicKey: key) }
        let input = LotLogVerifier.Input(lot: lot, entries: log.entries, head: log.head, keys: keys, receipts: receipts, alias: log.yourAlias)
        let console = context.console
        let report: VerificationReport
        do throws(VerificationFailure) {
            report = try verifier.verify(input)
        } catch {
            if let store { VerifiedHeads(beside: store).remove(lot) }
            if json { console.printJSON(VerificationText.json(error, lot: lot)) }
            console.error(VerificationText.line(error))
            return .unverified
        }
        if let store {
            let record = VerifiedHeads.Record(lot: lot, seq: report.head.seq, hash: report.head.hash, entries: report.entryCount,
                                              verifiedAt: CommandContext.now())
            do throws(PrivateFileError) { try VerifiedHeads(beside: store).save(record) } catch {
                console.error("could not record the verification: \(error)")
            }
        }
        if json {
            console.printJSON(VerificationText.json(report, alias: log.yourAlias))
        } else {
            console.print(lines: VerificationText.lines(report, knowsViewer: log.yourAlias != nil || !receipts.isEmpty))
        }
        return .success
    }
}
