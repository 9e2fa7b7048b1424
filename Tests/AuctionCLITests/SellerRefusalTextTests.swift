import AuctionCLI
import AuctionCore
import AuctionData
import Testing

/// The client says plainly why a seller's own bid, or a reused idempotency key, was refused.
@Suite struct SellerRefusalTextTests {
    @Test func ownLotAndAReusedKeyReadAsSentences() throws {
        #expect(OutcomeText.bid(.refused(.ownLot, currentPrice: 2_000), productID: 21)
                == "refused: you sell this lot; a seller cannot bid on or buy their own lot (current price 2,000)")
        #expect(OutcomeText.failure(.refused(.idempotencyKeyReused))
                == "that idempotency key was already used for a different request; use a new key")
        // The wire codes read back as these reasons (not `unspecified`).
        #expect(RefusalReason(rawValue: "own_lot") == .ownLot)
        #expect(RefusalReason(rawValue: "idempotency_key_reused") == .idempotencyKeyReused)
    }
}
