import AuctionCore
import AuctionData
import AuctionInfrastructure

/// The I/O shell around `WatchModel`: one task owns the model and takes events, in arrival order,
/// from the price feed, the keyboard, a ticker and the page loads it starts; it performs the
/// effects (writes, HTTP loads, list state). Nothing else touches the model.
public final class WatchSession: Sendable {
    /// Where the products come from (HTTP).
    public let catalogue: any ProductRepository
    /// Live prices (the socket).
    public let feed: any PriceFeed
    /// The socket session whose list state is replayed after reconnects.
    public let socketSession: SocketSession
    /// The ids watched instead of pages, if any.
    public let ids: [ProductID]?
    /// The terminal or standard output.
    public let output: any OutputSink
    /// Standard error, for notices when not full-screen.
    public let errors: any OutputSink
    /// How often the model is ticked (fades, status line clock).
    public let tickMilliseconds: Int
    /// The clock (the time of day stamps fades, countdowns and the status line).
    public let clock: any TimeSource
    /// Where bids typed in the watch go (the socket, with the saved login); nil: bidding is not offered.
    public let bids: (any BidRepository)?
    /// Skips the wait before the next reconnect attempt (`r` while disconnected).
    public let reconnectNow: @Sendable () -> Void
    /// Runs `--notify-command` for each notification, if given.
    public let notifyCommand: NotifyCommandRunner?
    /// Reads the user's standings from the server (`r` re-reads them with the prices); nil when logged out.
    public let standings: (@Sendable () async -> [ProductID: MyBidStatus])?
    /// The detail pane's and lot keys' services (login, watchlist, reports, chat, pictures).
    public let lots: WatchLotServices
    /// The feed's events, subscribed at creation so nothing is missed before `run`.
    private let feedEvents: AsyncStream<FeedEvent>

    /// Creates a session and subscribes to the feed (create it before starting the socket client); `run` does the work.
    public init(catalogue: any ProductRepository, feed: any PriceFeed, socketSession: SocketSession, ids: [ProductID]?,
                output: any OutputSink, errors: any OutputSink, tickMilliseconds: Int = 250,
                clock: any TimeSource = SystemClock(), bids: (any BidRepository)? = nil,
                reconnectNow: @escaping @Sendable () -> Void = {}, notifyCommand: NotifyCommandRunner? = nil,
                standings: (@Sendable () async -> [ProductID: MyBidStatus])? = nil, lots: WatchLotServices = WatchLotServices()) {
        self.catalogue = catalogue
        self.feed = feed
        self.socketSession = socketSession
        self.ids = ids
        self.output = output
        self.errors = errors
        self.tickMilliseconds = tickMilliseconds
        self.clock = clock
        self.bids = bids
        self.reconnectNow = reconnectNow
        self.notifyCommand = notifyCommand
        self.standings = standings
        self.lots = lots
        feedEvents = feed.events()
    }

    /// Runs until a `.quit` effect or until `inputs` and the feed both end; returns the model at the end.
    @discardableResult
    public func run(_ initial: WatchModel, inputs: AsyncStream<WatchEvent>? = nil) async -> WatchModel {
        var model = initial
        let (events, continuation) = AsyncStream.makeStream(of: WatchEvent.self)
        let feedEvents = self.feedEvents
        let feedTask = Task {
            for await event in feedEvents { continuation.yield(.feed(event)) }
        }
        let inputTask = Task {
            guard let inputs else { return }
            for await event in inputs { continuation.yield(event) }
        }
        let tick = tickMilliseconds
        let tickTask = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(tick))
                continuation.yield(.tick)
            }
        }
        continuation.yield(.tick)
        var helpers: [Task<Void, Never>] = []
        if let standings { helpers.append(Task { continuation.yield(.standingsRead(await standings())) }) }
        if model.interactive, lots.bidder != nil {
            helpers.append(Task { [self] in
                if let ids = await watchlistIDs() { continuation.yield(.watchlistRead(ids)) }
            })
        }
        var lotChat: LotChatLink?
        loop: for await event in events {
            for effect in model.handle(event, now: clock.now()) {
                if case .reload = effect, let standings {
                    helpers.append(Task { continuation.yield(.standingsRead(await standings())) })
                }
                switch effect {
                case .write(let bytes):
                    output.write(bytes)
                case .notice(let text):
                    errors.write("auction: " + text + "\n")
                case .loadPage(let index):
                    helpers.append(Task { [catalogue] in
                        do throws(AuctionError) {
                            continuation.yield(.pageLoaded(index: index, try await catalogue.page(index)))
                        } catch {
                            continuation.yield(.loadFailed(CommandError.describe(error)))
                        }
                    })
                case .announcePages(let count):
                    socketSession.loadedPages = count
                    helpers.append(Task { [feed] in _ = try? await feed.setLoadedPages(count) })
                case .reload where !model.query.isPlain:
                    helpers.append(reloadQuery(model.query, pages: model.pageRanges.count, continuation: continuation))
                case .reload:
                    let pageCount = model.pageRanges.count
                    helpers.append(Task { [self] in
                        do throws(AuctionError) {
                            continuation.yield(.reloaded(try await reload(pages: pageCount)))
                        } catch {
                            continuation.yield(.reloadFailed("reload failed: " + CommandError.describe(error)))
                        }
                    })
                case .placeBid(let bid):
                    let keyed = socketSession.capabilities?.supports(.proxyBids) == true
                    helpers.append(Task { [bids] in
                        let answer = await WatchSession.attempt(bid, with: bids, keyed: keyed)
                        if answer.accepted { continuation.yield(.standings([bid.productID: .leading])) }
                        continuation.yield(.bidAnswered(answer.text))
                    })
                case .reconnectNow:
                    reconnectNow()
                case .runNotifyCommand(let notice):
                    guard let notifyCommand else {
                        continuation.yield(.notifyCommandFinished(.couldNotStart("no notify command")))
                        break
                    }
                    notifyCommand.start(notice) { continuation.yield(.notifyCommandFinished($0)) }
                case .stopNotifyCommand:
                    notifyCommand?.stop()
                case .loadQueryPage, .requery, .announceQuery:
                    helpers.append(perform(query: effect, continuation: continuation))
                case .loadLot, .loadBidHistory, .loadPicture, .buyNow, .setWatched, .report:
                    helpers.append(perform(lot: effect, continuation: continuation))
                case .chat(let request):
                    if lotChat == nil, let login = lots.login, let room = lots.chatRoom, case .join(let name) = request {
                        lotChat = LotChatLink(firstRoom: room(name), login: login, events: continuation)
                    }
                    lotChat?.send(request)
                case .quit:
                    break loop
                }
            }
        }
        notifyCommand?.shutdown()
        lotChat?.close()
        for task in [feedTask, inputTask, tickTask] + helpers { task.cancel() }
        continuation.finish()
        return model
    }

    /// How a bid that could not be sent is worded on the status line.
    static let failurePrefix = "bid failed: "

    /// Places a bid as `auction bid` does and words its outcome for the status line: when the server keeps
    /// idempotency keys (`keyed`), the bid carries a fresh one and is sent once more with it when no answer
    /// came, so a retry never places a second bid.
    static func place(_ bid: Bid, with bids: (any BidRepository)?, keyed: Bool = false) async -> String {
        await attempt(bid, with: bids, keyed: keyed).text
    }

    /// `place`, also telling whether the bid was accepted (the user then leads the lot).
    static func attempt(_ bid: Bid, with bids: (any BidRepository)?, keyed: Bool = false) async -> (text: String, accepted: Bool) {
        guard let bids else { return ("bidding is not available here", false) }
        var bid = bid
        if keyed, bid.idempotencyKey == nil { bid.idempotencyKey = try? IdempotencyKey.fresh() }
        let attempts = bid.idempotencyKey == nil ? 1 : 2
        for attempt in 1...attempts {
            do throws(AuctionError) {
                // Our server explains its answer (price after, leader, next minimum): the words come from that.
                let answer: BidAnswer
                if let explaining = bids as? SocketBidRepository {
                    answer = try await explaining.placeExplained(bid)
                } else {
                    answer = BidAnswer(outcome: try await PlaceBid(bids: bids)(bid))
                }
                if case .refused(.unauthenticated, _) = answer.outcome {
                    return ("bidding needs a login: quit and run `auction login <name>`", false)
                }
                if case .accepted = answer.outcome {
                    return (BidReport.acceptedText(answer, productID: bid.productID), answer.leading ?? true)
                }
                return (BidReport.refusalText(answer, productID: bid.productID), false)
            } catch .timedOut, .connectionLost {
                if attempt == attempts { break }
            } catch {
                return (failurePrefix + CommandError.describe(error), false)
            }
        }
        return ("outcome unknown: no answer came; check with `auction show \(bid.productID)`", false)
    }

    /// Loads again what is shown: the given ids, or the first `pages` pages.
    func reload(pages: Int) async throws(AuctionError) -> [[Product]] {
        if let ids { return [try await WatchSession.products(ids, from: catalogue)] }
        return try await LoadCatalogue(products: catalogue).pages(from: 0, count: max(1, pages)).map(\.products)
    }

    /// The products with these ids, in this order (an unknown id is `notFound`).
    static func products(_ ids: [ProductID], from catalogue: any ProductRepository) async throws(AuctionError) -> [Product] {
        var products: [Product] = []
        for id in ids { products.append(try await catalogue.detail(of: id).product) }
        return products
    }
}
