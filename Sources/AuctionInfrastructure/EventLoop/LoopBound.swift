/// A value confined to one event loop, checked rather than commented (after NIO's `NIOLoopBound`):
/// it may travel to any thread, but `value` is read or changed only on `loop`'s thread, and a
/// use from any other thread stops the process with a clear message instead of racing.
///
/// `@unchecked Sendable`: the checked confinement is what makes handing it across threads safe.
public struct LoopBound<Value>: @unchecked Sendable {
    /// The loop the value belongs to.
    public let loop: EventLoop
    private var wrapped: Value

    /// Binds `value` to `loop`; call on that loop's thread.
    public init(_ value: Value, on loop: EventLoop) {
        precondition(loop.inEventLoop, "LoopBound created off its loop \(loop.name)")
        self.loop = loop
        wrapped = value
    }

    /// Binds `value` to `loop` from another thread, for a value that has not been shared yet and
    /// is about to be handed to `loop` (for example a closure passed to `execute`).
    public init(handingOver value: Value, to loop: EventLoop) {
        self.loop = loop
        wrapped = value
    }

    /// The value; only on `loop`'s thread.
    public var value: Value {
        get {
            precondition(loop.inEventLoop, "LoopBound value read off its loop \(loop.name)")
            return wrapped
        }
        set {
            precondition(loop.inEventLoop, "LoopBound value changed off its loop \(loop.name)")
            wrapped = newValue
        }
    }
}
