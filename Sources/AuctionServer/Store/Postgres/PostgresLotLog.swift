import AuctionCore
import AuctionLotLog

/// The lot log's statements in the PostgreSQL ledger's batch: the heads read with the row locks
/// (one probe of the primary key per lot), and the commit's signature and entries in one statement
/// beside the bids' insert, so the log costs the batch no round trip of its own.
enum PostgresLotLog {
    /// Reads the stored heads of `lots` into `heads` (a lot without a log is absent).
    static func heads(of lots: [Int64], into heads: @escaping (LogHead) -> Void) -> PipelinedStatement {
        PipelinedStatement(sql: """
            SELECT l.product_id, l.seq, l.hash FROM unnest(?::bigint[]) AS p(id)
            CROSS JOIN LATERAL (SELECT product_id, seq, hash FROM lot_log WHERE product_id = p.id ORDER BY seq DESC LIMIT 1) AS l
            """, values: [PostgresArrays.integers(lots)]) { row in
                heads(LogHead(lot: ProductID(Int(clamping: row.int64(0))), seq: UInt64(clamping: row.int64(1)), hash: row.blob(2)))
            }
    }

    /// Writes `commit`'s signature and `entries` pointing at it.
    static func write(_ entries: [ChainedEntry], _ commit: SignedCommit) -> PipelinedStatement {
        PipelinedStatement(sql: """
            WITH s AS (INSERT INTO log_signatures (signed_at, key_id, leaves, signature) VALUES (?, ?, ?, ?) RETURNING id)
            INSERT INTO lot_log (product_id, seq, entry, hash, signature_id)
            SELECT e.p, e.q, decode(e.b, 'hex'), decode(e.h, 'hex'), s.id
            FROM unnest(?::bigint[], ?::bigint[], ?::text[], ?::text[]) AS e(p, q, b, h), s
            """, values: [
                .integer(commit.signedAt.millisecondsSinceEpoch), .blob(commit.keyID), .blob(commit.leavesBlob), .blob(commit.signature),
                PostgresArrays.integers(entries.map { Int64($0.entry.lot.rawValue) }),
                PostgresArrays.integers(entries.map { Int64(clamping: $0.entry.seq) }),
                PostgresArrays.texts(entries.map { Hex.encode($0.bytes) }),
                PostgresArrays.texts(entries.map { Hex.encode($0.hash) }),
            ])
    }
}
