import AuctionImage
import AuctionInfrastructure

/// Why a selling request was refused: an HTTP status, a reason code and a sentence (`docs/PROTOCOL.md`).
public struct SaleRefusal: Error, Equatable, Sendable {
    /// The answer's status code.
    public var status: Int
    /// The `reason` code.
    public var reason: String
    /// The `error` sentence.
    public var message: String
    /// When set, the answer carries `Retry-After` (rounded up to seconds).
    public var retryAfterMilliseconds: Int64?

    /// Creates a refusal.
    public init(status: Int, reason: String, message: String, retryAfterMilliseconds: Int64? = nil) {
        self.status = status
        self.reason = reason
        self.message = message
        self.retryAfterMilliseconds = retryAfterMilliseconds
    }

    /// `invalid_name`.
    public static let invalidName = SaleRefusal(status: 400, reason: "invalid_name", message: "the name must be 1 to 120 characters (at most 480 bytes, 8 combining marks on a character)")
    /// `invalid_description`.
    public static let invalidDescription = SaleRefusal(
        status: 400, reason: "invalid_description", message: "the description must be at most 10,000 characters (40,000 bytes, 8 combining marks on a character)")
    /// `reserve_below_start`.
    public static let reserveBelowStart = SaleRefusal(
        status: 400, reason: "reserve_below_start", message: "the reserve must be at least the start price")
    /// `buy_now_below_start`.
    public static let buyNowBelowStart = SaleRefusal(
        status: 400, reason: "buy_now_below_start", message: "the buy-now price must be at least the start price")
    /// `unauthenticated`.
    public static let unauthenticated = SaleRefusal(status: 401, reason: "unauthenticated", message: "log in first")
    /// `not_seller`.
    public static let notSeller = SaleRefusal(status: 403, reason: "not_seller", message: "only the lot's seller may change it")
    /// `unknown_product`.
    public static let unknownProduct = SaleRefusal(status: 404, reason: "unknown_product", message: "no such product")
    /// `has_bids`.
    public static let hasBids = SaleRefusal(status: 409, reason: "has_bids", message: "a lot with bids cannot be withdrawn")
    /// `locked_by_bids`.
    public static let lockedByBids = SaleRefusal(
        status: 409, reason: "locked_by_bids",
        message: "after the first bid the start price, the end time and the reserve (except lowering it) are locked")
    /// `auction_closed`: the lot has ended or was withdrawn.
    public static let closed = SaleRefusal(status: 409, reason: "auction_closed", message: "the auction has ended or was withdrawn")
    /// `unknown_image`: an image hash that was never uploaded.
    public static let unknownImage = SaleRefusal(
        status: 400, reason: "unknown_image", message: "an image hash is not stored; upload it with POST /images first")
    /// `server_error`.
    public static let storeFailed = SaleRefusal(status: 500, reason: "server_error", message: "the store failed; try again later")
    /// `invalid_body`.
    public static func invalidBody(_ message: String) -> SaleRefusal { SaleRefusal(status: 400, reason: "invalid_body", message: message) }
    /// `invalid_price`.
    public static func invalidPrice(_ message: String) -> SaleRefusal { SaleRefusal(status: 400, reason: "invalid_price", message: message) }
    /// `invalid_end_time`.
    public static func invalidEndTime(_ message: String) -> SaleRefusal {
        SaleRefusal(status: 400, reason: "invalid_end_time", message: message)
    }
    /// `too_many_images`.
    public static func tooManyImages(_ limit: Int) -> SaleRefusal {
        SaleRefusal(status: 413, reason: "too_many_images", message: "a lot has at most \(limit) images")
    }
    /// `too_many_uploads`: the user's hourly images or image bytes are spent (429, `Retry-After`).
    public static func tooManyUploads(retryAfterMilliseconds: Int64) -> SaleRefusal {
        SaleRefusal(status: 429, reason: "too_many_uploads", message: "too many image uploads; try again later",
                    retryAfterMilliseconds: retryAfterMilliseconds)
    }
    /// `too_many_lots`: the user listed too many lots this hour (429, `Retry-After`).
    public static func tooManyLots(retryAfterMilliseconds: Int64) -> SaleRefusal {
        SaleRefusal(status: 429, reason: "too_many_lots", message: "too many lots listed this hour; try again later",
                    retryAfterMilliseconds: retryAfterMilliseconds)
    }
    /// `too_many_open_lots`: the user already has the most open lots allowed.
    public static func tooManyOpenLots(_ limit: Int) -> SaleRefusal {
        SaleRefusal(status: 409, reason: "too_many_open_lots", message: "you may have at most \(limit) open lots")
    }
    /// `storage_full`: the user's lots hold the most image bytes allowed.
    public static func storageFull(_ limit: Int) -> SaleRefusal {
        SaleRefusal(status: 413, reason: "storage_full", message: "your lots may hold at most \(limit >> 20) MiB of images")
    }
    /// `images_too_large`: the request's images decode to more than the request may.
    public static func imagesTooLarge(_ limit: Int) -> SaleRefusal {
        SaleRefusal(status: 413, reason: "images_too_large", message: "the images decode to more than \(limit >> 20) MiB together")
    }
    /// An image refused by `ImageUpload` (its own reason code).
    public static func image(_ error: ImageUploadError) -> SaleRefusal {
        SaleRefusal(status: ImageEndpoints.status(for: error).code, reason: error.reason, message: error.description)
    }

    /// `{"error": …, "reason": …}` with the status.
    public var response: HTTPResponse {
        let response = ImageEndpoints.refusal(HTTPStatus(code: status), message, reason: reason)
        return retryAfterMilliseconds.map { response.retryingAfter(milliseconds: $0) } ?? response
    }
}
