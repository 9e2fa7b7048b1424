import AuctionServer

extension AuctionHouseServer {
    /// Runs `body` and returns its result with the bids each ledger commit stored meanwhile, on
    /// average (0 when nothing was committed).
    func bidsPerCommit<Result>(during body: () -> Result) -> (Result, Double) {
        let before = ledgerStatistics ?? LedgerStatistics()
        let result = body()
        let after = ledgerStatistics ?? LedgerStatistics()
        let commits = after.commits - before.commits
        return (result, commits > 0 ? Double(after.committedBids - before.committedBids) / Double(commits) : 0)
    }
}
