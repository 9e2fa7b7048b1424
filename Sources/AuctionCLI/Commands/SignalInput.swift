import AuctionInfrastructure
import Dispatch
import Glibc

/// Turns SIGINT, SIGTERM and SIGHUP into calls of `deliver` (on a dispatch queue) instead of death,
/// so a long-running command can stop cleanly: restore the terminal, stop an embedded server,
/// remove temporary files.
///
/// Several may be active at once (the demo holds one from its start to the end of its clean-up,
/// the watch inside it another): a signal reaches every active one, and a signal caught while one
/// was active is delivered at once to any started later (a stop asked for before the watch began
/// still stops it). The default handling comes back when the last one stops.
final class SignalInput: Sendable {
    private struct Subscriber {
        var signals: [Int32]
        var deliver: @Sendable (Int32) -> Void
    }

    private struct Registry: @unchecked Sendable {
        var sources: [Int32: DispatchSourceSignal] = [:]
        var subscribers: [Int: Subscriber] = [:]
        var nextID = 0
        var caught: Int32?
    }

    /// Process-wide: signal dispositions are.
    private static let registry = Mutex(Registry())
    private let id: Int

    /// Starts catching `signals`.
    init(_ signals: [Int32] = [SIGINT, SIGTERM, SIGHUP], deliver: @escaping @Sendable (Int32) -> Void) {
        let (id, earlier) = Self.registry.withLock { registry -> (Int, Int32?) in
            let id = registry.nextID
            registry.nextID += 1
            registry.subscribers[id] = Subscriber(signals: signals, deliver: deliver)
            for number in signals {
                // Again for each one: a raw terminal's restore-and-die handlers may have come in between.
                signal(number, SIG_IGN)
                guard registry.sources[number] == nil else { continue }
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { SignalInput.received(number) }
                source.resume()
                registry.sources[number] = source
            }
            return (id, registry.caught.flatMap { signals.contains($0) ? $0 : nil })
        }
        self.id = id
        if let earlier { DispatchQueue.global().async { deliver(earlier) } }
    }

    /// The signal caught while any `SignalInput` was active, if one was (forgotten when the last stops).
    var caught: Int32? { Self.registry.withLock { $0.caught } }

    /// Stops catching for this one; the signals kill the process again once no other catches them.
    func stop() {
        Self.registry.withLock { registry in
            guard let subscriber = registry.subscribers.removeValue(forKey: id) else { return }
            for number in subscriber.signals where !registry.subscribers.values.contains(where: { $0.signals.contains(number) }) {
                registry.sources.removeValue(forKey: number)?.cancel()
                signal(number, SIG_DFL)
            }
            if registry.subscribers.isEmpty { registry.caught = nil }
        }
    }

    deinit { stop() }

    private static func received(_ number: Int32) {
        let delivers = registry.withLock { registry -> [@Sendable (Int32) -> Void] in
            registry.caught = number
            return registry.subscribers.values.filter { $0.signals.contains(number) }.map(\.deliver)
        }
        for deliver in delivers { deliver(number) }
    }
}
