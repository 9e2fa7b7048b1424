import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionLotLog

/// A lot's log and the house's keys (`auction verify`), and the receipts kept on this machine.
extension CommandContext {
    /// The whole log of `lot` (every page) and the house's keys, with `token` for `your_alias`.
    ///
    /// The original backend has no logs (exit 2 before any request); a server without `GET /log/keys`
    /// (404) is `not supported by this server` (exit 2); an unknown lot is `no product N` (exit 1).
    public func lotLog(_ lot: ProductID, token: String?) async throws(CommandError) -> (LotLogPage, [HouseKey]) {
        guard configuration.dialect != .original else { throw logsUnsupported() }
        let loop: EventLoop
        do { loop = try EventLoop.spawn(name: "auction-http") } catch {
            throw .local("cannot start the network thread: \(error)")
        }
        defer { loop.shutdown() }
        let repository = HTTPLotLogRepository(client: httpClient(on: loop))
        do throws(AuctionError) {
            let keys = try await repository.keys()
            return (try await repository.log(of: lot, token: token), keys)
        } catch .server(status: 404, _) {
            throw logsUnsupported()
        } catch .notFound {
            throw .refused("no product \(lot.rawValue)")
        } catch .server(let status, let message) {
            throw .auction(.server(status: status, message: TerminalText.sanitized(message)))
        } catch {
            throw .auction(error)
        }
    }

    /// The receipt store for this environment; nil without `XDG_DATA_HOME` or `HOME`.
    public var receiptStore: ReceiptStore? { ReceiptStore(environment: environment) }

    /// Keeps the receipts a bid's or buy's reply carried; a store that cannot be written is said on
    /// stderr, never fails the bid (it was accepted).
    public func keep(_ receipts: [LotReceipt]) {
        guard !receipts.isEmpty else { return }
        guard let store = receiptStore else {
            console.error("could not keep the bid's receipts: set HOME or XDG_DATA_HOME")
            return
        }
        do throws(PrivateFileError) { try store.save(receipts) } catch {
            console.error("could not keep the bid's receipts: \(error)")
        }
    }

    /// `auction verify is not supported by this server` (exit 2).
    private func logsUnsupported() -> CommandError {
        .usage(UsageError(
            reason: "`auction verify` is not supported by this server: the server at \(configuration.http) "
                + (configuration.dialect == .original ? "speaks the original protocol, which keeps no lot logs" : "has no lot logs (GET /log/keys)"),
            usage: HelpText.programUsage(.auction)))
    }
}
