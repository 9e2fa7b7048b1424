import AuctionServer
import AuctionTestSupport
import Testing

/// Beyond names (SchemaParityTests): every column both engines have agrees on its kind of value,
/// whether it may be NULL and its default, and every table's CHECK constraints cover the same
/// columns, so a value one engine refuses the other refuses too.
@Suite struct SchemaColumnParityTests {
    /// What a column is, in terms both engines share.
    struct Column: Hashable, CustomStringConvertible {
        /// `integer`, `real`, `text` or `blob` (SQLite's storage classes; PostgreSQL's types map onto them).
        var kind: String
        var notNull: Bool
        /// The default as written, without casts, quotes' doubling or parentheses; nil: none (or NULL).
        var defaultValue: String?

        var description: String { "\(kind)\(notNull ? " NOT NULL" : "")\(defaultValue.map { " DEFAULT \($0)" } ?? "")" }
    }

    /// A schema read back: table → column → what it is, and table → the column sets its checks read.
    struct Shape {
        var columns: [String: [String: Column]] = [:]
        var checks: [String: [[String]]] = [:]
    }

    /// The default of an id the store assigns: SQLite's `INTEGER PRIMARY KEY` is the row id, PostgreSQL's
    /// an identity column (or a sequence's `nextval`); both take the next number.
    static let sequenceDefaults = "nextval"

    /// The kind of a declared type of either engine.
    static func kind(_ declared: String) -> String {
        let type = declared.lowercased()
        if type.contains("int") || type == "boolean" { return "integer" }
        if type.contains("char") || type.contains("text") || type.contains("clob") { return "text" }
        if type.contains("blob") || type == "bytea" { return "blob" }
        if type.contains("real") || type.contains("double") || type.contains("floa") || type.contains("numeric") { return "real" }
        return "unknown(\(declared))"
    }

    /// A default written either engine's way, reduced to the value: `('x'::text)` and `'x'` are one.
    static func normalized(_ written: String?) -> String? {
        guard var value = written?.trimmingCharacters(in: .whitespaces), !value.isEmpty, value.uppercased() != "NULL" else { return nil }
        if value.hasPrefix("nextval(") { return sequenceDefaults }
        while value.hasPrefix("("), value.hasSuffix(")") { value = String(value.dropFirst().dropLast()) }
        if let cast = value.range(of: "::", options: .backwards), !value[cast.upperBound...].contains("'") {
            value = String(value[..<cast.lowerBound])
        }
        while value.hasPrefix("("), value.hasSuffix(")") { value = String(value.dropFirst().dropLast()) }
        if value == "false" { return "0" }
        if value == "true" { return "1" }
        return value
    }

    /// Each `CHECK (…)` expression in `sql`, without its outer parentheses.
    static func checkExpressions(in sql: String) -> [String] {
        var found: [String] = []
        var rest = sql[...]
        while let check = rest.range(of: "CHECK", options: .caseInsensitive) {
            rest = rest[check.upperBound...]
            guard let open = rest.firstIndex(of: "(") else { break }
            var depth = 0, index = open
            while index < rest.endIndex {
                if rest[index] == "(" { depth += 1 }
                if rest[index] == ")" { depth -= 1; if depth == 0 { break } }
                index = rest.index(after: index)
            }
            guard index < rest.endIndex else { break }
            found.append(String(rest[rest.index(after: open)..<index]))
            rest = rest[index...]
        }
        return found
    }

    /// The columns of `columns` an expression names, sorted.
    static func columnsNamed(in expression: String, of columns: some Collection<String>) -> [String] {
        let words = Set(expression.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map { $0.lowercased() })
        return columns.filter { words.contains($0) }.sorted()
    }

    static func sqliteShape() throws -> Shape {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let database = try SQLiteDatabase(path: folder.file("schema.sqlite"))
        defer { database.close() }
        _ = try StoreSchema.migrate(database)
        let tables = try database.rows("""
            SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL%'
            """, []) { ($0.text(0), $0.text(1)) }
        var shape = Shape()
        for (table, sql) in tables {
            let rows = try database.rows("SELECT name, type, \"notnull\", dflt_value, pk FROM pragma_table_info(?)", [.text(table)]) {
                ($0.text(0), $0.text(1), $0.text(2) == "1", $0.isNull(3) ? nil : $0.text(3), $0.text(4) != "0")
            }
            // A lone INTEGER PRIMARY KEY is the row id: never NULL, assigned like PostgreSQL's identity.
            let rowID = rows.filter(\.4).count == 1 ? rows.first { $0.4 && $0.1.uppercased() == "INTEGER" }?.0 : nil
            for (name, type, notNull, written, primary) in rows {
                let isRowID = name == rowID
                shape.columns[table, default: [:]][name] = Column(kind: kind(type), notNull: notNull || primary,
                                                                   defaultValue: isRowID ? sequenceDefaults : normalized(written))
            }
            shape.checks[table] = checkExpressions(in: sql).map { columnsNamed(in: $0, of: rows.map(\.0)) }.sorted { "\($0)" < "\($1)" }
        }
        return shape
    }

    static func postgresShape() throws -> Shape {
        let fixture = try PostgresFixture()
        defer { fixture.drop() }
        let connection = try PostgresConnection(fixture.url)
        defer { connection.close() }
        _ = try PostgresSchema.migrate(connection)
        let rows = try connection.rows("""
            SELECT table_name, column_name, data_type, is_nullable, column_default, is_identity
            FROM information_schema.columns WHERE table_schema = current_schema()
            """, []) { ($0.text(0), $0.text(1), $0.text(2), $0.text(3) == "NO", $0.isNull(4) ? nil : $0.text(4), $0.text(5) == "YES") }
        var shape = Shape()
        for (table, name, type, notNull, written, identity) in rows {
            shape.columns[table, default: [:]][name] = Column(kind: kind(type), notNull: notNull,
                                                               defaultValue: identity ? sequenceDefaults : normalized(written))
        }
        let checks = try connection.rows("""
            SELECT c.conrelid::regclass::text, pg_get_constraintdef(c.oid) FROM pg_constraint c
            WHERE c.contype = 'c' AND c.connamespace = current_schema()::regnamespace
            """, []) { ($0.text(0), $0.text(1)) }
        for (table, definition) in checks {
            let named = checkExpressions(in: definition).map { columnsNamed(in: $0, of: shape.columns[table]?.keys.map { $0 } ?? []) }
            shape.checks[table, default: []] += named
        }
        for table in shape.checks.keys { shape.checks[table]?.sort { "\($0)" < "\($1)" } }
        return shape
    }

    @Test func sharedColumnsAgreeOnKindNullabilityAndDefault() throws {
        let sqlite = try Self.sqliteShape(), postgres = try Self.postgresShape()
        var differences: [String] = [], compared = 0, withDefaults = 0
        for (table, columns) in sqlite.columns.sorted(by: { $0.key < $1.key }) {
            guard let other = postgres.columns[table] else { continue }
            for (name, column) in columns.sorted(by: { $0.key < $1.key }) {
                guard let twin = other[name] else { continue }
                compared += 1
                if column.defaultValue != nil { withDefaults += 1 }
                if twin != column { differences.append("\(table).\(name): SQLite \(column), PostgreSQL \(twin)") }
            }
        }
        // The readers read something: most of the schema's columns, many with defaults.
        #expect(compared >= 100 && withDefaults >= 12, "\(compared) columns compared, \(withDefaults) with defaults")
        #expect(differences == [], "\(differences.joined(separator: "\n"))")
    }

    @Test func everyTableChecksTheSameColumnsOnBothEngines() throws {
        let sqlite = try Self.sqliteShape(), postgres = try Self.postgresShape()
        var differences: [String] = []
        #expect(sqlite.checks.values.map(\.count).reduce(0, +) >= 10, "SQLite's checks were read")
        for table in Set(sqlite.columns.keys).intersection(postgres.columns.keys).sorted() {
            let a = sqlite.checks[table] ?? [], b = postgres.checks[table] ?? []
            if a != b { differences.append("\(table): SQLite checks \(a), PostgreSQL \(b)") }
        }
        #expect(differences == [], "\(differences.joined(separator: "\n"))")
    }

    @Test func theDefaultsAndChecksAreReadAsWritten() {
        // The readers above, on both engines' spellings: a test of the comparison itself.
        #expect(Self.normalized("('x'::text)") == "'x'" && Self.normalized("'x'") == "'x'")
        #expect(Self.normalized("0") == "0" && Self.normalized("NULL") == nil && Self.normalized("false") == "0")
        #expect(Self.normalized("nextval('bids_id_seq'::regclass)") == Self.sequenceDefaults)
        #expect(Self.kind("bigint") == "integer" && Self.kind("INTEGER") == "integer" && Self.kind("bytea") == "blob")
        let expressions = Self.checkExpressions(in: "a INTEGER CHECK (a >= 0), b TEXT CHECK (length(b) <= 10 AND (a > 1))")
        #expect(expressions == ["a >= 0", "length(b) <= 10 AND (a > 1)"])
        #expect(Self.columnsNamed(in: expressions[1], of: ["a", "b", "c"]) == ["a", "b"])
    }
}
