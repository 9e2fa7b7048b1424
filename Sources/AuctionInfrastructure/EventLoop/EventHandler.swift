/// Something registered with an event loop's epoll: a connection, a listener, a pending connect.
/// Called on the loop thread only.
protocol EventHandler: AnyObject {
    /// Handles the epoll readiness bits `events` for this handler's descriptor.
    func handleEvents(_ events: UInt32)
    /// The loop is shutting down: release the descriptor and report to the owner.
    func loopDidShutDown()
}
