import AuctionCore
import AuctionEngine
import AuctionImage
import AuctionInfrastructure

/// The image routes: `POST /images` (logged in: upload one PNG, JPEG or WebP, validated by decoding
/// it, stored by content hash) and `GET /images/{hash}` (served with `ETag`, an immutable
/// `Cache-Control`, `304` on a matching `If-None-Match`). Decoding and store reads run on `workers`,
/// never on the event loop nor on Swift's cooperative pool.
public struct ImageEndpoints: HTTPRouteCollection {
    /// The paths served, in the order they are documented.
    public static let paths = ["/images", "/images/{hash}"]

    /// The largest request body `POST /images` accepts: one image at its limit plus multipart framing.
    public static func bodyLimit(_ rules: ImageUpload.Rules) -> Int { rules.maximumBytes + 65_536 }

    /// Where images are kept.
    public var store: ImageStore
    /// Who a bearer token belongs to.
    public var sessions: any SessionResolver
    /// What an upload must satisfy.
    public var rules: ImageUpload.Rules
    /// Where decoding and reads run; false when it cannot take the job now (answered 503).
    public var offload: CatalogueEndpoints.Offload
    /// The time an upload is recorded with.
    public var now: @Sendable () -> Timestamp
    /// The images and bytes each user may upload an hour, shared with `POST /products`; past it 429 `too_many_uploads`.
    public var budget: UploadBudget
    /// Where uploads are decoded (their own bounded workers, so reads never queue behind them).
    public var decoders: CatalogueEndpoints.Offload

    /// The image routes over `store`; without `decoders`, uploads decode on `offload`.
    public init(store: ImageStore, sessions: any SessionResolver, rules: ImageUpload.Rules = ImageUpload.Rules(),
                offload: @escaping CatalogueEndpoints.Offload, decoders: CatalogueEndpoints.Offload? = nil,
                now: @escaping @Sendable () -> Timestamp, budget: UploadBudget = UploadBudget(imagesPerHour: 120, limits: UploadLimits())) {
        self.store = store
        self.sessions = sessions
        self.rules = rules
        self.offload = offload
        self.decoders = decoders ?? offload
        self.now = now
        self.budget = budget
    }

    /// Adds `POST /images` and `GET /images/{hash}`.
    public func register(on router: inout HTTPRouter) {
        let store = self.store, sessions = self.sessions, rules = self.rules, offload = self.offload, now = self.now
        let budget = self.budget, decoders = self.decoders
        router.on(.post, "/images", responding: { request, responder in
            // On the decoder, never the loop: resolving the token may read the store.
            Self.run(decoders, responder) {
                guard let token = AccountEndpoints.bearerToken(request), let user = sessions.user(forToken: token) else {
                    return AccountEndpoints.failure(.invalidToken)
                }
                if let retry = budget.takeImages(user.id, count: 1, bytes: request.body.count, now: now()) {
                    return Self.tooManyUploads(retryAfterMilliseconds: retry)
                }
                return Self.upload(request, store: store, rules: rules, now: now())
            }
        })
        router.on(.get, "/images/{hash}", responding: { request, responder in
            let hash = request.pathParameters["hash"] ?? ""
            guard StoredImage.isHash(hash) else { return responder.respond(Self.unknownImage(hash)) }
            Self.run(offload, responder) {
                do throws(StoreError) {
                    guard let image = try store.image(hash: hash) else { return Self.unknownImage(hash) }
                    return HTTPCaching.respond(to: request, bytes: image.bytes, contentType: image.contentType, hash: hash,
                                               cacheControl: HTTPCaching.immutable)
                } catch {
                    return Self.refusal(.internalServerError, "the image store failed; try again later", reason: "server_error")
                }
            }
        })
    }

    /// Validates and stores the image of an upload request (raw bytes, or multipart with an `image` part).
    static func upload(_ request: HTTPRequest, store: ImageStore, rules: ImageUpload.Rules, now: Timestamp) -> HTTPResponse {
        let bytes: [UInt8], declared: String?
        let contentType = request.headers["Content-Type"] ?? ""
        if contentType.lowercased().hasPrefix("multipart/") {
            do throws(MultipartError) {
                let form = try MultipartFormData(body: request.body, contentType: contentType,
                                                 limits: .init(bodyBytes: bodyLimit(rules), parts: 4))
                let images = form.parts(named: "image")
                guard images.count == 1, let part = images.first else {
                    return refusal(.badRequest, "send exactly one part named 'image'", reason: "malformed_multipart")
                }
                (bytes, declared) = (part.body, part.contentType)
            } catch {
                return refusal(error.httpStatus, error.description, reason: error.reason)
            }
        } else {
            (bytes, declared) = (request.body, contentType.isEmpty ? nil : contentType)
        }
        do throws(ImageUploadError) {
            let upload = try rules.validate(bytes, declaredType: declared)
            let stored = try? store.store(upload, at: now)
            guard let stored else {
                return refusal(.internalServerError, "the image store failed; try again later", reason: "server_error")
            }
            var response = HTTPResponse(status: .created, contentType: "application/json; charset=utf-8", body: JSONValue.object(JSONObject([
                ("hash", .string(stored.hash)), ("content_type", .string(stored.contentType)),
                ("width", .int(Int64(stored.width))), ("height", .int(Int64(stored.height))),
            ])).serialized())
            response.headers.add(name: "Location", value: "/images/" + stored.hash)
            return response
        } catch {
            return refusal(status(for: error), error.description, reason: error.reason)
        }
    }

    /// The status of a refused upload: 413 too large, 415 not an accepted format, 400 otherwise.
    static func status(for error: ImageUploadError) -> HTTPStatus {
        switch error {
        case .tooLarge, .tooManyImages: .contentTooLarge
        case .unsupported, .mislabelled: HTTPStatus(code: 415)
        case .decoderUnavailable: .serviceUnavailable
        case .empty, .dimensionsTooLarge, .corrupt: .badRequest
        }
    }

    /// 429 `too_many_uploads`: the user's hourly images or bytes are spent (any route).
    static func tooManyUploads(retryAfterMilliseconds: Int64) -> HTTPResponse {
        refusal(.tooManyRequests, "too many image uploads; try again later", reason: "too_many_uploads")
            .retryingAfter(milliseconds: retryAfterMilliseconds)
    }

    /// `{"error": …, "reason": …}` with a status.
    static func refusal(_ status: HTTPStatus, _ message: String, reason: String) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json; charset=utf-8",
                     body: JSONValue.object(JSONObject([("error", .string(message)), ("reason", .string(reason))])).serialized())
    }

    private static func unknownImage(_ hash: String) -> HTTPResponse {
        refusal(.notFound, "no image with hash \(hash.prefix(64))", reason: "unknown_image")
    }

    private static func run(_ offload: CatalogueEndpoints.Offload, _ responder: HTTPResponder,
                            _ body: @escaping @Sendable () -> HTTPResponse) {
        if !offload({ responder.respond(body()) }) {
            responder.respond(refusal(.serviceUnavailable, "the server is busy; try again in a moment", reason: "busy")
                .retryingAfter(seconds: 1))
        }
    }
}
