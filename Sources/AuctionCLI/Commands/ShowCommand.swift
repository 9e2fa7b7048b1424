import AuctionCore
import AuctionInfrastructure
import AuctionLotLog

/// `auction show <id> [--image N] [--json]`: one product in full, with its price history, its bid history
/// (when the server has `GET /products/{id}/bids`) and, on a colour terminal, one of its images in half
/// blocks; a page longer than the terminal goes through the pager.
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
    /// Which of the product's images is drawn, from 1.
    @Option("image", range: 1...1_000, valueName: "N", help: "draw the product's Nth image (default 1)")
    public var imageNumber = 1
    /// Whether to print the page at once even when it is longer than the terminal.
    @Flag("no-pager", help: "print the whole page at once, without a pager")
    public var noPager: Bool

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
            // A number past the lot's images is refused whether or not the picture would be drawn.
            let images = detail.product.imageIDs
            guard images.indices.contains(imageNumber - 1) || (images.isEmpty && imageNumber == 1) else {
                throw .auction(.notFound("image \(imageNumber) of product \(id) (it has \(images.count))"))
            }
            if leftOut, !images.isEmpty {
                return (detail, .notShown("colours are off: NO_COLOR, --no-color or TERM=dumb; it is drawn in colour"), bids ?? nil)
            }
            guard wantsImage, !images.isEmpty else { return (detail, nil, bids ?? nil) }
            let imageID = images[imageNumber - 1]
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
            let caption = ProductImageCaption.text(showing: imageNumber, of: detail.product.imageIDs.count, product: id)
            let size = console.size ?? .fallback
            // The caption's line comes out of the picture's height, so the picture still fits the terminal.
            let drawn = picture?.render(size: caption == nil ? size : TerminalSize(rows: max(2, size.rows - 1), columns: size.columns),
                                        depth: console.colorDepth) ?? []
            let pictureLines = caption.map { [""] + [TerminalText.truncate($0, toWidth: size.columns)] + drawn.dropFirst() } ?? drawn
            if noPager { console.print(lines: lines + pictureLines) } else { console.page(lines: lines + pictureLines) }
        }
        return .success
    }
}
