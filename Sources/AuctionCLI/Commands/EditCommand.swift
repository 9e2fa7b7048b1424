import AuctionCore
import AuctionData
import AuctionInfrastructure

/// `auction edit <id> [sell's options]`: changes one's own lot (`PATCH /products/{id}` with only the
/// given fields as JSON). Images given are uploaded first (`POST /images`, one each) and then replace
/// the lot's images by their hashes. Once a bid exists, start price, end time and raising the reserve are refused.
public struct EditCommand: ParsableCommand {
    /// `edit`.
    public static let name = "edit"
    /// What `edit` does, for help.
    public static let summary = "change your lot's text, prices, end or images"
    /// `edit`'s help page.
    public static let discussion = """
        Needs a login; only the lot's seller may edit it. Give at least one option; only
        those are changed. --image replaces all of the lot's images. Once a bid exists the
        start price, the end and raising the reserve are locked (locked_by_bids); text and
        images may still change. Exit 2 for a bad value (nothing sent), 1 when refused.
        """
    /// The lot edited.
    @Argument("id", help: "the lot's id")
    public var productID: ProductID
    /// The options read.
    public var options = LotOptions()

    /// The declarations, read from a parse by `ParsableCommand`.
    public init() {}

    /// Reads the options; at least one must be given.
    public mutating func validate() throws(CommandError) {
        try options.read(command: Self.name)
        let nothing = options.name == nil && options.startPrice == nil && options.ending == nil && options.description == nil
            && options.imagePaths.isEmpty && options.minimumIncrement == nil && options.reserve == nil && options.buyNow == nil
        guard !nothing else { throw .usage(Self.name, "`edit` needs at least one change (e.g. --name, --reserve, --image)") }
    }

    /// The edit the options describe (without image hashes), checked at `now`.
    public func edit(description: String?, imageSizes: [Int], now: Timestamp) throws(CommandError) -> LotEdit {
        try options.check(command: Self.name, descriptionText: description, imageSizes: imageSizes, now: now)
        return LotEdit(name: options.name, description: description, startPrice: options.startPrice, ending: options.ending,
                       minimumIncrement: options.minimumIncrement, reserve: options.reserve, buyNow: options.buyNow)
    }

    /// Checks, uploads the images, sends the changes.
    public func run(in context: CommandContext) async throws(CommandError) -> ExitCode {
        let description = try LotFiles.description(options.description, command: Self.name)
        _ = try edit(description: description, imageSizes: [], now: CommandContext.now())
        let images = try LotFiles.images(options.imagePaths, command: Self.name)
        let change = try edit(description: description, imageSizes: images.map(\.bytes.count), now: CommandContext.now())
        let id = productID, replacesImages = !options.imagePaths.isEmpty
        try await context.withSeller("`auction edit`") { (lots, token) throws(LotError) in
            var sent = change
            if replacesImages {
                var hashes: [String] = []
                for image in images { hashes.append(try await lots.uploadImage(image, token: token)) }
                sent.imageHashes = hashes
            }
            try await lots.edit(id, sent, token: token)
        }
        context.console.print("edited: lot \(productID)")
        return .success
    }
}
