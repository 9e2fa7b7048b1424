import Glibc

extension EventLoop {
    /// Starts the loop thread (`pthread_create`); the thread keeps the loop alive until it ends.
    func startThread() throws(SocketError) {
        let retained = Unmanaged.passRetained(self).toOpaque()
        let result = shared.withLock { _ -> CInt in
            var handle = pthread_t()
            let result = pthread_create(&handle, nil, { argument in
                guard let argument else { return nil }
                let loop = Unmanaged<EventLoop>.fromOpaque(argument).takeRetainedValue()
                loop.shared.withLock { _ in }  // wait until `spawn` has stored the handle
                loop.runThread()
                return nil
            }, retained)
            if result == 0 { thread = handle }
            return result
        }
        guard result == 0 else {
            Unmanaged<EventLoop>.fromOpaque(retained).release()
            closeDescriptors()
            throw .systemCall("pthread_create", Errno(rawValue: result))
        }
    }

    private func runThread() {
        Syscall.nameThread(name)
        while iterate() {}
        finish()
    }

    /// One loop iteration: wait, dispatch I/O, fire due timers, run tasks, flush. Returns false to stop.
    private func iterate() -> Bool {
        let (stop, hasTasks) = shared.withLock { ($0.stopRequested, !$0.tasks.isEmpty) }
        if stop { return false }
        var timeout: CInt = -1
        if hasTasks || !flushQueue.isEmpty {
            timeout = 0
        } else if let deadline = timers.nextDeadline() {
            timeout = CInt(clamping: max(0, deadline - now()))
        }
        let count: Int
        do {
            count = try Syscall.epollWait(epollFD, buffer: eventBuffer, timeoutMilliseconds: timeout)
        } catch {
            // epoll_wait fails only on programming errors (EBADF, EINVAL: a descriptor closed twice
            // elsewhere in the process); stop rather than spin, and say so: handlers are closed and
            // work handed over later is refused, never silently kept.
            try? FileDescriptor(rawValue: STDERR_FILENO).writeAll("event loop \(name) stopped: epoll_wait: \(error)\n")
            return false
        }
        dispatchEvents(count: count)
        fireDueTimers()
        runTasks()
        flushPending()
        return true
    }

    private func dispatchEvents(count: Int) {
        for index in 0..<count {
            let (events, registration) = Syscall.epollEvent(in: eventBuffer, at: index)
            if registration == Self.wakeRegistration {
                Syscall.eventDrain(wakeFD)
                continue
            }
            // A handler closed earlier in this batch is gone from the table: its events are ignored.
            handlers[registration]?.handleEvents(events)
        }
    }

    private func fireDueTimers() {
        let idLimit = shared.withLock { $0.nextTimerID }
        let now = self.now()
        while let (id, work) = timers.popDue(now: now, idLimit: idLimit) {
            // A cancel from another thread may have returned before its removal task ran here.
            let cancelled = shared.withLock { !$0.cancelledOffLoop.isEmpty && $0.cancelledOffLoop.contains(id) }
            if !cancelled { work() }
        }
    }

    private func runTasks() {
        let tasks = shared.withLock { state -> [@Sendable () -> Void] in
            state.wakePending = false
            return state.tasks.isEmpty ? [] : state.tasks.swap()
        }
        for task in tasks { task() }
    }

    /// The flush phase: every connection written to during this iteration sends its queue now.
    func flushPending() {
        while !flushQueue.isEmpty {
            let connections = flushQueue
            flushQueue.removeAll(keepingCapacity: true)
            for connection in connections { connection.flushFromLoop() }
        }
    }

    /// After the last iteration: run queued tasks, close every handler, release descriptors. Tasks
    /// queued meanwhile (a handler's close may queue one) run too, until none is left: `execute`
    /// accepted them, so none is dropped; from then on `execute` refuses.
    private func finish() {
        runTasks()
        flushPending()
        let remaining = handlers
        handlers.removeAll()
        for handler in remaining.values { handler.loopDidShutDown() }
        flushQueue.removeAll()
        timers.removeAll()
        for stopped in shared.withLock({ $0.stopHandlers.swap() }) { stopped() }
        var detach = false
        while true {
            let leftover = shared.withLock { state -> [@Sendable () -> Void] in
                guard state.tasks.isEmpty else { return state.tasks.swap() }
                state.finished = true
                detach = !state.joinClaimed
                state.joinClaimed = true
                return []
            }
            if leftover.isEmpty { break }
            for task in leftover { task() }
        }
        closeDescriptors()
        if detach { pthread_detach(pthread_self()) }
    }
}

extension Array {
    /// Returns the elements and leaves the array empty (keeping its capacity).
    fileprivate mutating func swap() -> [Element] {
        let elements = self
        removeAll(keepingCapacity: true)
        return elements
    }
}
