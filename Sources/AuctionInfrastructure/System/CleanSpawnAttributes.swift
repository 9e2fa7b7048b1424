import Glibc

/// Runs `body` with `posix_spawn` attributes for a child that starts clean: every signal at its
/// default action and none blocked, whatever this process blocks or ignores (libdispatch does); with
/// `ownProcessGroup`, in a process group of its own, so that killing the group reaches what it starts.
public func withCleanSpawnAttributes<R>(ownProcessGroup: Bool = false, _ body: (inout posix_spawnattr_t) -> R) -> R {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t(), all = sigset_t()
    sigemptyset(&empty)
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &empty)
    posix_spawnattr_setsigdefault(&attributes, &all)
    var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
    if ownProcessGroup {
        posix_spawnattr_setpgroup(&attributes, 0)
        flags |= POSIX_SPAWN_SETPGROUP
    }
    posix_spawnattr_setflags(&attributes, Int16(flags))
    return body(&attributes)
}
