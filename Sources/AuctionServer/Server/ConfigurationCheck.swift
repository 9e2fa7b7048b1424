import AuctionInfrastructure
import Glibc

/// `auction-server --check-config` past the settings' values, as `nginx -t` does: what a start would
/// refuse. The TLS certificate and key are loaded and matched, the database's folder is opened for
/// writing (and the file, when it exists), and a `--store` is connected to. Nothing is created, no
/// port is bound, no schema is migrated.
public enum ConfigurationCheck {
    /// One thing a start would refuse: a sentence naming the file or store and the reason, and the
    /// exit status the start would end with (2 a wrong setting, 3 a store that cannot be used).
    public struct Problem: Equatable, Sendable, CustomStringConvertible {
        /// The sentence.
        public let description: String
        /// The start's exit status for it.
        public let exitCode: Int32
    }

    /// Every problem a start with `configuration` would meet (empty when none); `environment` gives
    /// the default database location (`XDG_DATA_HOME`, `HOME`) as a start reads it.
    public static func problems(_ configuration: ServerConfiguration, environment: [String: String]) -> [Problem] {
        var found: [Problem] = []
        if let problem = certificateProblem(configuration.transport) { found.append(problem) }
        if let store = configuration.store {
            if let problem = storeProblem(store, options: configuration.postgres) { found.append(problem) }
        } else if let problem = databaseProblem(configuration.databasePath, environment: environment) {
            found.append(problem)
        }
        return found
    }

    /// The TLS pair loaded as a start loads it: readable, PEM, the key the certificate's.
    static func certificateProblem(_ transport: TransportSecurity) -> Problem? {
        guard let certificate = transport.certificateFile, let key = transport.keyFile else { return nil }
        do throws(TLSSetupError) {
            _ = try TLSContext.server(certificateFile: certificate, keyFile: key, http: true)
            return nil
        } catch {
            return Problem(description: error.description, exitCode: ServerError.tls(error).exitCode)
        }
    }

    /// The database file's folder (or, when it does not exist yet, the nearest folder above it, where
    /// the start creates it) writable by this user, and an existing database file readable and writable.
    static func databaseProblem(_ given: String?, environment: [String: String]) -> Problem? {
        var path = given ?? ""
        do throws(StoreError) {
            if given == nil { path = try StoreLocation.defaultDatabasePath(environment: environment) }
        } catch {
            return Problem(description: error.description, exitCode: ServerError.store(error).exitCode)
        }
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        var existing = folder
        var status = stat()
        while stat(existing, &status) != 0 {
            guard errno == ENOENT, let slash = existing.lastIndex(of: "/") else {
                return Problem(description: "cannot use the database folder \(folder): \(Errno.current.phrase)", exitCode: 2)
            }
            existing = slash == existing.startIndex ? "/" : String(existing[..<slash])
            if existing.isEmpty { existing = "." }
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            return Problem(description: "cannot use the database folder \(folder): \(existing) is not a directory", exitCode: 2)
        }
        if existing != folder {
            // The start creates the missing folders here: writing in it is what it needs.
            guard writes(in: existing) else {
                return Problem(description: "cannot create the database folder \(folder) in \(existing): \(Errno.current.phrase)", exitCode: 2)
            }
            return nil
        }
        guard writes(in: folder) else {
            return Problem(description: "cannot write in the database folder \(folder): \(Errno.current.phrase)", exitCode: 2)
        }
        guard stat(path, &status) == 0 else { return nil }  // the start creates the file
        let fd = open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else {
            return Problem(description: "cannot open the database \(path) for writing: \(Errno.current.phrase)", exitCode: 2)
        }
        close(fd)
        return nil
    }

    /// Whether a file can be created (and is removed) in `folder`: the test a read-only mount or a
    /// wrong owner fails, even for root (`access(2)` would pass root). `errno` says why not.
    private static func writes(in folder: String) -> Bool {
        var template = Array((folder + "/.auction-server-check-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard fd >= 0 else { return false }
        close(fd)
        unlink(String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
        return true
    }

    /// Connects to the shared store and closes the connection; the refusal with the start's exit status.
    static func storeProblem(_ store: PostgresConnectionString, options: PostgresOptions) -> Problem? {
        do throws(StoreError) {
            let connection = try options.link.open(store, statementTimeout: false)
            connection.close()
            return nil
        } catch {
            return Problem(description: error.description, exitCode: ServerError.store(error).exitCode)
        }
    }
}
