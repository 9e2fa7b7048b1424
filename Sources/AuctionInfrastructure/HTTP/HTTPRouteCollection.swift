/// A feature's HTTP routes, added to a router together (hummingbird's route collections): each
/// feature owns its paths, and the server only says which features it serves.
public protocol HTTPRouteCollection {
    /// Adds this feature's routes to `router`.
    func register(on router: inout HTTPRouter)
}
