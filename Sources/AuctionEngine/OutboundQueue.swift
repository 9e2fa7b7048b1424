import AuctionCore

/// What a connection's output does when a client lags, as a value the I/O shell merely obeys.
///
/// While the socket holds less than the soft bound, every message is written at once (`.write`).
/// Past it, messages wait here in order; a price push replaces the waiting push of the same product
/// in place (the latest price, at the first one's place), while replies, chat and other frames are
/// never dropped. Once the socket's bytes plus the queue pass the hard bound, the queue is emptied
/// and the connection must be disconnected (`.disconnect`, with a reason to log). The shell calls
/// `nextWrite(buffered:)` when its socket buffer has shrunk, and writes what it returns.
public struct OutboundQueue: Sendable {
    /// The bounds, in bytes.
    public struct Configuration: Sendable, Hashable {
        /// Above this many bytes held by the socket, messages queue and pushes coalesce.
        public var softLimit: Int = 256 * 1024
        /// Above this many bytes held by the socket and queue together, the client is disconnected.
        public var hardLimit: Int = 4 * 1024 * 1024

        /// The defaults: 256 KiB soft, 4 MiB hard.
        public init() {}

        /// Explicit bounds.
        public init(softLimit: Int, hardLimit: Int) {
            self.softLimit = softLimit
            self.hardLimit = max(softLimit, hardLimit)
        }
    }

    /// What the shell must do with a message.
    public enum Action: Hashable, Sendable {
        /// Write these bytes to the socket now.
        case write([UInt8])
        /// Nothing yet: the message waits in the queue.
        case queued
        /// Nothing: the message replaced a waiting push of the same product.
        case coalesced
        /// Close the connection now (abort, dropping its output) and log the reason.
        case disconnect(OutboundOverflow)
        /// Nothing: the connection was already given up.
        case discard
    }

    /// The bounds in force.
    public let configuration: Configuration
    /// Bytes waiting in the queue.
    public private(set) var queuedBytes = 0
    /// Whether the hard bound was passed; everything is discarded from then on.
    public private(set) var isDisconnected = false

    private var entries: [OutboundMessage?] = []
    private var head = 0
    /// Absolute index (`removed + array index`) of the waiting push per product.
    private var pendingPrice: [ProductID: Int] = [:]
    private var removed = 0

    /// An empty queue.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Messages waiting.
    public var queuedCount: Int { entries.count - head }

    /// Whether nothing waits.
    public var isEmpty: Bool { head == entries.count }

    /// Decides what happens to a message, given the bytes the socket currently holds.
    public mutating func enqueue(_ message: OutboundMessage, buffered: Int) -> Action {
        if isDisconnected { return .discard }
        if head == entries.count && buffered < configuration.softLimit {
            return .write(message.bytes)
        }
        let action: Action
        if case .price(let id, let bytes) = message, let absolute = pendingPrice[id] {
            let index = absolute - removed
            queuedBytes += bytes.count - (entries[index]?.bytes.count ?? 0)
            entries[index] = message
            action = .coalesced
        } else {
            if case .price(let id, _) = message { pendingPrice[id] = removed + entries.count }
            entries.append(message)
            queuedBytes += message.bytes.count
            action = .queued
        }
        if buffered + queuedBytes > configuration.hardLimit {
            let reason = OutboundOverflow(bufferedBytes: buffered, queuedBytes: queuedBytes, hardLimit: configuration.hardLimit)
            giveUp()
            return .disconnect(reason)
        }
        return action
    }

    /// The next waiting frame to write, while the socket holds less than the soft bound; nil otherwise.
    public mutating func nextWrite(buffered: Int) -> [UInt8]? {
        guard !isDisconnected, head < entries.count, buffered < configuration.softLimit else { return nil }
        guard let message = entries[head] else { return nil }
        entries[head] = nil
        head += 1
        queuedBytes -= message.bytes.count
        if case .price(let id, _) = message { pendingPrice[id] = nil }
        if head == entries.count {
            removed += entries.count
            entries.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 1_024 && head * 2 >= entries.count {
            removed += head
            entries.removeFirst(head)
            head = 0
        }
        return message.bytes
    }

    /// Gives the connection up (e.g. after its socket refused a write): the queue empties.
    public mutating func giveUp() {
        isDisconnected = true
        entries = []
        head = 0
        pendingPrice = [:]
        queuedBytes = 0
    }
}
