import AuctionCore
import AuctionData
import AuctionEngine
import AuctionInfrastructure
import AuctionLotLog

/// A lot's log built in memory as the house would write it: entries chained one by one, heads signed
/// with a key from a fixed seed (RFC 8032's TEST 1 by default), and the JSON documents a server serves.
/// Tests tamper with `entries` afterwards and expect the verifiers to name the entry.
public struct LotLogFixture: Sendable {
    /// RFC 8032 §7.1 TEST 1's secret key (a seed).
    public static let testSeed = LotLogFixture.bytes("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")
    /// RFC 8032 §7.1 TEST 2's secret key, for a key the house does not list.
    public static let otherSeed = LotLogFixture.bytes("4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb")
    /// When the fixture's key became valid and its heads are signed.
    public static let keyValidFrom = Timestamp(millisecondsSinceEpoch: 1_700_000_000_000)

    /// The lot.
    public let lot: ProductID
    /// The house's signing key.
    public let key: Ed25519PrivateKey
    /// The entries as written, chained.
    public private(set) var chained: [ChainedEntry] = []
    /// When the next entry happens (each `append` moves it on by `step`).
    public var now: Timestamp
    /// How far `now` moves per entry (ms).
    public var step: Int64 = 1_000

    /// An empty log for `lot`, signed by the key made from `seed`.
    public init(lot: ProductID = ProductID(5), seed: [UInt8] = LotLogFixture.testSeed,
                now: Timestamp = Timestamp(millisecondsSinceEpoch: 1_764_800_000_000)) {
        self.lot = lot
        key = Ed25519PrivateKey(seed: seed)!
        self.now = now
    }

    /// The hash of the last entry (the genesis hash before the first).
    public var lastHash: [UInt8] { chained.last?.hash ?? LotLogChain.genesis }

    /// Appends `event` at `now` (or `time`) as the next entry; returns it chained.
    @discardableResult
    public mutating func append(_ event: LotLogEvent, at time: Timestamp? = nil) -> ChainedEntry {
        let entry = LotLogEntry(lot: lot, seq: UInt64(chained.count + 1), time: time ?? now, event: event)
        let link = ChainedEntry(entry, after: lastHash)
        chained.append(link)
        now = (time ?? now).adding(milliseconds: step)
        return link
    }

    /// The entries as a server serves them.
    public var served: [ServedEntry] { chained.map(ServedEntry.init) }

    /// The house's key as `GET /log/keys` lists it.
    public var houseKey: HouseKey { HouseKey(publicKey: key.publicKey, validFrom: Self.keyValidFrom) }

    /// The head at `seq` (default: the last entry), signed among `others` heads of the same batch at
    /// `index`, by `signer` (default: the house's key).
    public func signedHead(at seq: UInt64? = nil, index: Int = 0, others: [LogHead] = [], signedAt: Timestamp? = nil,
                           signer: Ed25519PrivateKey? = nil) -> SignedHead {
        let seq = seq ?? UInt64(chained.count)
        let head = LogHead(lot: lot, seq: seq, hash: seq == 0 ? LotLogChain.genesis : chained[Int(seq) - 1].hash)
        var heads = others
        heads.insert(head, at: min(index, heads.count))
        let position = min(index, others.count)
        let leaves = heads.map(\.leafHash)
        let signer = signer ?? key
        let keyID = KeyID.of(publicKey: signer.publicKey)
        let time = signedAt ?? now
        let message = SignedHead.signedMessage(keyID: keyID, signedAt: time, leafCount: leaves.count, root: HeadTree.root(leaves[...]))
        return SignedHead(head: head, signedAt: time, keyID: keyID, leafIndex: position, leafCount: leaves.count,
                          path: HeadTree.path(leaves[...], index: position), signature: signer.signature(of: message))
    }

    /// The receipt of the entry at `seq`, with the head signed right after it.
    public func receipt(at seq: UInt64) -> LotReceipt {
        let link = chained[Int(seq) - 1]
        return LotReceipt(lot: lot, seq: seq, bytes: link.bytes, hash: link.hash, head: signedHead(at: seq))
    }

    /// `GET /products/{id}/log` pages of at most `pageSize` entries of `entries` (default: as written),
    /// each with `head` (default: the last entry's), as JSON text by `after`.
    public func pages(_ entries: [ServedEntry]? = nil, head: SignedHead? = nil, pageSize: Int = 1_000,
                      alias: LotAlias? = nil) -> [UInt64: String] {
        let entries = entries ?? served
        let head = head ?? signedHead()
        var pages: [UInt64: String] = [:]
        var start = 0
        repeat {
            let end = min(entries.count, start + pageSize)
            let after = start == 0 ? 0 : entries[start - 1].seq
            let next = end < entries.count ? entries[end - 1].seq : nil
            let page = LotLogPage(lot: lot, entries: Array(entries[start..<end]), nextAfter: next, head: head, yourAlias: alias)
            pages[after] = LotLogDTO.pageJSON(page).jsonText
            start = end
        } while start < entries.count
        return pages
    }

    /// `GET /log/keys` listing `keys` (default: the house's key).
    public func keysJSON(_ keys: [HouseKey]? = nil) -> String { LotLogDTO.keysJSON(keys ?? [houseKey]).jsonText }

    /// A log of `bids` bids at the least bid each, alternating among `bidders`, then its close: the
    /// shape of a busy lot (`bids` + 2 entries).
    public static func busyLot(bids: Int, bidders: [LotAlias], lot: ProductID = ProductID(5)) -> LotLogFixture {
        var log = LotLogFixture(lot: lot)
        log.step = 10
        let end = log.now.adding(milliseconds: Int64(bids + 10) * 10)
        let terms = LotLogTerms(startPrice: 1_000, endsAt: end)
        log.append(.listed(terms, price: 1_000, bidCount: 0))
        var price = Money(1_000)
        for index in 0..<bids {
            let next = index == 0 ? price : BidMinimum.afterStep(at: price, minimumIncrement: nil)
            log.append(.bid(LotLogBid(bidSeq: Int64(index + 1), price: next, previousPrice: price,
                                      bidder: bidders[index % bidders.count], isAutomatic: false)))
            price = next
        }
        log.append(.closed(LotLogClose(finalPrice: price, winner: bids > 0 ? bidders[(bids - 1) % bidders.count] : nil,
                                       reserveMet: true, bought: false)), at: end)
        return log
    }

    /// The bytes of `hex` (fixtures only: traps on bad hex).
    public static func bytes(_ hex: String) -> [UInt8] { Hex.decode(hex)! }
}
