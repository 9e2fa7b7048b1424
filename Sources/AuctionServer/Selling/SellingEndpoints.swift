import AuctionCore
import AuctionEngine
import AuctionImage
import AuctionInfrastructure

/// The selling routes (issue 12), all for a logged-in user (`Authorization: Bearer`): `POST /products`
/// (multipart with image parts, or JSON with `image_hashes`), `PATCH /products/{id}`,
/// `DELETE /products/{id}` and `GET /me/selling`. Parsing and image decoding run on `decoders`
/// (bounded workers of their own: neither the loop nor catalogue reads wait for them), reads on
/// `offload`'s threads, every write on `writer`; images and lots count against the user's `budget`.
/// The book decides first whether bids lock a change (on the loop, through `hooks`; bids in flight
/// count) and holds the lot's bids until the store has decided too (it knows every node's bids); the
/// book takes what it wrote, then the held bids are decided on it.
public struct SellingEndpoints: HTTPRouteCollection, Sendable {
    /// The paths served, in the order they are documented.
    public static let paths = ["/products", "/products/{id}", "/me/selling"]

    /// The largest `POST /products` body: every image at its limit plus the fields and framing.
    public static func bodyLimit(_ rules: ImageUpload.Rules) -> Int { rules.maximumBytes * rules.maximumImagesPerLot + (1 << 20) }

    /// Where lots are written.
    public var store: SellingStore
    /// Who a bearer token belongs to.
    public var sessions: any SessionResolver
    /// The bounds a lot meets.
    public var rules: SaleRules
    /// Where parsing, decoding and reads run.
    public var offload: CatalogueEndpoints.Offload
    /// Where writes run, one at a time.
    public var writer: CatalogueEndpoints.Offload
    /// The running auction.
    public var hooks: SellingHooks
    /// The server's clock.
    public var now: @Sendable () -> Timestamp
    /// Where request bodies are parsed and images decoded.
    public var decoders: CatalogueEndpoints.Offload
    /// Images, bytes and lots each user may add an hour (shared with `POST /images`).
    public var budget: UploadBudget
    /// The per-user bounds on open lots and stored image bytes.
    public var limits: UploadLimits

    /// The selling routes; without `decoders`, bodies are parsed on `offload`.
    public init(store: SellingStore, sessions: any SessionResolver, rules: SaleRules,
                offload: @escaping CatalogueEndpoints.Offload, decoders: CatalogueEndpoints.Offload? = nil,
                writer: @escaping CatalogueEndpoints.Offload, hooks: SellingHooks, now: @escaping @Sendable () -> Timestamp,
                budget: UploadBudget = UploadBudget(imagesPerHour: 120, limits: UploadLimits()), limits: UploadLimits = UploadLimits()) {
        self.store = store
        self.sessions = sessions
        self.rules = rules
        self.offload = offload
        self.decoders = decoders ?? offload
        self.writer = writer
        self.hooks = hooks
        self.now = now
        self.budget = budget
        self.limits = limits
    }

    /// Adds the selling routes.
    public func register(on router: inout HTTPRouter) {
        let endpoints = self
        router.on(.post, "/products", responding: { request, responder in
            endpoints.authorised(request, responder) { user in endpoints.create(request, user: user, responder) }
        })
        router.on(.delete, "/products/{id}", responding: { request, responder in
            endpoints.authorised(request, responder) { user in endpoints.withdraw(request, user: user, responder) }
        })
        router.on(.patch, "/products/{id}", responding: { request, responder in
            endpoints.authorised(request, responder) { user in endpoints.edit(request, user: user, responder) }
        })
        router.on(.get, "/me/selling", responding: { request, responder in
            endpoints.authorised(request, responder) { user in endpoints.selling(user: user, responder) }
        })
    }

    private func create(_ request: HTTPRequest, user: SessionUser, _ responder: HTTPResponder) {
        let store = self.store, hooks = self.hooks, now = self.now, writer = self.writer
        run(decoders, responder) { () throws(SaleRefusal) in
            let listing = try listing(from: request, user: user.id, now: now())
            run(writer, responder) { () throws(SaleRefusal) in
                try admitLot(listing, seller: user.id)
                let created: Product?
                do {
                    created = try store.create(listing, seller: user.id, sellerName: user.name, now: now())
                } catch {
                    throw .storeFailed
                }
                guard let product = created else { throw .unknownImage }
                hooks.listed(product.id)  // live here before the answer
                var response = Self.json(.created, [("id", .int(Int64(product.id.rawValue)))])
                response.headers.add(name: "Location", value: "/products/\(product.id.rawValue)")
                responder.respond(response)
            }
        }
    }

    private func withdraw(_ request: HTTPRequest, user: SessionUser, _ responder: HTTPResponder) {
        let store = self.store, hooks = self.hooks, now = self.now, writer = self.writer
        run(offload, responder) { () throws(SaleRefusal) in
            let id = try ownedProduct(request, user: user)
            hooks.checkWithdrawal(id) { change in
                let held = change == .applied  // the lot's bids wait until the store has answered
                run(writer, responder, unrun: { if held { hooks.release(id) } }) { () throws(SaleRefusal) in
                    defer { if held { hooks.release(id) } }
                    try Self.check(change, otherwise: .hasBids)
                    var outcome: StoredSellerChange?
                    hooks.withdraw(id) {
                        outcome = try? store.withdraw(id, now: now())
                        return outcome == .applied
                    }
                    try Self.check(outcome, otherwise: .hasBids)
                    responder.respond(Self.json(.ok, [("ok", .bool(true))]))
                }
            }
        }
    }

    private func edit(_ request: HTTPRequest, user: SessionUser, _ responder: HTTPResponder) {
        let store = self.store, hooks = self.hooks, now = self.now, writer = self.writer
        run(decoders, responder) { () throws(SaleRefusal) in
            let id = try ownedProduct(request, user: user)
            let edit = try saleEdit(from: request, current: hooks.product(id), now: now())
            hooks.checkEdit(id, edit) { change in
                let held = change == .applied  // the lot's bids wait until the store has answered
                run(writer, responder, unrun: { if held { hooks.release(id) } }) { () throws(SaleRefusal) in
                    defer { if held { hooks.release(id) } }
                    try Self.check(change, otherwise: .lockedByBids)
                    var outcome: StoredSellerChange?
                    hooks.edit(id, edit) {
                        outcome = try? store.edit(id, edit, now: now())
                        return outcome == .applied
                    }
                    try Self.check(outcome, otherwise: .lockedByBids)
                    responder.respond(Self.json(.ok, [("ok", .bool(true))]))
                }
            }
        }
    }

    private func selling(user: SessionUser, _ responder: HTTPResponder) {
        let store = self.store
        run(offload, responder) { () throws(SaleRefusal) in
            let rows: [SellingLot]
            do {
                rows = try store.selling(of: user.id)
            } catch {
                throw .storeFailed
            }
            responder.respond(Self.json(.ok, [("lots", .array(rows.map(Self.json(_:))))]))
        }
    }

    /// The product named by the path, when `user` sells it.
    private func ownedProduct(_ request: HTTPRequest, user: SessionUser) throws(SaleRefusal) -> ProductID {
        guard let text = request.pathParameters["id"], let number = Int(text), number > 0, number <= Int(Int32.max) else {
            throw .unknownProduct
        }
        let id = ProductID(number)
        let owner: UserID??
        do {
            owner = try store.sellerID(of: id)
        } catch {
            throw .storeFailed
        }
        guard let owner else { throw .unknownProduct }
        guard owner == user.id else { throw .notSeller }
        return id
    }

    private static func check(_ change: AuctionBook.SellerChange, otherwise: SaleRefusal) throws(SaleRefusal) {
        switch change {
        case .applied: return
        case .unknownProduct: throw .unknownProduct
        case .closed: throw .closed
        case .hasBids: throw otherwise
        }
    }

    /// The store's answer as the book's would be (nil: the store failed).
    private static func check(_ outcome: StoredSellerChange?, otherwise: SaleRefusal) throws(SaleRefusal) {
        switch outcome {
        case .applied: return
        case nil: throw .storeFailed
        case .unknownProduct: throw .unknownProduct
        case .closed: throw .closed
        case .hasBids: throw otherwise
        case .unknownImage: throw .unknownImage
        }
    }

    /// Resolves the request's token on `offload` (it may read the store, never on the loop), then runs `body` there.
    private func authorised(_ request: HTTPRequest, _ responder: HTTPResponder, _ body: @escaping @Sendable (SessionUser) -> Void) {
        let sessions = self.sessions
        run(offload, responder) {
            guard let token = AccountEndpoints.bearerToken(request), let user = sessions.user(forToken: token) else {
                let suspension = AccountEndpoints.bearerToken(request).flatMap { sessions.suspension(forToken: $0) }
                return responder.respond(suspension?.response ?? SaleRefusal.unauthenticated.response)
            }
            body(user)
        }
    }

    /// Runs `body` where `offload` puts it; a refusal it throws is the answer. `unrun` runs when
    /// `offload` does not take it (busy).
    func run(_ offload: CatalogueEndpoints.Offload, _ responder: HTTPResponder, unrun: () -> Void = {},
                     _ body: @escaping @Sendable () throws(SaleRefusal) -> Void) {
        let accepted = offload {
            do throws(SaleRefusal) {
                try body()
            } catch {
                responder.respond(error.response)
            }
        }
        if !accepted {
            unrun()
            responder.respond(ImageEndpoints.refusal(.serviceUnavailable, "the server is busy; try again in a moment", reason: "busy")
                .retryingAfter(seconds: 1))
        }
    }

    static func json(_ status: HTTPStatus, _ members: [(String, JSONValue)]) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json; charset=utf-8", body: JSONValue.object(JSONObject(members)).serialized())
    }

    static func json(_ row: SellingLot) -> JSONValue {
        var object = JSONObject([("product_id", .int(Int64(row.productID.rawValue))), ("name", .string(row.name)),
                                 ("status", .string(row.status.rawValue)), ("bid_count", .int(Int64(row.bidCount))),
                                 ("current_price", .int(row.currentPrice.minorUnits))])
        if let met = row.reserveMet { object["reserve_met"] = .bool(met) }
        if let winner = row.winner { object["winner"] = .string(winner) }
        if let price = row.finalPrice { object["final_price"] = .int(price.minorUnits) }
        object["end_time"] = row.endTime.map { .int($0.millisecondsSinceEpoch) } ?? .null
        return .object(object)
    }
}
