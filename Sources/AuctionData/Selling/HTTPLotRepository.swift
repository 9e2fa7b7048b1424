import AuctionCore
import AuctionInfrastructure

/// A seller's requests over HTTP (`POST /products`, `POST /images`, `PATCH`/`DELETE /products/{id}`,
/// `GET /me/selling`) with the session token. Answers map to `LotError`: 401 →
/// `auction(.refused(.unauthenticated))`, 404 `unknown_product` → `auction(.notFound)`, a 404 or 405
/// without a reason → `auction(.server(404 or 405, …))` (a server without these endpoints), any other refusal with a
/// `reason` → `refused(reason, message, status)`.
public struct HTTPLotRepository: LotRepository {
    /// The client that carries the requests.
    public let client: HTTPClient

    /// Creates a repository over a client.
    public init(client: HTTPClient) { self.client = client }

    /// `POST /products` as `multipart/form-data`: the fields and one `image` part per image.
    public func list(_ listing: LotListing, images: [LotImage], token: String) async throws(LotError) -> ProductID {
        let form = LotDTO.form(listing, images: images)
        let boundary = LotDTO.boundary(for: form)
        let response = try await send(.post, "/products", token: token, contentType: "multipart/form-data; boundary=\(boundary)",
                                      body: form.serialized(boundary: boundary))
        guard let id = LotDTO.createdID(from: response.body) else {
            throw .auction(.protocolViolation("the POST /products answer is not {\"id\":N} with an id in range"))
        }
        return id
    }

    /// `POST /images` with the image's bytes.
    public func uploadImage(_ image: LotImage, token: String) async throws(LotError) -> String {
        let response = try await send(.post, "/images", token: token, contentType: LotDTO.mediaType(of: image.bytes), body: image.bytes)
        guard let hash = LotDTO.imageHash(from: response.body) else {
            throw .auction(.protocolViolation("the POST /images answer has no image hash"))
        }
        return hash
    }

    /// `PATCH /products/{id}` with the changed fields as JSON.
    public func edit(_ id: ProductID, _ edit: LotEdit, token: String) async throws(LotError) {
        _ = try await send(.patch, "/products/\(id.rawValue)", token: token, contentType: "application/json",
                           body: LotDTO.editJSON(edit).serialized(), product: id)
    }

    /// `DELETE /products/{id}`.
    public func withdraw(_ id: ProductID, token: String) async throws(LotError) {
        _ = try await send(.delete, "/products/\(id.rawValue)", token: token, product: id)
    }

    /// `GET /me/selling`.
    public func mySelling(token: String) async throws(LotError) -> [SellingLot] {
        let response = try await send(.get, "/me/selling", token: token)
        guard let lots = LotDTO.selling(from: response.body) else {
            throw .auction(.protocolViolation("the /me/selling answer is not {\"lots\":[…]} with fields in range"))
        }
        return lots
    }

    /// Sends a request with the session's token; a failed answer is thrown as a `LotError`.
    private func send(_ method: HTTPMethod, _ path: String, token: String, contentType: String? = nil, body: [UInt8] = [],
                      product: ProductID? = nil) async throws(LotError) -> HTTPResponse {
        var headers: HTTPHeaders = ["Authorization": "Bearer \(token)", "Accept": "application/json"]
        if let contentType { headers.add(name: "Content-Type", value: contentType) }
        let response: HTTPResponse
        do throws(HTTPError) {
            response = try await client.send(HTTPRequest(method: method, target: path, headers: headers, body: body))
        } catch {
            throw .auction(error.auctionError)
        }
        guard response.status.isSuccess else { throw failure(response, path: path, product: product) }
        return response
    }

    /// A failed answer as a `LotError`.
    private func failure(_ response: HTTPResponse, path: String, product: ProductID?) -> LotError {
        let (reason, message) = BidderDTO.failure(from: response.body)
        let text = message ?? (response.body.isEmpty || response.body.count > 512 ? response.status.reasonPhrase
                               : String(decoding: response.body, as: UTF8.self))
        switch (response.status.code, reason) {
        case (401, _):
            return .auction(.refused(.unauthenticated))
        case (404, RefusalReason.unknownProduct.rawValue?):
            return .auction(.notFound(product.map { "product \($0.rawValue)" } ?? "product"))
        case (404, nil), (405, nil):
            return .auction(.server(status: response.status.code, message: "\(path) is not supported by the server at \(client.baseURL)"))
        case (let status, let reason?):
            return .refused(reason: reason, message: text, status: status)
        case (let status, nil):
            return .auction(.server(status: status, message: text))
        }
    }
}
