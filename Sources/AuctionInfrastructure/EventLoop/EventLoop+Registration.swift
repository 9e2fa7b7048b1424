extension EventLoop {
    /// Adds `fd` to epoll with `events`, dispatching to `handler`; returns the registration number.
    func register(_ fd: CInt, events: UInt32, handler: EventHandler) throws(Errno) -> UInt64 {
        let registration = nextRegistration
        nextRegistration += 1
        try Syscall.epollControl(
            epollFD, operation: LinuxConstants.epollControlAdd, fd: fd, events: events, data: registration)
        handlers[registration] = handler
        return registration
    }

    /// Changes the interest set of a registered descriptor.
    func modify(_ fd: CInt, registration: UInt64, events: UInt32) throws(Errno) {
        try Syscall.epollControl(
            epollFD, operation: LinuxConstants.epollControlModify, fd: fd, events: events, data: registration)
    }

    /// Removes `fd` from epoll and forgets its handler; events already read for it are then ignored.
    func unregister(_ fd: CInt, registration: UInt64) {
        try? Syscall.epollControl(
            epollFD, operation: LinuxConstants.epollControlDelete, fd: fd, events: 0, data: registration)
        handlers.removeValue(forKey: registration)
    }

    /// Tracks a handler that has no descriptor yet (a connect still resolving), so shutdown reaches it.
    func track(_ handler: EventHandler) -> UInt64 {
        let registration = nextRegistration
        nextRegistration += 1
        handlers[registration] = handler
        return registration
    }

    /// Stops tracking a handler added with `track`.
    func untrack(_ registration: UInt64) {
        handlers.removeValue(forKey: registration)
    }

    /// Queues `connection` for this iteration's flush phase.
    func enqueueFlush(_ connection: TCPConnection) {
        flushQueue.append(connection)
    }

    /// Whether the loop has stopped (or is stopping) and accepts no new work.
    var isShuttingDown: Bool { shared.withLock { $0.stopRequested || $0.finished } }
}
