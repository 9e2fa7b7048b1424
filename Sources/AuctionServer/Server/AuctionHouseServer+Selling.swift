import AuctionBidding
import AuctionCore
import AuctionEngine
import AuctionInfrastructure

extension AuctionHouseServer {
    /// The selling routes' way into the running auction: checks on the loop, stored changes through
    /// `adoption` (the gate the cluster listener shares), which updates the live catalogue at once and
    /// the book and push 9 on the loop.
    static func sellingHooks(adoption: LotAdoption, live: LiveCatalogue, service: LoopBound<SocketService>,
                             loop: EventLoop, metrics: ServerMetrics? = nil) -> SellingHooks {
        SellingHooks(
            listed: { metrics?.count(.lotsListed); adoption.listed($0) },
            checkWithdrawal: { id, decided in
                loop.execute { decided(service.value.bidPath.checkWithdrawal(id)) }
            },
            checkEdit: { id, edit, decided in
                loop.execute {
                    decided(service.value.bidPath.checkEdit(id, startPrice: edit.startPrice, endsAt: edit.endsAt, reserve: edit.reserve))
                }
            },
            release: { id in
                loop.execute { service.value.releaseSellerHold(id) }  // after the adoption's own posts
            },
            withdraw: { id, stored in adoption.withdraw(id, stored: { metrics.counting(.lotsWithdrawn, stored()) }) },
            edit: { id, edit, stored in adoption.edit(id, edit, stored: { metrics.counting(.lotsEdited, stored()) }) },
            product: { live.product($0) })
    }

    /// The moderation actions' way into the running auction: checks and notices on the loop, stored
    /// removals through `adoption` (the gate the cluster listener shares).
    static func moderationHooks(adoption: LotAdoption, service: LoopBound<SocketService>, loop: EventLoop) -> ModerationHooks {
        ModerationHooks(
            checkRemoval: { id in
                let check = HeldCheck(release: { service.value.releaseSellerHold(id) })
                loop.execute { check.answer(service.value.bidPath.checkRemoval(id)) }
                return check.wait(milliseconds: 30_000)
            },
            checkRetraction: { id in
                let check = HeldCheck(release: { service.value.releaseSellerHold(id) })
                loop.execute { service.value.checkRetraction(id) { check.answer($0) } }
                return check.wait(milliseconds: 30_000)
            },
            adoptRetraction: { retraction in loop.execute { service.value.adoptRetraction(retraction) } },
            release: { id in loop.execute { service.value.releaseSellerHold(id) } },
            remove: { id, reason, stored in adoption.remove(id, reason: reason, stored: stored) },
            notify: { drafts in loop.execute { service.value.post(drafts) } },
            endConnections: { user, suspension in
                let settled = Latch<Void>()
                loop.execute {
                    service.value.logOutConnections(of: user, suspension: suspension)
                    service.value.afterDecidedBidsCommit { settled.fulfil(()) }
                }
                return settled.wait(milliseconds: 30_000) != nil
            })
    }
}
