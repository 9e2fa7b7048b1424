import CLibPQ
import Glibc

/// A PostgreSQL connection string checked by libpq itself (`PQconninfoParse`): a `postgres://` or
/// `postgresql://` URL, or `key=value` pairs. Holds its settings and a password-free description.
public struct PostgresConnectionString: Sendable, Hashable {
    /// The settings given, by libpq keyword.
    public let keys: [String]
    /// Their values, in the same order.
    public let values: [String]
    /// How connections to it behave (the server sets `store_timeout`'s); every opener uses `open()`.
    public var link = PostgresLinkPolicy()

    /// A new connection under `link`.
    public func open() throws(StoreError) -> PostgresConnection { try link.open(self) }

    /// Parses `text`; a clear `.invalidConnectionString` when libpq cannot read it.
    public init(_ text: String) throws(StoreError) {
        guard !text.isEmpty, text.utf8.count <= 4_096, !text.utf8.contains(0) else {
            throw StoreError.invalidConnectionString(reason: "empty or longer than 4096 bytes")
        }
        var errorText: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(text, &errorText) else {
            let reason = errorText.map { PostgresConnection.trimmed($0) } ?? "not a connection string"
            PQfreemem(errorText)
            throw StoreError.invalidConnectionString(reason: reason)
        }
        defer { PQconninfoFree(options) }
        var keys: [String] = [], values: [String] = []
        var option = options
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val {
                keys.append(String(cString: keyword))
                values.append(String(cString: value))
            }
            option += 1
        }
        self.keys = keys
        self.values = values
    }

    /// Whether `text` is meant for PostgreSQL (a URL with its scheme, or libpq's `key=value` form).
    public static func looksLikePostgres(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") || text.contains("=")
    }

    /// The value of one setting, if given.
    public func value(_ key: String) -> String? {
        keys.firstIndex(of: key).map { values[$0] }
    }

    /// `user@host:port/database`, never the password.
    public var displayTarget: String {
        let user = value("user").map { "\($0)@" } ?? ""
        let host = value("host") ?? value("hostaddr") ?? "localhost"
        let port = value("port").map { ":\($0)" } ?? ""
        let database = value("dbname").map { "/\($0)" } ?? ""
        return "postgres://\(user)\(host)\(port)\(database)"
    }
}
