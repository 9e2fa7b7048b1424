import AuctionEngine
import AuctionInfrastructure

/// A lot check's answer handed from the loop to the writer thread that waits for it. The check may hold
/// the lot's bids (`.applied`); when the writer gives up waiting first, an `.applied` answer that comes
/// later releases its hold at once, so no lot is ever left held by an action that is no longer running.
final class HeldCheck: Sendable {
    private enum State {
        case waiting
        case answered(AuctionBook.SellerChange)
        case abandoned
    }

    private let state = Mutex<State>(.waiting)
    private let latch = Latch<AuctionBook.SellerChange>()
    private let release: @Sendable () -> Void

    /// A check whose late `.applied` answer runs `release` (on the answering thread: the loop).
    init(release: @escaping @Sendable () -> Void) {
        self.release = release
    }

    /// The loop's answer.
    func answer(_ change: AuctionBook.SellerChange) {
        let abandoned = state.withLock { state -> Bool in
            if case .abandoned = state { return true }
            state = .answered(change)
            return false
        }
        if abandoned {
            if change == .applied { release() }
        } else {
            latch.fulfil(change)
        }
    }

    /// Waits for the answer; nil when none came within `milliseconds` (a later `.applied` is then released).
    func wait(milliseconds: Int) -> AuctionBook.SellerChange? {
        if let change = latch.wait(milliseconds: milliseconds) { return change }
        return state.withLock { state -> AuctionBook.SellerChange? in
            if case .answered(let change) = state { return change }  // answered just as the wait gave up: taken
            state = .abandoned
            return nil
        }
    }
}
