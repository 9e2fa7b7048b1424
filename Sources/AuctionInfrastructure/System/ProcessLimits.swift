import Glibc

/// Process-wide settings a network process needs once at start-up.
public enum ProcessLimits {
    /// Ignores `SIGPIPE` (`signal(SIGPIPE, SIG_IGN)`), so writing to a closed peer is an error, not death.
    public static func ignoreSIGPIPE() {
        _ = signal(SIGPIPE, SIG_IGN)
    }

    /// Lowers the calling thread's scheduling priority to `nice` (0 to 19; `setpriority(2)` on its
    /// thread id), best effort: the process's other threads then win the CPU from it when both want it.
    public static func lowerThreadPriority(nice: CInt) {
        Syscall.lowerThreadPriority(nice: nice)
    }

    /// Raises the soft limit of open files (`RLIMIT_NOFILE`) to the hard limit; returns the soft limit now in force.
    @discardableResult
    public static func raiseOpenFileLimit() -> Int {
        var limits = rlimit()
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        guard getrlimit(resource, &limits) == 0 else { return 0 }
        if limits.rlim_cur < limits.rlim_max {
            var raised = limits
            raised.rlim_cur = limits.rlim_max
            if setrlimit(resource, &raised) == 0 {
                limits = raised
            } else {
                // An unlimited hard limit cannot be the soft limit of files; try the kernel's usual ceiling.
                raised.rlim_cur = min(limits.rlim_max, 1 << 20)
                if setrlimit(resource, &raised) == 0 { limits = raised }
            }
        }
        return Int(clamping: limits.rlim_cur)
    }

    /// The soft limit of open files (`getrlimit(RLIMIT_NOFILE)`).
    public static func openFileLimit() -> Int {
        var limits = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limits) == 0 else { return 0 }
        return Int(clamping: limits.rlim_cur)
    }
}
