import Glibc

/// An epoll event loop on its own thread: descriptor readiness, timers, cross-thread `execute`,
/// and a flush phase once per iteration that coalesces the writes made during it.
/// Thread-safe entry points: `execute`, `inEventLoop`, `schedule`, `cancel`, `shutdown`, `now`;
/// everything else belongs to the loop thread.
// @unchecked Sendable: what other threads touch is behind `shared` (a `Mutex`); the rest only on the loop thread.
public final class EventLoop: @unchecked Sendable {
    /// State shared with other threads, guarded by `shared`.
    struct SharedState {
        var tasks: [@Sendable () -> Void] = []
        var wakePending = false
        var stopRequested = false
        var finished = false
        var joinClaimed = false
        var nextTimerID: UInt64 = 1
        var cancelledOffLoop: Set<UInt64> = []
        var stopHandlers: [@Sendable () -> Void] = []
    }

    /// The thread name given to `spawn`.
    public let name: String
    /// The clock the timers run on (and everything on this loop reads).
    public let clock: any TimeSource
    let shared = Mutex(SharedState())
    let epollFD: CInt
    let wakeFD: CInt
    var thread = pthread_t()

    // Loop-thread state.
    var handlers: [UInt64: EventHandler] = [:]
    var nextRegistration: UInt64 = 1
    var timers = TimerQueue()
    var flushQueue: [TCPConnection] = []
    /// A reusable read buffer (64 KiB) shared by every connection on this loop.
    let readBuffer: UnsafeMutableRawBufferPointer
    let eventBuffer: UnsafeMutableRawBufferPointer
    static let wakeRegistration: UInt64 = 0
    static let eventCapacity = 1_024

    init(name: String, clock: any TimeSource) throws(SocketError) {
        self.name = name
        self.clock = clock
        do {
            epollFD = try Syscall.epollCreate()
        } catch {
            throw .systemCall("epoll_create1", error)
        }
        do {
            wakeFD = try Syscall.eventCreate()
        } catch {
            Syscall.close(epollFD)
            throw .systemCall("eventfd", error)
        }
        readBuffer = .allocate(byteCount: 65_536, alignment: 16)
        eventBuffer = .allocate(byteCount: Self.eventCapacity * LinuxConstants.epollEventStride, alignment: 16)
        do {
            try Syscall.epollControl(
                epollFD, operation: LinuxConstants.epollControlAdd, fd: wakeFD,
                events: LinuxConstants.epollIn, data: Self.wakeRegistration)
        } catch {
            closeDescriptors()
            throw .systemCall("epoll_ctl", error)
        }
        // A clock advanced by hand wakes the loop, which then runs the timers that became due.
        clock.onAdvance { [weak self] in self?.execute {} }
    }

    deinit {
        readBuffer.deallocate()
        eventBuffer.deallocate()
    }

    /// Creates a loop and starts its thread (`pthread_create`), named `name`, its timers on `clock`.
    public static func spawn(name: String, clock: any TimeSource = SystemClock()) throws(SocketError) -> EventLoop {
        let loop = try EventLoop(name: name, clock: clock)
        try loop.startThread()
        return loop
    }

    /// Runs `work` on the loop thread soon, from any thread. Returns false, and drops `work`, when the
    /// loop has finished: a caller whose work carries a completion must then complete it itself.
    @discardableResult
    public func execute(_ work: @escaping @Sendable () -> Void) -> Bool {
        let onLoop = inEventLoop
        return shared.withLock { state -> Bool in
            guard !state.finished else { return false }
            state.tasks.append(work)
            guard !state.wakePending else { return true }
            state.wakePending = true
            // Signalled under the lock: once `finish` has marked the loop finished (also under the
            // lock) the wake descriptor may be closed and its number reused by another socket.
            if !onLoop { Syscall.eventSignal(wakeFD) }
            return true
        }
    }

    /// Runs `work` on the loop thread when the loop stops, however it stops (`shutdown()`, or a failed
    /// `epoll_wait`), after its connections are closed: an owner fails what still waits on timers
    /// that will never fire. Dropped if the loop has already stopped.
    public func onStop(_ work: @escaping @Sendable () -> Void) {
        shared.withLock { state in
            if !state.finished { state.stopHandlers.append(work) }
        }
    }

    /// Whether the caller runs on this loop's thread.
    public var inEventLoop: Bool { pthread_equal(pthread_self(), thread) != 0 }

    /// Runs `work` on the loop thread after `afterMilliseconds` (the loop clock's monotonic time), from any
    /// thread (from another thread the timer is handed over with `execute`, hence `@Sendable`).
    @discardableResult
    public func schedule(afterMilliseconds delay: Int64, _ work: @escaping @Sendable () -> Void) -> TimerID {
        let id = takeTimerID()
        let deadline = now() + max(0, delay)
        if inEventLoop {
            timers.insert(id: id, deadline: deadline, work)
        } else {
            execute { [self] in timers.insert(id: id, deadline: deadline, work) }
        }
        return TimerID(rawValue: id)
    }

    /// Runs `work` on the loop thread after `afterMilliseconds`; only from the loop thread (checked, it
    /// stops the process otherwise), so `work` may hold state confined to this loop.
    @discardableResult
    public func scheduleOnLoop(afterMilliseconds delay: Int64, _ work: @escaping () -> Void) -> TimerID {
        precondition(inEventLoop, "scheduleOnLoop called off the loop \(name)")
        let id = takeTimerID()
        timers.insert(id: id, deadline: now() + max(0, delay), work)
        return TimerID(rawValue: id)
    }

    /// The next timer id (any thread).
    private func takeTimerID() -> UInt64 {
        shared.withLock { state -> UInt64 in
            defer { state.nextTimerID += 1 }
            return state.nextTimerID
        }
    }

    /// Cancels a timer, from any thread: once this returns, the timer will not start (harmless if it
    /// has fired already).
    public func cancel(_ timer: TimerID) {
        let id = timer.rawValue
        if inEventLoop {
            timers.cancel(id: id)
        } else {
            shared.withLock { _ = $0.cancelledOffLoop.insert(id) }
            execute { [self] in
                timers.cancel(id: id)
                shared.withLock { _ = $0.cancelledOffLoop.remove(id) }
            }
        }
    }

    /// Stops the loop: closes every descriptor it owns (connections get `onClose(.eventLoopShutdown)`),
    /// then joins the thread. From the loop thread itself it only requests the stop.
    public func shutdown() {
        let onLoop = inEventLoop
        let join = shared.withLock { state -> Bool in
            state.stopRequested = true
            // Never signal a finished loop: its wake descriptor number may belong to a socket now.
            if !onLoop && !state.finished { Syscall.eventSignal(wakeFD) }
            guard !onLoop, !state.joinClaimed else { return false }
            state.joinClaimed = true
            return true
        }
        if join { pthread_join(thread, nil) }
    }

    /// Stops the loop like `shutdown()` but never waits for its thread, which ends by itself: for an
    /// owner on another loop (which must not wait). Any thread.
    public func shutdownWithoutWaiting() {
        let onLoop = inEventLoop
        shared.withLock { state in
            state.stopRequested = true
            if !onLoop && !state.finished { Syscall.eventSignal(wakeFD) }
        }
    }

    /// The loop clock's monotonic milliseconds (any thread).
    public func now() -> Int64 { clock.monotonicMilliseconds() }

    /// The number of timers pending on this loop (loop thread).
    var pendingTimerCount: Int { timers.count }

    func closeDescriptors() {
        Syscall.close(wakeFD)
        Syscall.close(epollFD)
    }
}
