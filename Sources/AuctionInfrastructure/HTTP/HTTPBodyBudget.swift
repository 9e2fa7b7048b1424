/// The request body bytes a server holds at once, across all its connections: a connection takes
/// its request's declared length when the head arrives (before the body is read) and gives it back
/// once the request is answered or the connection ends. Loop-confined (one per `HTTPServerAcceptor`).
final class HTTPBodyBudget {
    /// Most body bytes held at once.
    let limit: Int
    /// Body bytes held now.
    private(set) var held = 0

    /// A budget of `limit` bytes.
    init(limit: Int) { self.limit = limit }

    /// Takes `bytes` when they fit; false (nothing taken) when they would pass the limit.
    func take(_ bytes: Int) -> Bool {
        guard bytes <= limit - held else { return false }
        held += bytes
        return true
    }

    /// Gives back bytes taken earlier.
    func giveBack(_ bytes: Int) {
        held = max(0, held - bytes)
    }
}
