/// The thread one TLS listener's handshakes run on (`tls-handshake`, its own event loop, at a lower
/// scheduling priority than the loop that serves established connections): a flood of handshakes
/// costs this thread's CPU, never a turn of the listener's loop. Each handshake is handed over
/// with its socket, and its established session handed back inside a `LoopBound` (one owner at a
/// time). The handle is `Sendable`; the handshakes live on the worker's loop.
final class TLSHandshakeWorker: Sendable {
    /// The worker's loop.
    let loop: EventLoop
    private let running: LoopBound<Running>

    /// The handshakes in progress by id (worker loop only).
    private final class Running {
        var handshakes: [UInt64: TLSHandshake] = [:]
    }

    /// The nice value of the worker thread: the listener's loop (0) wins the CPU when both want it.
    static let niceness: CInt = 10

    /// Starts the worker thread, its timers on `clock` (the listener's loop's clock).
    init(clock: any TimeSource) throws(SocketError) {
        loop = try EventLoop.spawn(name: "tls-handshake", clock: clock)
        running = LoopBound(handingOver: Running(), to: loop)
        loop.execute { Syscall.lowerThreadPriority(nice: Self.niceness) }
    }

    /// Hands the accepted socket `fd` over (any thread; it is the worker's from now on) for handshake
    /// `id` serving `context`, to end by `deadline` (the clock's milliseconds, fixed by the caller at
    /// accept: the hand-over's delay does not extend it); `ended` runs once on the worker with the
    /// outcome (also when the worker has stopped: then at once, on the caller's thread, the socket closed).
    func start(id: UInt64, fd: CInt, context: TLSContext, plaintext: PlaintextAnswer?, deadline: Int64,
               ended: @escaping @Sendable (CInt, TLSHandshake.Outcome) -> Void) {
        let accepted = loop.execute { [running, loop] in
            let handshake = TLSHandshake(fd: fd, loop: loop, context: context, plaintext: plaintext)
            running.value.handshakes[id] = handshake
            handshake.start(deadline: deadline) { outcome in
                running.value.handshakes[id] = nil
                ended(fd, outcome)
            }
        }
        if !accepted {
            Syscall.close(fd)
            ended(fd, .failed("the listener stopped"))
        }
    }

    /// Drops handshake `id` (any thread), if it is still in progress.
    func drop(_ id: UInt64) {
        loop.execute { [running] in running.value.handshakes[id]?.drop() }
    }

    /// Stops the worker without waiting for its thread (any thread): handshakes in progress end as failed.
    func stop() {
        loop.shutdownWithoutWaiting()
    }
}
