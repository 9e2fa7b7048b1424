import AuctionTestSupport
import AuctionCore
import AuctionEngine
import Testing

/// Who may bid, decided in the engine without a socket.
@Suite struct BidAdmissionTests {
    let connection = ConnectionID(1)
    let alice = UserID(rawValue: 7)
    let now = EngineFixtures.start

    @Test func aLoggedInUserBidsAsThemselves() {
        var limiter = RateLimiter<ConnectionID>(configuration: .perSecond(5))
        let decision = BidAdmission(allowsAnonymousBids: false)
            .decide(connection: connection, user: alice, wasLoggedIn: true, claimed: alice, limiter: &limiter, now: now)
        #expect(decision == .admitted(bidder: alice))
    }

    @Test func claimingAnotherUserIsRefused() {
        var limiter = RateLimiter<ConnectionID>(configuration: .perSecond(5))
        let decision = BidAdmission(allowsAnonymousBids: true)
            .decide(connection: connection, user: alice, wasLoggedIn: true, claimed: UserID(rawValue: 8), limiter: &limiter, now: now)
        #expect(decision == .refused(.userMismatch))
    }

    @Test func anonymousBidsNeedTheSettingAndNoEndedSession() {
        var limiter = RateLimiter<ConnectionID>(configuration: .perSecond(5))
        let closed = BidAdmission(allowsAnonymousBids: false)
        let open = BidAdmission(allowsAnonymousBids: true)
        #expect(closed.decide(connection: connection, user: nil, wasLoggedIn: false, claimed: nil, limiter: &limiter, now: now)
                == .refused(.unauthenticated))
        #expect(open.decide(connection: connection, user: nil, wasLoggedIn: false, claimed: alice, limiter: &limiter, now: now)
                == .admitted(bidder: nil))
        // A session that ended is answered unauthenticated even where anonymous bids are allowed.
        #expect(open.decide(connection: connection, user: nil, wasLoggedIn: true, claimed: nil, limiter: &limiter, now: now)
                == .refused(.unauthenticated))
    }

    @Test func bidsBeyondTheRateAreRefusedAndRefusalsTakeNoToken() {
        var limiter = RateLimiter<ConnectionID>(configuration: .perSecond(2))
        let admission = BidAdmission(allowsAnonymousBids: false)
        _ = admission.decide(connection: connection, user: nil, wasLoggedIn: false, claimed: nil, limiter: &limiter, now: now)
        #expect(admission.decide(connection: connection, user: alice, wasLoggedIn: true, claimed: nil, limiter: &limiter, now: now)
                == .admitted(bidder: alice))
        #expect(admission.decide(connection: connection, user: alice, wasLoggedIn: true, claimed: nil, limiter: &limiter, now: now)
                == .admitted(bidder: alice))
        #expect(admission.decide(connection: connection, user: alice, wasLoggedIn: true, claimed: nil, limiter: &limiter, now: now)
                == .refused(.rateLimited))
    }
}
