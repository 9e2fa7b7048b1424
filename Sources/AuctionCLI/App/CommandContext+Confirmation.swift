/// Asking before an action the user may not have meant (a bid far above the price, a buy).
extension CommandContext {
    /// Whether to go ahead: `yes` (`--yes`) skips the question; on a terminal `question` is asked;
    /// without a terminal the answer is never an implicit yes. Prints why when it is not confirmed.
    /// `reason` says what needs confirming, e.g. "your bid 50,000 is 67% above the current price 30,000".
    public func confirmed(_ question: String, yes: Bool, noTerminal reason: String) -> Bool {
        if yes { return true }
        guard console.inputIsTerminal else {
            console.error("\(reason), and there is no terminal to confirm it on: nothing was sent (add --yes to go ahead)")
            return false
        }
        guard confirm(question) else {
            console.error("not confirmed: nothing was sent")
            return false
        }
        return true
    }
}
