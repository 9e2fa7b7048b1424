import AuctionInfrastructure

extension AuctionHouseServer {
    /// Refuses a write that needs a session (`POST /products`, `PATCH /products/{id}`, `POST /images`)
    /// from its headers when the bearer token is missing or unknown: 401 before its body (up to
    /// 51 MiB) is read. Runs on the loop, like every route's own token check.
    static func headScreen(sessions: any SessionResolver) -> HTTPServer.Configuration.HeadScreen {
        { head, _ in
            guard needsSession(head) else { return nil }
            guard let token = AccountEndpoints.bearerToken(head), sessions.user(forToken: token) != nil else {
                // Each route's own answer to a missing token, only sooner.
                return head.target.hasPrefix("/images") ? AccountEndpoints.failure(.invalidToken) : SaleRefusal.unauthenticated.response
            }
            return nil
        }
    }

    /// Whether the request is one of the logged-in writes that carry large bodies.
    static func needsSession(_ head: HTTPRequest) -> Bool {
        let path = head.target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        switch head.method {
        case .post: return path == "/products" || path == "/images"
        case .patch: return path.hasPrefix("/products/")
        default: return false
        }
    }

    /// The worker that parses selling bodies and decodes uploaded images: one thread and a short queue
    /// (`image_decode_queue`), so uploads never hold the catalogue's readers and a full queue answers 503.
    static func decodeWorkers(_ limits: UploadLimits) -> BlockingWorkers {
        BlockingWorkers(name: "auction-decode", threads: 1, maximumQueued: limits.decodeQueue)
    }
}
