/// What a selling refusal's reason code means, in a sentence a seller can act on.
public enum LotRefusalText {
    /// A sentence for `reason` with the server's own sentence (neutralised) after it when it adds something.
    public static func text(reason: String, message: String) -> String {
        let server = TerminalText.sanitized(message)
        guard let known = explanation(reason) else { return "refused (\(TerminalText.sanitized(reason))): \(server)" }
        return server.isEmpty || server == known ? "refused: \(known) (\(reason))" : "refused: \(known) (\(reason): \(server))"
    }

    /// The explanation of a known reason code, or nil.
    public static func explanation(_ reason: String) -> String? {
        switch reason {
        case "invalid_name": "the name must have 1 to 120 characters"
        case "invalid_description": "the description may have at most 10,000 characters"
        case "invalid_price": "a price is not a positive whole number the server accepts"
        case "invalid_end_time": "the end must be 1 minute to 30 days from now, not in the past"
        case "reserve_below_start": "the reserve must be at least the start price"
        case "buy_now_below_start": "the buy-now price must be at least the start price"
        case "too_many_images": "a lot has at most 10 images"
        case "image_too_large": "an image is larger than the server accepts (5 MiB)"
        case "unsupported_image": "an image is not a PNG, JPEG or WebP"
        case "mislabelled_image": "an image's type does not match its bytes"
        case "corrupt_image": "an image is damaged or truncated"
        case "empty_image": "an image is empty"
        case "image_dimensions_too_large": "an image has more pixels than the server accepts"
        case "too_many_uploads": "too many image uploads this hour; try again later"
        case "not_seller": "only the lot's seller may change or withdraw it"
        case "locked_by_bids": "the lot has bids: its start price and end time are locked and its reserve may only be lowered"
        case "has_bids": "the lot has bids and can no longer be withdrawn"
        case "unknown_product": "there is no such lot"
        case "rate_limited": "too many requests; wait a moment and try again"
        case "body_too_large": "the upload is larger than the server accepts (it refused it before reading it)"
        default: nil
        }
    }
}
