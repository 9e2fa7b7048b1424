import AuctionInfrastructure

extension MultipartError {
    /// The status a refused multipart body gets: 413 when it is too large (body, parts, part
    /// headers), 400 when it is malformed.
    var httpStatus: HTTPStatus {
        switch self {
        case .bodyTooLarge, .tooManyParts, .partHeadersTooLarge: .contentTooLarge
        case .notMultipart, .invalidBoundary, .truncated, .malformed: .badRequest
        }
    }
}
