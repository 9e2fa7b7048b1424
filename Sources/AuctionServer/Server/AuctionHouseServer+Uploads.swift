import AuctionInfrastructure

extension AuctionHouseServer {
    /// Refuses a write that needs a session (`POST /products`, `PATCH /products/{id}`, `POST /images`)
    /// from its headers when the bearer token is missing or unknown: 401 before its body (up to
    /// 51 MiB) is read. The token is looked up on `workers` (the store may be slow or locked), never on
    /// the loop; the connection reads nothing meanwhile, and a full queue answers 503.
    static func headScreen(sessions: any SessionResolver, workers: BlockingWorkers) -> HTTPServer.Configuration.HeadScreen {
        { head, _ in LoopStoreCheck.onLoop {
            guard needsSession(head) else { return .read }
            // Each route's own answer to a missing token, only sooner.
            let refusal = head.target.hasPrefix("/images") ? AccountEndpoints.failure(.invalidToken) : SaleRefusal.unauthenticated.response
            guard let token = AccountEndpoints.bearerToken(head), SessionToken.isWellFormed(token) else { return .refuse(refusal) }
            return .later { answer in
                let queued = workers.submit { answer(sessions.user(forToken: token) == nil ? refusal : nil) }
                if !queued { answer(ImageEndpoints.refusal(.serviceUnavailable, "the server is busy; try again in a moment", reason: "busy").retryingAfter(seconds: 1)) }
            }
        } }
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
