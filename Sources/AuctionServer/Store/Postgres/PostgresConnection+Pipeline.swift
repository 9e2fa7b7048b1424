import AuctionInfrastructure
import CLibPQ
import Glibc

/// One statement sent in a pipeline: its SQL (`?` placeholders), its values, and what reads its rows.
struct PipelinedStatement {
    /// The statement.
    var sql: String
    /// Its bound values.
    var values: [StoreValue] = []
    /// Called with each row it returns (nil: rows are discarded).
    var rows: ((PostgresRow) throws(StoreError) -> Void)?
}

extension PostgresConnection {
    /// The most statements one session prepares; later ones are sent with their text each time.
    static let maximumPreparedStatements = 64

    /// Sends `statements` in one round trip (libpq's pipeline mode) and reads their results in order.
    ///
    /// A statement with bound values is prepared the first time this session sends it (its Parse goes
    /// just before it in the same pipeline) and executed by name from then on, so PostgreSQL parses and
    /// plans the ledger's few statements once per connection, not once per batch. (A prepared statement
    /// belongs to the session, not to a transaction: a rollback leaves it.)
    ///
    /// Statements after a failed one do not run; the first error is thrown once every result is in.
    /// Past the answer deadline (`answerTimeoutMilliseconds`) the connection is closed and the call
    /// fails with `.unavailable`, as a single statement does.
    func pipeline(_ statements: [PipelinedStatement]) throws(StoreError) {
        let connection = try openHandle()
        guard PQenterPipelineMode(connection) == 1 else {
            throw StoreError.unavailable(target: target, reason: Self.trimmed(PQerrorMessage(connection)))
        }
        // Each result in order: a statement's (its index) or a preparation's (its SQL and name).
        var slots: [(statement: Int?, preparation: (sql: String, name: String)?)] = []
        var preparing: [String: String] = [:]
        for (index, statement) in statements.enumerated() {
            let sql = PostgresPlaceholders.numbered(statement.sql)
            var name = statement.values.isEmpty ? nil : preparedNames[sql] ?? preparing[sql]
            if name == nil, !statement.values.isEmpty, preparedNames.count + preparing.count < Self.maximumPreparedStatements {
                preparedSerial += 1
                let fresh = "auction_\(preparedSerial)"
                // No types given: the server infers each parameter's, as for a statement sent with its text.
                guard PQsendPrepare(connection, fresh, sql, 0, nil) == 1 else { throw lost(connection) }
                slots.append((nil, (sql, fresh)))
                preparing[sql] = fresh
                name = fresh
            }
            let sent = PostgresParameters(statement.values).withPointers { pointers, lengths, formats in
                if let name {
                    PQsendQueryPrepared(connection, name, Int32(statement.values.count), pointers, lengths, formats, 0)
                } else {
                    PQsendQueryParams(connection, sql, Int32(statement.values.count), nil, pointers, lengths, formats, 0)
                }
            }
            guard sent == 1 else { throw lost(connection) }
            slots.append((index, nil))
        }
        guard PQpipelineSync(connection) == 1, PQflush(connection) == 0 else { throw lost(connection) }
        let deadline = answerTimeoutMilliseconds.map { MonotonicClock.milliseconds() &+ Int64($0) }
        var failure: StoreError?
        var slot = 0
        while true {
            try waitUntilReadable(connection, deadline: deadline)
            guard let result = PQgetResult(connection) else {
                slot += 1  // the end of one command's results
                continue
            }
            defer { PQclear(result) }
            let status = PQresultStatus(result)
            if status == PGRES_PIPELINE_SYNC { break }
            guard status != PGRES_PIPELINE_ABORTED, slot < slots.count else { continue }
            if let preparation = slots[slot].preparation, status == PGRES_COMMAND_OK {
                // The session holds it from now on, even when a reader here already failed this call.
                preparedNames[preparation.sql] = preparation.name
                continue
            }
            guard failure == nil else { continue }
            do throws(StoreError) {
                try check(result, connection)
                if let index = slots[slot].statement, let rows = statements[index].rows {
                    for row in 0..<PQntuples(result) {
                        try rows(PostgresRow(result: result, row: row, target: target))
                    }
                }
            } catch {
                failure = error
            }
        }
        _ = PQexitPipelineMode(connection)
        if let failure {
            // A session that lost its prepared statements (never expected) prepares them again.
            if failure.sqlState == Self.unknownPreparedStatementState { preparedNames = [:] }
            throw failure
        }
    }

    /// SQLSTATE `invalid_sql_statement_name`: a prepared statement the session does not hold.
    static let unknownPreparedStatementState = "26000"

    /// Waits until a result can be read without blocking, or throws `.unavailable` past `deadline`.
    private func waitUntilReadable(_ connection: OpaquePointer, deadline: Int64?) throws(StoreError) {
        while PQisBusy(connection) == 1 {
            var timeout: Int32 = -1
            if let deadline {
                let remaining = deadline &- MonotonicClock.milliseconds()
                guard remaining > 0 else {
                    close()
                    throw StoreError.unavailable(target: target, reason: "no answer within the deadline; the connection was closed")
                }
                timeout = Int32(clamping: remaining)
            }
            var descriptor = pollfd(fd: PQsocket(connection), events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, timeout)
            guard PQconsumeInput(connection) == 1 else { throw lost(connection) }
        }
    }

    /// The error for a connection that failed mid-pipeline; it is closed (its state is unknown).
    private func lost(_ connection: OpaquePointer) -> StoreError {
        let error = StoreError.unavailable(target: target, reason: Self.trimmed(PQerrorMessage(connection)))
        close()
        return error
    }
}
