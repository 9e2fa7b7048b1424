/// How much of the catalogue a client has loaded ("list state"), and so which price changes it is sent.
///
/// The rule is the original backend's: after loading page `S` (zero-based) a client reports
/// `stateNumber: S`; it is then recorded as having loaded `S + 1` pages while `S` is below
/// `productCount / 15`, otherwise as `S` pages. A change to the product at 1-based position `i`
/// (by id order) goes to clients that have loaded at least `ceil(i / 15)` pages.
public struct ListState: Hashable, Sendable {
    /// Pages loaded, counted from one; zero means the client gets no list-based pushes.
    public private(set) var pagesLoaded: Int

    /// A client that has not reported any list state.
    public init() { pagesLoaded = 0 }

    /// A client that has loaded this many pages.
    public init(pagesLoaded: Int) { self.pagesLoaded = max(0, pagesLoaded) }

    /// Applies a reported `stateNumber`; returns the reply the original backend gives (`true` when in range).
    public mutating func report(stateNumber: Int, productCount: Int) -> Bool {
        // `stateNumber < productCount / 15` in the backend's floating-point arithmetic,
        // written so a hostile `stateNumber` cannot overflow.
        if stateNumber >= 0 && productCount > 0 && stateNumber <= (productCount - 1) / ProductPage.size {
            pagesLoaded = stateNumber + 1
            return true
        }
        pagesLoaded = max(0, stateNumber)
        return false
    }

    /// Whether a change to the product at this 1-based catalogue position is sent to the client.
    public func includes(position: Int) -> Bool {
        guard position >= 1 else { return false }
        return pagesLoaded >= ListState.page(ofPosition: position)
    }

    /// The 1-based page that holds a 1-based catalogue position: `ceil(position / 15)`.
    public static func page(ofPosition position: Int) -> Int {
        (position + ProductPage.size - 1) / ProductPage.size
    }
}
