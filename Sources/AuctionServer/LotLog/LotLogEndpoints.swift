import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionLotLog

/// `GET /products/{id}/log?after=SEQ&limit=N` and `GET /log/keys` (public, ours): a lot's log by
/// pages of at most 1,000 entries with its signed head, and the house's keys (docs/PROTOCOL.md).
/// Reads run on the catalogue readers, never the loop; a full queue answers 503.
struct LotLogEndpoints: HTTPRouteCollection {
    /// The most entries a page holds (and the default).
    static let maximumPage = 1_000

    /// The store the reads run on.
    var catalogue: CatalogueStore
    /// Whether the lot exists (the live catalogue, no store read).
    var exists: @Sendable (ProductID) -> Bool
    /// A bearer token's user (on the readers).
    var user: @Sendable (String) -> UserID?
    /// Aliases for `your_alias`.
    var signer: LotLogSigner
    /// Where reads run.
    var offload: CatalogueEndpoints.Offload
    /// Each lot's last signed head, by seq: a page of an unchanged lot reads one index entry, not the
    /// signature row with its leaves, nor works out the path again.
    let heads = HeadCache()

    /// Adds both routes.
    func register(on router: inout HTTPRouter) {
        let catalogue = self.catalogue, exists = self.exists, user = self.user, signer = self.signer, offload = self.offload
        let heads = self.heads
        router.on(.get, "/products/{id}/log", responding: { request, responder in
            let text = request.pathParameters["id"] ?? ""
            guard let number = Int(text), number >= 1, number <= Int(Int32.max) else {
                return responder.respond(Self.failure(.badRequest, "expected a product id from 1 in /products/{id}/log", reason: .malformed))
            }
            guard let paging = Self.paging(request.query) else {
                return responder.respond(Self.failure(.badRequest, "after is a seq from 0 and limit 1-\(Self.maximumPage)", reason: .malformed))
            }
            let lot = ProductID(number)
            guard exists(lot) else { return responder.respond(Self.failure(.notFound, "no such product", reason: .unknownProduct)) }
            let token = AccountEndpoints.bearerToken(request)
            Self.run(offload, responder) { () throws(StoreError) -> HTTPResponse in
                let alias = token.flatMap(user).map { signer.secrets.alias(of: $0, on: lot) }
                return try catalogue.withDatabase { database throws(StoreError) -> HTTPResponse in
                    let page = try LotLogReads.entries(of: lot, after: paging.after, limit: paging.limit, on: database)
                    let head = try heads.head(of: lot, on: database)
                    return Self.ok(Self.logBody(lot, page: page, head: head, alias: alias))
                }
            }
        })
        router.on(.get, "/log/keys", responding: { _, responder in
            Self.run(offload, responder) { () throws(StoreError) -> HTTPResponse in
                let keys = try catalogue.withDatabase { database throws(StoreError) in try LotLogReads.keys(on: database) }
                return Self.ok(.object(JSONObject([("keys", .array(keys.map { key in
                    .object(JSONObject([
                        ("key_id", .string(Hex.encode(key.keyID))), ("public_key", .string(Hex.encode(key.publicKey))),
                        ("valid_from", .int(key.validFrom)), ("valid_until", key.validUntil.map { .int($0) } ?? .null),
                    ]))
                }))])))
            }
        })
    }

    /// `after` (default 0) and `limit` (default and at most 1,000) from the query; nil when either is malformed.
    static func paging(_ query: String?) -> (after: UInt64, limit: Int)? {
        guard let parameters = FormParameters(query ?? "") else { return nil }
        var after: UInt64 = 0, limit = maximumPage
        if let text = parameters["after"] {
            guard text.utf8.count <= 19, let value = UInt64(text), value <= UInt64(Int64.max) else { return nil }
            after = value
        }
        if let text = parameters["limit"] {
            guard text.utf8.count <= 4, let value = Int(text), value >= 1, value <= maximumPage else { return nil }
            limit = value
        }
        return (after, limit)
    }

    private static func logBody(_ lot: ProductID, page: (entries: [LotLogReads.StoredEntry], more: Bool), head: SignedHeadProof?,
                                alias: LotAlias?) -> JSONValue {
        let entries: [JSONValue] = page.entries.map { stored in
            let kind = (try? LotLogEntry(canonicalBytes: stored.bytes))?.event.kindName ?? "unknown"
            return .object(JSONObject([
                ("seq", .int(Int64(clamping: stored.seq))), ("kind", .string(kind)),
                ("entry", .string(Hex.encode(stored.bytes))), ("hash", .string(Hex.encode(stored.hash))),
            ]))
        }
        var members: [(String, JSONValue)] = [
            ("lot", .int(Int64(lot.rawValue))), ("entries", .array(entries)),
            ("next_after", page.more ? page.entries.last.map { .int(Int64(clamping: $0.seq)) } ?? .null : .null),
            ("head", head.map(BidReceiptDTO.json) ?? .null),
        ]
        if let alias { members.append(("your_alias", .string(alias.description))) }
        return .object(JSONObject(members))
    }

    private static func run(_ offload: CatalogueEndpoints.Offload, _ responder: HTTPResponder,
                            _ read: @escaping @Sendable () throws(StoreError) -> HTTPResponse) {
        let job: @Sendable () -> Void = {
            do throws(StoreError) {
                responder.respond(try read())
            } catch {
                responder.respond(failure(.serviceUnavailable, "\(error)", reason: .unavailable).retryingAfter(seconds: 1))
            }
        }
        if !offload(job) {
            responder.respond(failure(.serviceUnavailable, "the server is busy; try again in a moment", reason: .rateLimited)
                .retryingAfter(seconds: 1))
        }
    }

    private static func ok(_ body: JSONValue) -> HTTPResponse {
        HTTPResponse(status: .ok, contentType: "application/json; charset=utf-8", body: body.serialized())
    }

    private static func failure(_ status: HTTPStatus, _ message: String, reason: RefusalReason) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json; charset=utf-8",
                     body: JSONValue.object(JSONObject([("error", .string(message)), ("reason", .string(reason.rawValue))])).serialized())
    }
}

/// The last signed head of each lot, kept while its seq is the lot's last (at most 10,000 lots; emptied when full).
final class HeadCache: Sendable {
    private static let capacity = 10_000
    private let heads = Mutex<[ProductID: SignedHeadProof]>([:])

    /// `lot`'s head: the cached one while no entry followed it, else read from the store and kept.
    func head(of lot: ProductID, on database: any StoreDatabase) throws(StoreError) -> SignedHeadProof? {
        guard let last = try LotLogReads.lastSeq(of: lot, on: database) else { return nil }
        if let cached = heads.withLock({ $0[lot] }), cached.seq == last { return cached }
        guard let head = try LotLogReads.head(of: lot, on: database) else { return nil }
        heads.withLock { heads in
            if heads.count >= Self.capacity { heads.removeAll(keepingCapacity: true) }
            heads[lot] = head
        }
        return head
    }
}
