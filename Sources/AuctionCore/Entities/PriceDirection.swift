/// Which way a price last moved.
public enum PriceDirection: Sendable, Hashable {
    /// The last change raised the price.
    case up
    /// The last change lowered the price.
    case down
    /// No change yet.
    case unchanged

    /// The direction of a change of the given size.
    public init(change: Money) {
        self = change > .zero ? .up : change < .zero ? .down : .unchanged
    }

    /// The arrow a terminal shows for it.
    public var arrow: String {
        switch self {
        case .up: "↑"
        case .down: "↓"
        case .unchanged: " "
        }
    }
}
