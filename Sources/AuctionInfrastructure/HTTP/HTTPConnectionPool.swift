/// Idle kept-alive connections to one service, reused by later requests of an `HTTPClient`.
/// An idle connection is closed after a short time (before the server's own idle timeout, so a
/// reused connection is rarely one the server is closing), on unexpected input, or when the peer closes it.
/// Used only on the loop thread (`HTTPClient` holds it in a `LoopBound`); deliberately not `Sendable`.
final class HTTPConnectionPool {
    private struct Entry {
        let connection: TCPConnection
        let timer: TimerID
    }

    private let loop: EventLoop
    private let maximumIdle: Int
    private let idleMilliseconds: Int64
    private var idle: [Entry] = []

    init(loop: EventLoop, maximumIdle: Int, idleMilliseconds: Int64) {
        self.loop = loop
        self.maximumIdle = maximumIdle
        self.idleMilliseconds = idleMilliseconds
    }

    /// The most recently used open idle connection, if any (loop thread).
    func take() -> TCPConnection? {
        while let entry = idle.popLast() {
            loop.cancel(entry.timer)
            entry.connection.onRead = nil
            entry.connection.onClose = nil
            if !entry.connection.isClosed { return entry.connection }
        }
        return nil
    }

    /// Keeps a connection whose last exchange ended cleanly, or closes it when the pool is full (loop thread).
    func give(_ connection: TCPConnection) {
        guard !connection.isClosed else { return }
        guard idle.count < maximumIdle else { return connection.close() }
        connection.onRead = { [weak self] _ in  // a server speaks first only to say goodbye (e.g. 408)
            self?.remove(connection)
            connection.abort()
        }
        connection.onClose = { [weak self] _ in self?.remove(connection) }
        let timer = loop.scheduleOnLoop(afterMilliseconds: idleMilliseconds) { [weak self] in
            self?.remove(connection)
            connection.close()
        }
        idle.append(Entry(connection: connection, timer: timer))
    }

    private func remove(_ connection: TCPConnection) {
        guard let index = idle.firstIndex(where: { $0.connection === connection }) else { return }
        loop.cancel(idle[index].timer)
        idle.remove(at: index)
        connection.onRead = nil
        connection.onClose = nil
    }
}
