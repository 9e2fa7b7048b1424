import AuctionCore
import AuctionData

/// The detail pane's and lot keys' effects of `watch`, each on a task of its own that reports back on
/// the watch's event stream: the lot's detail, bid history and pictures over HTTP (as `show` reads them),
/// buy now over the socket (as `auction buy`), the watchlist and reports over HTTP.
extension WatchSession {
    /// Performs `.loadLot`, `.loadBidHistory`, `.loadPicture`, `.buyNow`, `.setWatched` or `.report`.
    func perform(lot effect: WatchEffect, continuation: AsyncStream<WatchEvent>.Continuation) -> Task<Void, Never> {
        Task { [self] in
            switch effect {
            case .loadLot(let id):
                do throws(AuctionError) {
                    let detail = try await catalogue.detail(of: id)
                    continuation.yield(.lotLoaded(id, detail, bids: await history(of: id)))
                } catch {
                    continuation.yield(.lotLoadFailed(id, CommandError.describe(error)))
                }
            case .loadBidHistory(let id):
                continuation.yield(.bidHistoryLoaded(id, await history(of: id)))
            case .loadPicture(let imageID):
                continuation.yield(.pictureLoaded(imageID: imageID, await picture(imageID)))
            case .buyNow(let id):
                let keyed = socketSession.capabilities?.supports(.proxyBids) == true
                continuation.yield(.bidAnswered(await WatchSession.buy(id, with: bids, keyed: keyed)))
            case .setWatched(let id, let watched):
                continuation.yield(await setWatched(id, watched))
            case .report(let id, let reason):
                continuation.yield(.bidAnswered(await report(id, reason: reason)))
            default:
                break
            }
        }
    }

    /// The bid history as `show` reads it (with the login, so the viewer's own bids are marked); nil when the server has none.
    private func history(of id: ProductID) async -> [BidHistoryEntry]? {
        guard let http = catalogue as? HTTPProductRepository else { return nil }
        return (try? await http.bidHistory(of: id, token: lots.login?.token)) ?? nil
    }

    /// An image through the picture cache, decoded (off the loop, on this task), or why not.
    private func picture(_ imageID: Int) async -> ProductPicture {
        do throws(AuctionError) {
            let bytes: [UInt8]
            if let http = catalogue as? HTTPProductRepository {
                bytes = try await ImageDiskCache.image(imageID, from: http, cache: lots.imageCache)
            } else {
                bytes = try await catalogue.image(imageID)
            }
            return ProductPicture(decoding: bytes)
        } catch {
            return ProductPicture(loadingFailed: error)
        }
    }

    private func setWatched(_ id: ProductID, _ watched: Bool) async -> WatchEvent {
        guard let bidder = lots.bidder, let token = lots.login?.token else {
            return .bidAnswered("the watchlist needs a login: quit and run `auction login <name>`")
        }
        do throws(AuctionError) {
            if watched { try await bidder.watch(id, token: token) } else { try await bidder.unwatch(id, token: token) }
            return .watchlistAnswered(id, watched: watched, "product \(id) is " + (watched ? "on" : "not on") + " your watchlist")
        } catch {
            return .bidAnswered("watchlist: " + CommandError.describe(error))
        }
    }

    private func report(_ id: ProductID, reason: String) async -> String {
        guard let moderation = lots.moderation, let token = lots.login?.token else {
            return "reporting needs a login: quit and run `auction login <name>`"
        }
        do throws(AuctionError) {
            return ModCommand.line(try await moderation.report(id, reason: reason, token: token))
        } catch {
            return "report not sent: " + CommandError.describe(error)
        }
    }

    /// The user's watchlist as the server lists it; nil when logged out or it could not be read.
    func watchlistIDs() async -> Set<ProductID>? {
        guard let bidder = lots.bidder, let token = lots.login?.token else { return nil }
        return (try? await bidder.watchlist(token: token)).map(Set.init)
    }

    /// Buys as `auction buy` does, worded for the status line: a fresh idempotency key when the server
    /// keeps them (`keyed`), sent once more with it when no answer came, so a retry never buys twice.
    static func buy(_ id: ProductID, with bids: (any BidRepository)?, keyed: Bool) async -> String {
        guard let socket = bids as? SocketBidRepository, keyed else { return "buying now is not offered by this server" }
        let key = try? IdempotencyKey.fresh()
        for attempt in 1...2 {
            do throws(AuctionError) {
                let answer = try await socket.buyNow(id, idempotencyKey: key)
                switch answer.outcome {
                case .accepted(let paid): return "bought: product \(id) for \(paid)"
                case .refused(.unauthenticated, _): return "buying needs a login: quit and run `auction login <name>`"
                case .refused: return OutcomeText.bid(answer.outcome, productID: id)
                }
            } catch .timedOut, .connectionLost {
                if attempt == 2 { break }
            } catch {
                return failurePrefix + CommandError.describe(error)
            }
        }
        return "outcome unknown: no answer came; check with `auction show \(id)`"
    }
}
