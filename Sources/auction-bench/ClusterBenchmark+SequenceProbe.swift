// The `cluster` suite's exact delivery check: a few watchers that decode every price push and follow
// each product's `seq`, so a push a node lost (a seq missing between two it sent) is told apart from
// the "delivered" ratio's window edges and lagging watchers.
#if canImport(Glibc)
import Glibc
#endif
import AuctionCore
import AuctionData
import AuctionInfrastructure

/// Watchers on their own loop that decode every push and count, per product, the seqs they never got
/// between the first and the last they got (`missing`), and the ones repeated or going back.
///
/// `@unchecked Sendable`: its state is touched only on `loop`; it crosses threads inside `execute` closures.
final class SequenceProbe: @unchecked Sendable {
    /// What the probe's watchers got.
    struct Reading {
        /// Price pushes with a seq.
        var pushes = 0
        /// Seqs never pushed between two that were (summed over watchers and products).
        var missing = 0
        /// Pushes whose seq was not above the last one of that product (repeated or back).
        var repeated = 0
    }

    private final class Watcher {
        let connection: TCPConnection
        var decoder = FrameDecoder(maximumFrameBytes: 1 << 20)
        var last: [ProductID: Int64] = [:]

        init(connection: TCPConnection) { self.connection = connection }
    }

    /// Probe watchers per node.
    static let perPort = 2

    private let loop: EventLoop
    private var watchers: [Watcher] = []
    private var reading = Reading()

    /// Connects `perPort` watchers to each of `ports`, each loading four pages of the list (as the
    /// benchmark's watchers do); nil when the probe's loop cannot start.
    init?(ports: [Int], perPort: Int = SequenceProbe.perPort) {
        guard let loop = try? EventLoop.spawn(name: "bench-probe") else { return nil }
        self.loop = loop
        let connections = ports.flatMap { connectMany(perPort, port: $0, on: loop) }
        onLoop(loop) {
            for connection in connections {
                let watcher = Watcher(connection: connection)
                connection.onRead = { [unowned self, unowned watcher] bytes in self.read(bytes, into: watcher) }
                self.watchers.append(watcher)
                connection.write(Array(#"{"dataType":11,"completionId":2,"data":{"client":"auction-bench","version":"0","features":[]}}/"#.utf8)
                                 + Array(#"{"dataType":1,"completionId":1,"data":{"stateNumber":3}}/"#.utf8))
            }
        }
    }

    /// What the watchers got so far.
    func read() -> Reading {
        onLoop(loop) { self.reading }
    }

    /// Closes the watchers and stops the loop.
    func stop() {
        onLoop(loop) {
            for watcher in self.watchers { watcher.connection.close() }
            self.watchers.removeAll()
        }
        loop.shutdown()
    }

    private func read(_ bytes: UnsafeRawBufferPointer, into watcher: Watcher) {
        watcher.decoder.append(bytes)
        while let event = watcher.decoder.nextEvent() {
            guard case .frame(let frame) = event, frame.dataType == ServerMessage.DataType.price,
                  case .price(let update)? = try? ServerMessage(frame: frame), let sequence = update.sequence else { continue }
            reading.pushes += 1
            if let last = watcher.last[update.productID] {
                if sequence <= last {
                    reading.repeated += 1
                    continue
                }
                reading.missing += Int(clamping: sequence - last - 1)
            }
            watcher.last[update.productID] = sequence
        }
    }
}
