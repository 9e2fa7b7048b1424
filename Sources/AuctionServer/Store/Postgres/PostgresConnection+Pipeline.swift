import AuctionInfrastructure
import CLibPQ
import Glibc

/// One statement sent in a pipeline: its SQL (`?` placeholders), its values, and what reads its rows.
struct PipelinedStatement {
    /// The statement.
    var sql: String
    /// Its bound values.
    var values: [SQLiteValue] = []
    /// Called with each row it returns (nil: rows are discarded).
    var rows: ((PostgresRow) throws(StoreError) -> Void)?
}

extension PostgresConnection {
    /// Sends `statements` in one round trip (libpq's pipeline mode) and reads their results in order.
    ///
    /// Statements after a failed one do not run; the first error is thrown once every result is in.
    /// Past the answer deadline (`answerTimeoutMilliseconds`) the connection is closed and the call
    /// fails with `.unavailable`, as a single statement does.
    func pipeline(_ statements: [PipelinedStatement]) throws(StoreError) {
        let connection = try openHandle()
        guard PQenterPipelineMode(connection) == 1 else {
            throw StoreError.unavailable(target: target, reason: Self.trimmed(PQerrorMessage(connection)))
        }
        for statement in statements {
            let sent = PostgresParameters(statement.values).withPointers { pointers, lengths, formats in
                PQsendQueryParams(connection, PostgresPlaceholders.numbered(statement.sql), Int32(statement.values.count), nil,
                                  pointers, lengths, formats, 0)
            }
            guard sent == 1 else { throw lost(connection) }
        }
        guard PQpipelineSync(connection) == 1, PQflush(connection) == 0 else { throw lost(connection) }
        let deadline = answerTimeoutMilliseconds.map { MonotonicClock.milliseconds() &+ Int64($0) }
        var failure: StoreError?
        var index = 0
        while true {
            try waitUntilReadable(connection, deadline: deadline)
            guard let result = PQgetResult(connection) else {
                index += 1  // the end of one statement's results
                continue
            }
            defer { PQclear(result) }
            let status = PQresultStatus(result)
            if status == PGRES_PIPELINE_SYNC { break }
            guard status != PGRES_PIPELINE_ABORTED, failure == nil, index < statements.count else { continue }
            do throws(StoreError) {
                try check(result, connection)
                if let rows = statements[index].rows {
                    for row in 0..<PQntuples(result) {
                        try rows(PostgresRow(result: result, row: row, target: target))
                    }
                }
            } catch {
                failure = error
            }
        }
        _ = PQexitPipelineMode(connection)
        if let failure { throw failure }
    }

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
