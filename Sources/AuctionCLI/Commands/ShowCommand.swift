import AuctionCore
import AuctionInfrastructure
import AuctionLotLog

/// `auction show <id> [--json]`: one product in full, with its price history, its bid history (when
/// the server has `GET /products/{id}/bids`) and, on a colour terminal, its image in half blocks.
public struct ShowCommand: ParsableCommand {
    /// `show`.
    public static let name = "show"
    /// What `show` does, for help.
    public static let summary = "show a product in full, with its price and bid history and image"
    /// The product shown.
    @Argument("id", help: "the product's id")
    public var productID: ProductID
    /// Whether to print JSON.
    @Flag("json", help: "print the product as JSON")
    public var json: Bool

    /// The declarations, read from a parse by `ParsableCommand`.
    public init() {}

    /// Loads the product (and its image when it will be drawn) and prints it.
    public func run(in context: CommandContext) async throws(CommandError) -> ExitCode {
        let id = productID
        let wantsImage = !json && context.console.color
        // Without colour (NO_COLOR, --no-color) on a terminal the picture is not drawn, and the page says so.
        let leftOut = !json && !context.console.color && context.console.outputIsTerminal
        let cache = ImageDiskCache(environment: context.environment, megabytes: context.configuration.imageCacheMegabytes)
        // The saved login (read from disk): the viewer sees their own name in full, in the history too.
        let login = try? await SavedLoginLookup.load(context)
        let (detail, picture, bids) = try await context.withCatalogue {
            (repository) throws(CommandError) -> (ProductDetail, ProductPicture?, [BidHistoryEntry]?) in
            let detail: ProductDetail
            do throws(AuctionError) {
                detail = try await repository.detail(of: id)
            } catch .notFound {
                throw .auction(.notFound("product \(id)"))
            } catch {
                throw .auction(error)
            }
            // The original backend has no bid history: the section is left out without a word.
            let bids = try? await repository.bidHistory(of: id, token: login?.token)
            if leftOut, !detail.product.imageIDs.isEmpty {
                return (detail, .notShown("colours are off: NO_COLOR, --no-color or TERM=dumb; it is drawn in colour"), bids ?? nil)
            }
            guard wantsImage, let imageID = detail.product.imageIDs.first else { return (detail, nil, bids ?? nil) }
            do throws(AuctionError) {
                // A large picture takes a while: a line on the terminal says so until it is drawn.
                let progress = ProgressLine(context.console)
                progress.show("fetching the picture…")
                defer { progress.clear() }
                let bytes = try await ImageDiskCache.image(imageID, from: repository, cache: cache)
                return (detail, ProductPicture(decoding: bytes), bids ?? nil)
            } catch {
                return (detail, ProductPicture(loadingFailed: error), bids ?? nil)
            }
        }
        let console = context.console
        // A log that verified on this machine (`auction verify`) is marked; the mark is local, not the server's word.
        let verified = context.receiptStore.flatMap { VerifiedHeads(beside: $0).record(for: id) }
        if json {
            var object = ProductJSON.detail(detail, bids: bids)
            if let verified, case .object(var members) = object {
                members["log_verified"] = .object(JSONObject([
                    ("seq", .int(Int64(clamping: verified.seq))), ("hash", .string(Hex.encode(verified.hash))),
                    ("verified_at", .string(MachineTime.text(verified.verifiedAt))),
                ]))
                object = .object(members)
            }
            console.printJSON(object)
        } else {
            let viewer = login?.name
            var lines = ProductDetailView.render(detail, width: console.size?.columns ?? 80, color: console.color,
                                                 clock: context.clock, now: CommandContext.now(), bids: bids, viewer: viewer)
            if let verified {
                lines.append("log verified \(context.clock.dateTime(verified.verifiedAt)) · head \(VerificationText.short(verified.hash))")
            }
            console.print(lines: lines + (picture?.render(size: console.size ?? .fallback, depth: console.colorDepth) ?? []))
        }
        return .success
    }
}
