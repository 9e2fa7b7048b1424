import CLibPQ
import Glibc

/// One row of a PostgreSQL result, read by column index as `SQLiteStatement` is.
///
/// Values arrive as text (the default result format): integers are parsed, `bytea` is decoded from
/// its hex form. Valid only inside the `query` closure that received it.
public struct PostgresRow {
    private let result: OpaquePointer
    private let row: Int32
    private let target: String

    init(result: OpaquePointer, row: Int32, target: String) {
        self.result = result
        self.row = row
        self.target = target
    }

    /// How many columns the result has.
    public var columnCount: Int { Int(PQnfields(result)) }

    /// Whether the column is NULL.
    public func isNull(_ column: Int) -> Bool {
        PQgetisnull(result, row, Int32(column)) == 1
    }

    /// The column as an integer (0 for NULL or text that is not a number; booleans read 1/0).
    public func int64(_ column: Int) -> Int64 {
        optionalInt64(column) ?? 0
    }

    /// The column as an integer, or nil when it is NULL.
    public func optionalInt64(_ column: Int) -> Int64? {
        guard !isNull(column), let value = PQgetvalue(result, row, Int32(column)) else { return nil }
        switch value.pointee {
        case CChar(UInt8(ascii: "t")): return 1
        case CChar(UInt8(ascii: "f")): return 0
        default: return PostgresRow.integer(value)
        }
    }

    /// The column as a double (0 for NULL).
    public func double(_ column: Int) -> Double {
        guard !isNull(column), let value = PQgetvalue(result, row, Int32(column)) else { return 0 }
        return strtod(value, nil)
    }

    /// The column as text ("" for NULL).
    public func text(_ column: Int) -> String {
        optionalText(column) ?? ""
    }

    /// The column as text, or nil when it is NULL.
    public func optionalText(_ column: Int) -> String? {
        guard !isNull(column), let value = PQgetvalue(result, row, Int32(column)) else { return nil }
        return String(cString: value)
    }

    /// The column's bytes (`bytea`, decoded from PostgreSQL's `\x…` hex form); empty for NULL.
    public func blob(_ column: Int) -> [UInt8] {
        guard !isNull(column), let value = PQgetvalue(result, row, Int32(column)) else { return [] }
        let length = Int(PQgetlength(result, row, Int32(column)))
        return value.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
            PostgresBytes.decodeHex(UnsafeBufferPointer(start: bytes, count: length))
        }
    }

    /// Parses a decimal integer without allocating; nil on overflow or other text.
    private static func integer(_ text: UnsafePointer<CChar>) -> Int64? {
        var index = 0
        var negative = false
        if text[0] == CChar(UInt8(ascii: "-")) {
            negative = true
            index = 1
        }
        var value: Int64 = 0
        var digits = 0
        while true {
            let character = UInt8(bitPattern: text[index])
            guard character >= UInt8(ascii: "0"), character <= UInt8(ascii: "9") else { break }
            let digit = Int64(character - UInt8(ascii: "0"))
            let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowPlus) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            guard !overflowTimes, !overflowPlus else { return nil }
            value = next
            index += 1
            digits += 1
        }
        guard digits > 0, text[index] == 0 else { return nil }
        return value
    }
}
