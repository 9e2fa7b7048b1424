import Glibc

/// A descriptor another thread makes readable to wake a thread blocked in `poll(2)` (an eventfd):
/// a blocking wait that can also be ended, with no timeout to poll a flag on.
///
/// `Sendable`: signalling is one `write(2)` on the descriptor, which the kernel serialises.
public final class WakeSignal: Sendable {
    /// The descriptor to poll for `POLLIN`; readable from the first `signal()` on.
    public let descriptor: CInt

    /// A new, unsignalled wake signal.
    public init() throws(Errno) {
        descriptor = try Syscall.eventCreate()
    }

    deinit { Glibc.close(descriptor) }

    /// Makes the descriptor readable (and keeps it so: nothing drains it), waking every poll on it.
    public func signal() {
        Syscall.eventSignal(descriptor)
    }
}
