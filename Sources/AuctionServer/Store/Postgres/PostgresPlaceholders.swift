/// Turns the stores' `?` placeholders into PostgreSQL's `$1, $2, …`.
///
/// Question marks inside string literals, quoted identifiers and comments are left alone.
enum PostgresPlaceholders {
    /// `sql` with each placeholder `?` numbered in order.
    static func numbered(_ sql: String) -> String {
        guard sql.utf8.contains(UInt8(ascii: "?")) else { return sql }
        var output: [UInt8] = []
        output.reserveCapacity(sql.utf8.count + 16)
        var number = 0
        var quote: UInt8? = nil
        var inComment = false
        var previous: UInt8 = 0
        for byte in sql.utf8 {
            if inComment {
                if byte == UInt8(ascii: "\n") { inComment = false }
            } else if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
                quote = byte
            } else if byte == UInt8(ascii: "-"), previous == UInt8(ascii: "-") {
                inComment = true
            } else if byte == UInt8(ascii: "?") {
                number += 1
                output.append(UInt8(ascii: "$"))
                output.append(contentsOf: String(number).utf8)
                previous = byte
                continue
            }
            output.append(byte)
            previous = byte
        }
        return String(decoding: output, as: UTF8.self)
    }
}

/// Names allowed for `LISTEN`/`NOTIFY` channels: identifiers that need no quoting.
enum PostgresChannel {
    /// Whether `name` is 1–63 lowercase letters, digits or underscores, not starting with a digit.
    static func isValid(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard (1...63).contains(bytes.count), let first = bytes.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            return false
        }
        return bytes.allSatisfy {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                || $0 == UInt8(ascii: "_")
        }
    }
}
