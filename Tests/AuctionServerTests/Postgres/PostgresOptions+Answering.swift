@testable import AuctionServer

extension PostgresOptions {
    /// The default options with the store given `milliseconds` to connect or answer.
    static func answering(within milliseconds: Int64) -> PostgresOptions {
        var options = PostgresOptions()
        options.timeoutMilliseconds = milliseconds
        return options
    }
}
