import AuctionCore
import AuctionEngine
import AuctionInfrastructure

/// Lots listed, edited and withdrawn at run time, on this node (HTTP, the demo's seller) or another
/// one (`auction_lots`), brought to the live catalogue and the book — one gate for both paths.
///
/// New lots join strictly in id order (the catalogue and the book take a lot only above every other):
/// after a listing commits, or on a notification, every stored lot above the highest this node
/// knows is read and added in order, and its `loop.execute` posted, all under the gate, so the HTTP
/// thread and the cluster listener never add one twice or out of order. PostgreSQL listings take
/// `PostgresSchema.listingLock`, so lots below a committed one have committed. This node's own edits
/// are applied under the gate too and remembered, so their notification is not applied twice.
final class LotAdoption: Sendable {
    private struct State {
        /// The highest product id this node's catalogue and book know.
        var highest: ProductID
        /// This node's own edits whose `e:<id>` notification is still to come back, counted by lot
        /// (at most `maximumOwnEdits` lots; forgetting one costs at most a second `edited` push).
        var ownEdits: [ProductID: Int] = [:]
    }

    /// The most lots with own edits awaiting their notification (the listener may be away a while).
    static let maximumOwnEdits = 10_000

    private let state: Mutex<State>
    private let store: SellingStore
    private let live: LiveCatalogue
    private let service: LoopBound<SocketService>
    private let loop: EventLoop
    private let bidding: BiddingSettings
    private let clustered: Bool
    private let log: ServerLog

    /// Adoption into `live` and `service`'s book, reading `store`; `clustered` when a listener hears
    /// the store's `auction_lots` (then own edits are remembered until their notification comes back).
    init(store: SellingStore, live: LiveCatalogue, service: LoopBound<SocketService>, loop: EventLoop,
         bidding: BiddingSettings, clustered: Bool, log: ServerLog) {
        state = Mutex(State(highest: live.lastID ?? ProductID(0)))
        self.store = store
        self.live = live
        self.service = service
        self.loop = loop
        self.bidding = bidding
        self.clustered = clustered
        self.log = log
    }

    /// After this node stored lot `id`: it and every stored lot below it this node does not know yet
    /// become live, in id order, before this returns (a bid right after the answer finds it).
    func listed(_ id: ProductID) {
        state.withLock { state in
            guard id > state.highest else { return }  // the listener was first
            addNew(&state)
        }
    }

    /// Runs `stored` (the store's conditional withdrawal; true when written) and, when written, the
    /// lot leaves lists and the book: push 9 `withdrawn`.
    func withdraw(_ id: ProductID, stored: () -> Bool) {
        state.withLock { _ in
            guard stored() else { return }
            applyWithdrawal(id)
        }
    }

    /// Runs `stored` (a moderator's removal in the store; true when written) and, when written, the lot
    /// leaves lists and the book as a withdrawal does, its detail keeps `reason`: push 9 `withdrawn`.
    func remove(_ id: ProductID, reason: String, stored: () -> Bool) {
        state.withLock { _ in
            guard stored() else { return }
            applyRemoval(id, reason: reason)
        }
    }

    /// Runs `stored` (the store's conditional edit; true when written) and, when written, the book
    /// and the live catalogue take the new terms: push 9 `edited`.
    func edit(_ id: ProductID, _ edit: SaleEdit, stored: () -> Bool) {
        state.withLock { state in
            guard stored() else { return }
            if clustered {
                if state.ownEdits.count >= Self.maximumOwnEdits { state.ownEdits = [:] }
                state.ownEdits[id, default: 0] += 1
            }
            live.edit(id, name: edit.name, startPrice: edit.startPrice, endsAt: edit.endsAt, minimumIncrement: edit.minimumIncrement)
            if edit.imageHashes != nil { live.refreshImages(of: id) }
            post(id, startPrice: edit.startPrice, endsAt: edit.endsAt, minimumIncrement: edit.minimumIncrement,
                 reserve: edit.reserve, buyNow: edit.buyNow)
        }
    }

    /// Adopts what a notification names (the cluster listener's thread), reading the store.
    func adopt(_ notice: LotNotice) {
        state.withLock { state in
            switch notice {
            case .listed(let id):
                if id > state.highest { addNew(&state) }
            case .edited(let id):
                if let own = state.ownEdits[id] {
                    state.ownEdits[id] = own > 1 ? own - 1 : nil
                    return
                }
                if id > state.highest { return addNew(&state) }  // read with its edit
                adoptEdit(id)
            case .withdrawn(let id):
                if id > state.highest { return addNew(&state) }
                guard live.removedReason(of: id) == nil else { return }  // this node's own, or adopted already
                let stored: StoredLot
                do throws(StoreError) {
                    guard let lot = try store.lot(id), lot.isWithdrawn else { return }
                    stored = lot
                } catch {
                    return log.warning("cluster: cannot read withdrawn lot \(id): \(error)")
                }
                if let reason = stored.removedReason { return applyRemoval(id, reason: reason) }
                guard !live.isWithdrawn(id) else { return }
                applyWithdrawal(id)
            case .catchUp:
                // Edits of own lots sent while not listening never come back.
                state.ownEdits = [:]
                addNew(&state)
                do throws(StoreError) {
                    // A removed lot is withdrawn too: it is adopted once, as removed (one push 9, with its reason).
                    let removed = try store.removedProducts()
                    for id in try store.withdrawnProducts().sorted()
                    where id <= state.highest && removed[id] == nil && !live.isWithdrawn(id) {
                        applyWithdrawal(id)
                    }
                    for (id, reason) in removed.sorted(by: { $0.key < $1.key }) where id <= state.highest && live.removedReason(of: id) == nil {
                        applyRemoval(id, reason: reason)
                    }
                } catch {
                    log.warning("cluster: cannot read withdrawn lots: \(error)")
                }
                catchUpEdits(through: state.highest)
            }
        }
    }

    /// Reads and adds every stored lot above the highest known, in id order (gate held).
    private func addNew(_ state: inout State) {
        while true {
            let lots: [StoredLot]
            do throws(StoreError) {
                lots = try store.lots(above: state.highest)
            } catch {
                return log.warning("selling: cannot read lots above \(state.highest): \(error)")
            }
            for lot in lots { add(lot) }
            if let last = lots.last { state.highest = max(state.highest, last.product.id) }
            if lots.count < SellingStore.maximumLotsPerRead { return }
        }
    }

    private func add(_ lot: StoredLot) {
        let id = lot.product.id
        guard live.add(lot.product, seller: lot.sellerName) else {
            return log.error("selling: product \(id) is not above every other id; not listed live")
        }
        if lot.isWithdrawn { live.withdraw(id) }
        let item = CatalogueEndpoints.listItem(lot.product, source: live)
        let terms = lot.terms.auctionTerms(defaults: bidding)
        let service = self.service
        loop.execute { service.value.adoptLot(lot, terms: terms, item: item) }
    }

    private func applyRemoval(_ id: ProductID, reason: String) {
        live.remove(id, reason: reason)
        let service = self.service
        loop.execute { service.value.adoptRemoval(id, reason: reason) }
    }

    private func applyWithdrawal(_ id: ProductID) {
        live.withdraw(id)
        let service = self.service
        loop.execute { service.value.adoptWithdrawal(id) }
    }

    /// Another node's edit: the stored terms, whole (the start price only while the store has no bid).
    private func adoptEdit(_ id: ProductID) {
        let stored: StoredLot
        do throws(StoreError) {
            guard let lot = try store.lot(id), !lot.isClosed else { return }
            stored = lot
        } catch {
            return log.warning("cluster: cannot read edited lot \(id): \(error)")
        }
        adoptEdit(stored, onlyWhenChanged: false)
    }

    /// Edits made while the listener was not listening: each edited open lot whose stored terms differ
    /// from what this node shows is adopted (push 9 `edited`); the others change nothing.
    private func catchUpEdits(through highest: ProductID) {
        var after = ProductID(0)
        while after < highest {
            let lots: [StoredLot]
            do throws(StoreError) {
                lots = try store.editedOpenLots(above: after)
            } catch {
                return log.warning("cluster: cannot read edited lots: \(error)")
            }
            for lot in lots where lot.product.id <= highest { adoptEdit(lot, onlyWhenChanged: true) }
            guard lots.count == SellingStore.maximumLotsPerRead, let last = lots.last?.product.id else { return }
            after = last
        }
    }

    private func adoptEdit(_ stored: StoredLot, onlyWhenChanged: Bool) {
        let product = stored.product, id = product.id, open = stored.bidCount == 0
        let differs = live.product(id).map { shown in
            shown.name != product.name || shown.imageIDs != product.imageIDs || shown.endsAt != product.endsAt
                || shown.minimumIncrement != product.minimumIncrement || (open && shown.startPrice != product.startPrice)
        } ?? false
        live.edit(id, name: product.name, startPrice: open ? product.startPrice : nil, endsAt: product.endsAt,
                  minimumIncrement: product.minimumIncrement)
        live.replaceImages(of: id, with: product.imageIDs)
        post(id, startPrice: open ? product.startPrice : nil, endsAt: product.endsAt, minimumIncrement: product.minimumIncrement,
             reserve: stored.terms.reservePrice, buyNow: stored.terms.buyNowPrice, onlyWhenChanged: onlyWhenChanged && !differs)
    }

    private func post(_ id: ProductID, startPrice: Money?, endsAt: Timestamp?, minimumIncrement: Money?, reserve: Money?, buyNow: Money?,
                      onlyWhenChanged: Bool = false) {
        let item = live.product(id).map { CatalogueEndpoints.listItem($0, source: live) } ?? .null
        let service = self.service
        loop.execute {
            service.value.adoptSellerEdit(id, startPrice: startPrice, endsAt: endsAt, minimumIncrement: minimumIncrement,
                                          reserve: reserve, buyNow: buyNow, item: item, onlyWhenChanged: onlyWhenChanged)
        }
    }
}
