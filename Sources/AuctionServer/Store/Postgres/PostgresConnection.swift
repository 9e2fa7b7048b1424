import AuctionInfrastructure
import CLibPQ
import Glibc

/// One PostgreSQL connection (libpq), closed on `close()` or deinit.
///
/// Deliberately not `Sendable`, like `SQLiteDatabase`: one thread at a time, or behind a `Mutex`.
/// Statements use `?` placeholders as the SQLite stores do (rewritten to `$1…` here), values are
/// sent as text (bytes as binary), results come back as text and are read through `PostgresRow`.
public final class PostgresConnection {
    /// Where the connection goes, without its password (for messages and logs).
    public let target: String
    /// How long a statement may wait for the server's answer, measured here (nil: as long as it takes).
    ///
    /// PostgreSQL's own `statement_timeout` only works when the server hears the statement; a link that
    /// has gone silent (a partition, a hung host) answers nothing, and TCP keeps accepting bytes. Past
    /// this deadline the connection is closed and the statement fails with `.unavailable`.
    public var answerTimeoutMilliseconds: Int32?
    private var handle: OpaquePointer?
    /// The statements this session has prepared for pipelines, by their SQL (`$n` placeholders): each
    /// is parsed and planned once, then executed by name (`PostgresConnection+Pipeline`).
    var preparedNames: [String: String] = [:]
    /// The number of the last statement name handed out in this session (names are never reused).
    var preparedSerial = 0

    /// Connects with a `postgres://` / `postgresql://` URL or a libpq `key=value` string.
    ///
    /// Fails with `.unavailable` when the server cannot be reached and `.postgres` when it refuses
    /// (a wrong password, an unknown database), never by trapping.
    public init(_ conninfo: String, connectTimeoutSeconds: Int = 5) throws(StoreError) {
        let parsed = try PostgresConnectionString(conninfo)
        target = parsed.displayTarget
        var keys = parsed.keys, values = parsed.values
        if !keys.contains("connect_timeout") {
            keys.append("connect_timeout")
            values.append(String(max(1, connectTimeoutSeconds)))
        }
        if !keys.contains("application_name") {
            keys.append("application_name")
            values.append("auction-server")
        }
        let connection = Self.connect(keys: keys, values: values)
        guard let connection, PQstatus(connection) == CONNECTION_OK else {
            let message = connection.map { Self.trimmed(PQerrorMessage($0)) } ?? "out of memory"
            PQfinish(connection)
            throw Self.connectError(message, target: parsed.displayTarget)
        }
        handle = connection
        // Notices (e.g. "relation already exists, skipping") are not errors; keep them off stderr.
        PQsetNoticeProcessor(connection, { _, _ in }, nil)
    }

    deinit {
        PQfinish(handle)
    }

    /// Whether the connection is open and healthy as far as libpq knows.
    public var isOpen: Bool { handle.map { PQstatus($0) == CONNECTION_OK } ?? false }

    /// Whether the connection still looks open before a statement is sent: input waiting on an idle
    /// connection (a server that shut down or ended this backend says so, then closes) is read first,
    /// so a link the server dropped is found here rather than by the next statement failing.
    public var isOpenWhenIdle: Bool {
        guard let handle else { return false }
        // The farewell and the end of the stream may arrive as two reads: a few rounds at most.
        for _ in 0..<4 where PQstatus(handle) == CONNECTION_OK {
            var descriptor = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 0) > 0, PQconsumeInput(handle) == 1 else { break }
        }
        return PQstatus(handle) == CONNECTION_OK
    }

    /// Whether the connection is open with no transaction left begun or failed (safe to lend again).
    var isIdleOutsideTransaction: Bool { handle.map { PQstatus($0) == CONNECTION_OK && PQtransactionStatus($0) == PQTRANS_IDLE } ?? false }

    /// Closes the connection; later calls fail with `.closed`.
    public func close() {
        PQfinish(handle)
        handle = nil
        preparedNames = [:]
    }

    /// The connection's socket, for waiting on notifications with `poll`; -1 when closed.
    public var socketDescriptor: Int32 { handle.map { PQsocket($0) } ?? -1 }

    /// Runs one or more SQL statements without parameters or results (`PQexec`).
    public func execute(_ sql: String) throws(StoreError) {
        let connection = try openHandle()
        let result = try answer(connection, sql, nil)
        defer { PQclear(result) }
        try check(result, connection)
    }

    /// Runs one statement with bound values, discarding any rows; returns the rows it changed.
    @discardableResult
    public func run(_ sql: String, _ values: [StoreValue] = []) throws(StoreError) -> Int64 {
        let connection = try openHandle()
        let result = try answer(connection, PostgresPlaceholders.numbered(sql), values)
        defer { PQclear(result) }
        try check(result, connection)
        guard let result, let changed = PQcmdTuples(result), changed.pointee != 0 else { return 0 }
        return Int64(String(cString: changed)) ?? 0
    }

    /// Runs a query and maps each row.
    public func query<T>(_ sql: String, _ values: [StoreValue] = [], row: (PostgresRow) throws(StoreError) -> T) throws(StoreError) -> [T] {
        let connection = try openHandle()
        let result = try answer(connection, PostgresPlaceholders.numbered(sql), values)
        defer { PQclear(result) }
        try check(result, connection)
        guard let result else { return [] }
        let count = Int(PQntuples(result))
        var rows: [T] = []
        rows.reserveCapacity(count)
        for index in 0..<count {
            rows.append(try row(PostgresRow(result: result, row: Int32(index), target: target)))
        }
        return rows
    }

    /// The first column of the first row as an integer, or nil when there is no row or it is NULL.
    public func scalarInteger(_ sql: String, _ values: [StoreValue] = []) throws(StoreError) -> Int64? {
        try query(sql, values) { row throws(StoreError) -> Int64? in row.optionalInt64(0) }.first ?? nil
    }

    /// Runs `body` in a transaction: commits when it returns, rolls back when it throws.
    public func transaction<R>(_ body: () throws(StoreError) -> R) throws(StoreError) -> R {
        try execute("BEGIN")
        let result: R
        do {
            result = try body()
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
        do {
            try execute("COMMIT")
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
        return result
    }

    /// Starts listening on `channel` (a plain identifier: letters, digits, underscores).
    public func listen(_ channel: String) throws(StoreError) {
        guard PostgresChannel.isValid(channel) else {
            throw StoreError.unexpectedValue(path: target, detail: "channel name \(channel)")
        }
        try execute("LISTEN \(channel)")
    }

    /// The statement that sends a notification: its values are the channel and the payload.
    static let notifySQL = "SELECT pg_notify(?, ?)"

    /// Sends a notification (delivered to listeners when the surrounding transaction commits).
    public func notify(_ channel: String, payload: String) throws(StoreError) {
        try run(Self.notifySQL, [.text(channel), .text(payload)])
    }

    /// Reads what has arrived on the socket and returns the notifications received so far.
    public func receivedNotifications() throws(StoreError) -> [PostgresNotification] {
        let connection = try openHandle()
        guard PQconsumeInput(connection) == 1 else {
            throw StoreError.unavailable(target: target, reason: Self.trimmed(PQerrorMessage(connection)))
        }
        var received: [PostgresNotification] = []
        while let notice = PQnotifies(connection) {
            received.append(PostgresNotification(
                channel: String(cString: notice.pointee.relname), payload: String(cString: notice.pointee.extra),
                senderProcessID: notice.pointee.be_pid))
            PQfreemem(notice)
        }
        return received
    }

    /// Waits up to `milliseconds` (-1: no limit) for notifications and returns them (empty when none
    /// came, or when `wake` was signalled first).
    public func waitForNotifications(milliseconds: Int32, wake: WakeSignal? = nil) throws(StoreError) -> [PostgresNotification] {
        let pending = try receivedNotifications()
        guard pending.isEmpty else { return pending }
        var descriptors = [pollfd(fd: socketDescriptor, events: Int16(POLLIN), revents: 0)]
        guard descriptors[0].fd >= 0 else { throw StoreError.closed(path: target) }
        if let wake { descriptors.append(pollfd(fd: wake.descriptor, events: Int16(POLLIN), revents: 0)) }
        let ready = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
        guard ready > 0, descriptors[0].revents != 0 else { return [] }
        return try receivedNotifications()
    }

    private static func connect(keys: [String], values: [String]) -> OpaquePointer? {
        var keyPointers = keys.map { strdup($0) }, valuePointers = values.map { strdup($0) }
        defer {
            keyPointers.forEach { free($0) }
            valuePointers.forEach { free($0) }
        }
        keyPointers.append(nil)
        valuePointers.append(nil)
        return keyPointers.withUnsafeBufferPointer { keyBuffer in
            valuePointers.withUnsafeBufferPointer { valueBuffer in
                keyBuffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: keyBuffer.count) { keyBase in
                    valueBuffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: valueBuffer.count) { valueBase in
                        PQconnectdbParams(keyBase, valueBase, 0)
                    }
                }
            }
        }
    }

    /// Sends `sql` (with `values`, or as a plain multi-statement string when nil) and returns its result:
    /// the first error or the last result, as `PQexec` does. With `answerTimeoutMilliseconds` set it
    /// waits on the socket only until that deadline, then closes the connection and throws `.unavailable`.
    private func answer(_ connection: OpaquePointer, _ sql: String, _ values: [StoreValue]?) throws(StoreError) -> OpaquePointer? {
        guard let timeout = answerTimeoutMilliseconds else {
            guard let values else { return PQexec(connection, sql) }
            return PostgresParameters(values).withPointers { pointers, lengths, formats in
                PQexecParams(connection, sql, Int32(values.count), nil, pointers, lengths, formats, 0)
            }
        }
        let sent: Int32
        if let values {
            sent = PostgresParameters(values).withPointers { pointers, lengths, formats in
                PQsendQueryParams(connection, sql, Int32(values.count), nil, pointers, lengths, formats, 0)
            }
        } else {
            sent = PQsendQuery(connection, sql)
        }
        guard sent == 1 else { throw StoreError.unavailable(target: target, reason: Self.trimmed(PQerrorMessage(connection))) }
        let deadline = MonotonicClock.milliseconds() &+ Int64(timeout)
        var kept: OpaquePointer?
        while true {
            while PQisBusy(connection) == 1 {
                let remaining = deadline &- MonotonicClock.milliseconds()
                guard remaining > 0 else {
                    PQclear(kept)
                    close()
                    throw StoreError.unavailable(target: target, reason: "no answer within \(timeout) ms; the connection was closed")
                }
                var descriptor = pollfd(fd: PQsocket(connection), events: Int16(POLLIN), revents: 0)
                _ = poll(&descriptor, 1, Int32(clamping: remaining))
                guard PQconsumeInput(connection) == 1 else {
                    PQclear(kept)
                    throw StoreError.unavailable(target: target, reason: Self.trimmed(PQerrorMessage(connection)))
                }
            }
            guard let result = PQgetResult(connection) else { return kept }
            if let current = kept, PQresultStatus(current) == PGRES_FATAL_ERROR {
                PQclear(result)  // the first error stands
            } else {
                PQclear(kept)
                kept = result
            }
        }
    }

    func openHandle() throws(StoreError) -> OpaquePointer {
        guard let handle else { throw StoreError.closed(path: target) }
        return handle
    }

    func check(_ result: OpaquePointer?, _ connection: OpaquePointer) throws(StoreError) {
        let status = result.map { PQresultStatus($0) } ?? PGRES_FATAL_ERROR
        guard status != PGRES_COMMAND_OK, status != PGRES_TUPLES_OK, status != PGRES_EMPTY_QUERY else { return }
        if PQstatus(connection) != CONNECTION_OK {
            throw StoreError.unavailable(target: target, reason: Self.trimmed(PQerrorMessage(connection)))
        }
        let message = result.flatMap { PQresultErrorMessage($0) }.map { Self.trimmed($0) } ?? Self.trimmed(PQerrorMessage(connection))
        let state = result.flatMap { PQresultErrorField($0, Int32(UInt8(ascii: "C"))) }.map { String(cString: $0) } ?? ""
        throw StoreError.postgres(sqlState: state, message: message, target: target)
    }

    private static func connectError(_ message: String, target: String) -> StoreError {
        // libpq reports authentication and missing-database refusals in words; anything else is "cannot reach".
        let refusal = ["password authentication failed", "does not exist", "no password supplied", "role", "permission denied"]
        if refusal.contains(where: { message.contains($0) }) {
            return .postgres(sqlState: "", message: message, target: target)
        }
        return .unavailable(target: target, reason: message)
    }

    static func trimmed(_ message: UnsafePointer<CChar>?) -> String {
        guard let message else { return "unknown error" }
        var text = String(cString: message)
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return text.replacingNewlines()
    }
}

/// A notification received on a `LISTEN`ed channel.
public struct PostgresNotification: Hashable, Sendable {
    /// The channel it was sent on.
    public var channel: String
    /// Its payload (under PostgreSQL's 8,000-byte limit).
    public var payload: String
    /// The server process of the session that sent it.
    public var senderProcessID: Int32
}

extension String {
    /// The text on one line: newlines and tabs become spaces.
    fileprivate func replacingNewlines() -> String {
        String(map { $0 == "\n" || $0 == "\t" || $0 == "\r" ? " " : $0 })
    }
}
