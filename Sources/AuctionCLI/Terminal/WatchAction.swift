/// What a key press asks `auction watch` to do.
public enum WatchAction: Hashable, Sendable {
    /// `q`, `Q`, Ctrl-C or Ctrl-D: restore the terminal and exit.
    case quit
    /// `n` or Page Down: the next screenful (loading pages as needed).
    case nextPage
    /// `p` or Page Up: the previous screenful.
    case previousPage
    /// `g` or Home: the first screen.
    case firstPage
    /// `G` or End: the last screen (loading pages up to the end).
    case lastPage
    /// `r`: reload the page over HTTP and repaint (while disconnected: reconnect now).
    case reload
    /// `j` or ↓: select the next line (scrolling when needed).
    case selectNext
    /// `k` or ↑: select the previous line.
    case selectPrevious
    /// `b`: bid on the selected line.
    case bid
    /// `B`: a proxy bid on the selected line (the prompt asks for the maximum).
    case proxyBid
    /// `u`: buy the selected lot now at its buy-now price (asked first).
    case buyNow
    /// `w`: put the selected lot on the watchlist, or take it off.
    case toggleWatchlist
    /// `!`: report the selected lot to the moderators (the prompt asks why).
    case report
    /// Enter or →: open the detail pane for the selected lot.
    case openDetail
    /// ← or Esc: close the detail pane.
    case closeDetail
    /// `c`: type in the lot's chat room (the detail pane's chat input).
    case focusChat
    /// `[` / `]`: the lot's previous / next image in the detail pane.
    case previousImage, nextImage
    /// `?`: show the keys.
    case help
    /// `/`: type a filter (search text) applied on the server.
    case filter
    /// `s`: the next sort (id → ending → price → new → change → bids → id), reloaded from the server.
    case sort

    /// The action for a key, or nil when the key does nothing in `watch`.
    public init?(key: Key) {
        switch key {
        case .character("q"), .character("Q"), .interrupt, .endOfInput: self = .quit
        case .character("n"), .character("N"), .pageDown: self = .nextPage
        case .character("p"), .character("P"), .pageUp: self = .previousPage
        case .character("g"), .home: self = .firstPage
        case .character("G"), .end: self = .lastPage
        case .character("r"), .character("R"): self = .reload
        case .character("j"), .character("J"), .down: self = .selectNext
        case .character("k"), .character("K"), .up: self = .selectPrevious
        case .character("b"): self = .bid
        case .character("B"): self = .proxyBid
        case .character("u"), .character("U"): self = .buyNow
        case .character("w"), .character("W"): self = .toggleWatchlist
        case .character("!"): self = .report
        case .enter, .right: self = .openDetail
        case .left, .escape: self = .closeDetail
        case .character("c"), .character("C"): self = .focusChat
        case .character("["): self = .previousImage
        case .character("]"): self = .nextImage
        case .character("?"), .character("h"), .character("H"): self = .help
        case .character("/"): self = .filter
        case .character("s"), .character("S"): self = .sort
        default: return nil
        }
    }
}
