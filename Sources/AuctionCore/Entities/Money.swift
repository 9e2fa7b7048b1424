/// An amount of money in the currency's minor unit (won has none, so 35000 means ₩35,000).
public struct Money: Hashable, Comparable, Sendable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    /// The amount in minor units; never a floating-point value.
    public var minorUnits: Int64

    /// Creates an amount from minor units.
    public init(_ minorUnits: Int64) { self.minorUnits = minorUnits }

    /// Creates an amount from an integer literal in minor units.
    public init(integerLiteral value: Int64) { self.minorUnits = value }

    /// Zero.
    public static let zero = Money(0)

    /// The largest amount that every JSON reader holds exactly (2^53 − 1, JavaScript's
    /// `Number.MAX_SAFE_INTEGER`): no price on the wire may exceed it.
    public static let largestExact = Money(9_007_199_254_740_991)

    /// Orders amounts by value.
    public static func < (lhs: Money, rhs: Money) -> Bool { lhs.minorUnits < rhs.minorUnits }
    /// Adds two amounts, saturating at `Int64.min`/`Int64.max` instead of trapping (see `Money+Arithmetic`).
    public static func + (lhs: Money, rhs: Money) -> Money { lhs.saturatingAdding(rhs) }
    /// Subtracts two amounts, saturating at `Int64.min`/`Int64.max` instead of trapping.
    public static func - (lhs: Money, rhs: Money) -> Money { lhs.saturatingSubtracting(rhs) }

    /// The amount with thousands separators, e.g. `35,000`.
    public var description: String { Money.group(minorUnits) }

    /// The amount with an explicit sign, e.g. `+500`, `-1,000`, `0`.
    public var signedDescription: String {
        minorUnits > 0 ? "+" + description : description
    }

    private static func group(_ value: Int64) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return value < 0 ? "-" + out : out
    }

    /// Parses `35000`, `35,000` or `35_000`; nil for anything else (signs, decimals, overflow).
    public init?(parsing text: String) {
        let cleaned = text.filter { $0 != "," && $0 != "_" }
        guard !cleaned.isEmpty, cleaned.allSatisfy({ $0.isASCII && $0.isNumber }),
              let value = Int64(cleaned) else { return nil }
        // Separators, when present, must group by three from the right.
        if text.contains(",") {
            let groups = text.split(separator: ",", omittingEmptySubsequences: false)
            guard let first = groups.first, (1...3).contains(first.count),
                  groups.dropFirst().allSatisfy({ $0.count == 3 }) else { return nil }
        }
        self.minorUnits = value
    }
}
