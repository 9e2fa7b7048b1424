import AuctionEngine
import AuctionInfrastructure
import AuctionServer

/// Runs targets on generated inputs: case `n` of seed `s` is always the same input, so any failure
/// is replayed by `auction-fuzz --target T --seed S --case N`.
public struct FuzzCampaign: Sendable {
    /// A broken invariant, with what replays it.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// The target's name.
        public var target: String
        /// The campaign's seed.
        public var seed: UInt64
        /// The case number within the seed.
        public var caseNumber: Int
        /// The input that broke it.
        public var input: [UInt8]
        /// What broke.
        public var message: String

        /// The failure, its input in hex and the command that replays it.
        public var description: String {
            """
            fuzz target \(target) failed: \(message)
              seed \(seed), case \(caseNumber); input (\(input.count) bytes): \(FuzzCampaign.hex(input))
              replay: swift run -c release auction-fuzz --target \(target) --seed \(seed) --case \(caseNumber)
            """
        }
    }

    /// The seed every case derives from.
    public let seed: UInt64

    /// A campaign for one seed.
    public init(seed: UInt64) { self.seed = seed }

    /// The input of case `number` of `target`.
    public func input(of target: FuzzTarget, case number: Int) -> [UInt8] {
        var random = SplitMix64(seed: seed ^ (UInt64(truncatingIfNeeded: number) &* 0x9E37_79B9_7F4A_7C15) ^ Self.salt(target.name))
        return target.generate(&random)
    }

    /// Runs cases `range` of `target`; the first failure, or nil. A trap in a case prints the seed and
    /// case to standard error before the process dies (`FuzzCrashReport`).
    public func run(_ target: FuzzTarget, cases range: Range<Int>) -> Failure? {
        FuzzCrashReport.install()
        defer { FuzzCrashReport.uninstall() }
        for number in range {
            FuzzCrashReport.record(target: target.name, seed: seed, caseNumber: number)
            let input = input(of: target, case: number)
            if let message = target.run(input) {
                return Failure(target: target.name, seed: seed, caseNumber: number, input: input, message: message)
            }
        }
        return nil
    }

    /// Lowercase hex, for inputs in reports.
    public static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
    }

    /// Bytes from hex text; nil when it is not hex.
    public static func bytes(hex text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = nibble(digits[index]), let low = nibble(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// A per-target constant so targets do not share inputs (FNV-1a of the name).
    private static func salt(_ name: String) -> UInt64 {
        name.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0100_0000_01B3 }
    }
}
