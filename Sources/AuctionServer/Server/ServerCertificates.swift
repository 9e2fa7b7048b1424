import AuctionInfrastructure
import Glibc

/// The server's certificate and key, loaded into one TLS context per listener kind (HTTPS answers
/// ALPN http/1.1, the socket none) and reloaded on SIGHUP or when the files change: new connections
/// get the new pair, live ones keep theirs; a pair that does not load is logged and the old one kept.
public final class ServerCertificates: Sendable {
    /// What the HTTPS listener serves.
    public let http: TLSServerSettings
    /// What the TLS auction socket serves.
    public let socket: TLSServerSettings
    private let certificateFile: String
    private let keyFile: String
    private let log: ServerLog
    /// The files' modification times at the last load.
    private let loadedStamps: Mutex<[Int64]>

    /// Loads the pair; the error names the file and what is wrong with it.
    init(_ transport: TransportSecurity, log: ServerLog) throws(TLSSetupError) {
        guard let certificateFile = transport.certificateFile, let keyFile = transport.keyFile else {
            throw TLSSetupError("TLS needs both --tls-cert and --tls-key")
        }
        self.certificateFile = certificateFile
        self.keyFile = keyFile
        self.log = log
        let stamps = Self.stamps(of: [certificateFile, keyFile])
        let (http, socket) = try Self.contexts(certificateFile: certificateFile, keyFile: keyFile)
        self.http = TLSServerSettings(context: http, limits: transport.handshakes)
        self.socket = TLSServerSettings(context: socket, limits: transport.handshakes)
        loadedStamps = Mutex(stamps)
    }

    /// Loads the files again for new connections; false (the old pair kept, a warning logged) when they do not load.
    @discardableResult
    public func reload(reason: String) -> Bool {
        let stamps = Self.stamps(of: [certificateFile, keyFile])
        do throws(TLSSetupError) {
            let (http, socket) = try Self.contexts(certificateFile: certificateFile, keyFile: keyFile)
            self.http.replace(with: http)
            self.socket.replace(with: socket)
            loadedStamps.withLock { $0 = stamps }
            log.info("tls: \(reason): loaded \(certificateFile) for new connections")
            return true
        } catch {
            loadedStamps.withLock { $0 = stamps }  // reported once per change, not at every check
            log.warning("tls: \(reason): \(error); still serving the previous certificate")
            return false
        }
    }

    /// Reloads when either file's modification time differs from the last load's.
    public func reloadIfChanged() {
        let stamps = Self.stamps(of: [certificateFile, keyFile])
        guard stamps != loadedStamps.withLock({ $0 }) else { return }
        reload(reason: "the certificate files changed")
    }

    private static func contexts(certificateFile: String, keyFile: String) throws(TLSSetupError) -> (TLSContext, TLSContext) {
        (try TLSContext.server(certificateFile: certificateFile, keyFile: keyFile, http: true),
         try TLSContext.server(certificateFile: certificateFile, keyFile: keyFile, http: false))
    }

    /// Each file's modification time in nanoseconds (0 when it cannot be read).
    private static func stamps(of paths: [String]) -> [Int64] {
        paths.map { path in
            var status = stat()
            guard stat(path, &status) == 0 else { return 0 }
            return Int64(status.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(status.st_mtim.tv_nsec) &+ Int64(status.st_size) &* 7
        }
    }
}
