import AuctionCore
import AuctionImage
import AuctionInfrastructure

/// `auction show <id> [--json]`: one product in full, with its price history and, on a colour
/// terminal, its image in half blocks.
public struct ShowCommand: Command {
    /// `show`.
    public static let name = "show"
    /// The product shown.
    public var productID: ProductID
    /// Whether to print JSON.
    public var json: Bool

    /// Reads `<id>` and `--json`.
    public init(_ invocation: Invocation) throws(CommandError) {
        guard let id = invocation.productID("id") else { throw .usage(Self.name, "`show` needs <id>") }
        productID = id
        json = invocation.flag("json")
    }

    /// Loads the product (and its image when it will be drawn) and prints it.
    public func run(in context: CommandContext) async throws(CommandError) -> ExitCode {
        let id = productID
        let wantsImage = !json && context.console.color
        let (detail, image) = try await context.withCatalogue { (repository) throws(CommandError) -> (ProductDetail, RGBAImage?) in
            let detail: ProductDetail
            do throws(AuctionError) {
                detail = try await repository.detail(of: id)
            } catch .notFound {
                throw .auction(.notFound("product \(id)"))
            } catch {
                throw .auction(error)
            }
            guard wantsImage, let imageID = detail.product.imageIDs.first,
                  let bytes = try? await repository.image(imageID) else { return (detail, nil) }
            return (detail, try? PNGDecoder().decode(bytes))
        }
        let console = context.console
        if json {
            console.printJSON(ProductJSON.detail(detail))
        } else {
            console.print(lines: ProductDetailView.render(detail, width: console.size?.columns ?? 80, color: console.color,
                                                          image: image, clock: .local(), now: CommandContext.now()))
        }
        return .success
    }
}
