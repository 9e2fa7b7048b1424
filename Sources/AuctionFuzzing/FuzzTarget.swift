import AuctionEngine
import AuctionInfrastructure
import AuctionServer

/// One thing to fuzz: a function of arbitrary bytes that must never trap and returns a broken
/// invariant as a sentence (nil when all held), plus a generator of interesting inputs for the
/// seeded mode (libFuzzer makes its own).
public struct FuzzTarget: Sendable {
    /// The target's name on the command line (`--target frame`).
    public let name: String
    /// Makes one input from a seeded random source.
    public let generate: @Sendable (inout SplitMix64) -> [UInt8]
    /// Runs one input; the broken invariant, or nil.
    public let run: @Sendable ([UInt8]) -> String?

    /// Creates a target.
    public init(name: String, generate: @escaping @Sendable (inout SplitMix64) -> [UInt8],
                run: @escaping @Sendable ([UInt8]) -> String?) {
        self.name = name
        self.generate = generate
        self.run = run
    }

    /// Every target: socket frames and JSON, HTTP requests and catalogue bodies, the bid path, money,
    /// idempotent requests on a live server, catalogue queries, selling bodies, PNG files.
    public static let all: [FuzzTarget] = [.frames, .http, .bids, .money, .keys, .query, .selling, .png]

    /// The target with this name.
    public static func named(_ name: String) -> FuzzTarget? { all.first { $0.name == name } }
}

extension Array where Element == UInt8 {
    /// `bytes` with 1–8 random byte flips, deletions, insertions or copied runs.
    static func mutated(_ bytes: [UInt8], using random: inout SplitMix64, alphabet: [UInt8]) -> [UInt8] {
        var out = bytes
        for _ in 0..<Int.random(in: 1...8, using: &random) {
            let position = out.isEmpty ? 0 : Int.random(in: 0..<out.count, using: &random)
            let fresh = Bool.random(using: &random) ? (alphabet.randomElement(using: &random) ?? 0) : UInt8.random(in: 0...255, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0 where !out.isEmpty: out[position] = fresh
            case 1 where !out.isEmpty: out.remove(at: position)
            case 2 where !out.isEmpty:
                let length = Int.random(in: 1...16, using: &random)
                out.insert(contentsOf: out[position..<Swift.min(out.count, position + length)], at: Int.random(in: 0...out.count, using: &random))
            default: out.insert(fresh, at: position)
            }
        }
        return out
    }
}
