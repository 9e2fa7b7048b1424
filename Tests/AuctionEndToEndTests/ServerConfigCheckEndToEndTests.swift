import AuctionInfrastructure
import AuctionTestSupport
import Foundation
import Glibc
import Testing

/// The real `auction-server` (issue 37): `--check-config` refuses what a start would, in words, with
/// exit status 2 (what the unit's `RestartPreventExitStatus=2` stops on); a start does the same; and
/// a port in use stops a start before any database is created or seeded.
@Suite struct ServerConfigCheckEndToEndTests {
    private func server(_ arguments: [String]) async throws -> ProcessResult {
        try await offPool { try ProcessRunner.run(BuildProducts.executable("auction-server"), arguments, timeout: 30) }
    }

    @Test func aMissingCertificateExits2AtTheCheckAndAtTheStart() async throws {
        let folder = try TemporaryDirectory(prefix: "auction-check-e2e")
        defer { folder.remove() }
        let tls = ["--tls-cert", "/nonexistent.pem", "--tls-key", "/nonexistent.key", "--db", folder.file("auction.sqlite")]
        let check = try await server(["--check-config"] + tls)
        #expect(check.status == 2 && check.stdout.isEmpty, "\(check.stdout) \(check.stderr)")
        #expect(check.stderr == "auction-server: cannot read the TLS certificate /nonexistent.pem: no such file or directory\n", "\(check.stderr)")
        let start = try await server(tls + ["--http-port", "0", "--socket-port", "0"])
        #expect(start.status == 2, "\(start.stderr)")
        #expect(start.stderr.contains("cannot read the TLS certificate /nonexistent.pem: no such file or directory"), "\(start.stderr)")
        #expect(!start.stderr.contains("system lib"))
        #expect(!FileManager.default.fileExists(atPath: folder.file("auction.sqlite")))
    }

    @Test func aKeyThatDoesNotMatchExits2AtTheCheck() async throws {
        let certificates = try ThrowawayCertificates()
        defer { certificates.remove() }
        let served = try certificates.issue("served"), other = try certificates.issue("other")
        let database = certificates.directory.file("auction.sqlite")
        let check = try await server(["--check-config", "--tls-cert", served.certificate, "--tls-key", other.key, "--db", database])
        #expect(check.status == 2, "\(check.stdout) \(check.stderr)")
        #expect(check.stderr.contains("the TLS key \(other.key) does not match the certificate \(served.certificate)"), "\(check.stderr)")
        let good = try await server(["--check-config", "--tls-cert", served.certificate, "--tls-key", served.key, "--db", database])
        #expect(good.status == 0 && good.stdout == "config ok\n", "\(good.stderr)")
    }

    @Test func aDatabasePathTheCheckRefusesExits2AtTheStartToo() async throws {
        let folder = try TemporaryDirectory(prefix: "auction-check-db")
        defer { folder.remove() }
        let database = folder.file("auction.sqlite")
        try FileManager.default.createDirectory(atPath: database, withIntermediateDirectories: false)  // a folder where the file goes
        let check = try await server(["--check-config", "--db", database])
        #expect(check.status == 2, "\(check.stderr)")
        #expect(check.stderr.contains("cannot open the database \(database) for writing"), "\(check.stderr)")
        let start = try await server(["--db", database, "--http-port", "0", "--socket-port", "0"])
        #expect(start.status == 2, "\(start.stderr)")  // was 1: the store's open failed after the check's words were skipped
        #expect(start.stderr.contains("cannot open the database \(database) for writing"), "\(start.stderr)")
    }

    @Test func aPortInUseStopsTheStartBeforeADatabaseIsCreatedOrSeeded() async throws {
        let folder = try TemporaryDirectory(prefix: "auction-busy-port")
        defer { folder.remove() }
        let (busy, port) = try TCPProbe.listen()  // another program's listener
        defer { close(busy) }
        for flag in ["--socket-port", "--http-port", "--metrics-port"] {
            let database = folder.file("\(flag.dropFirst(2)).sqlite")
            var arguments = ["--db", database, "--http-port", "0", "--socket-port", "0"]
            arguments += [flag, String(port)]
            let start = try await server(arguments)
            #expect(start.status == 1, "\(flag): \(start.stderr)")  // docs/SERVER.md: a port taken is 1 (it may be freed; a restart may help)
            #expect(start.stderr.contains("127.0.0.1:\(port)") && start.stderr.contains("in use"), "\(flag): \(start.stderr)")
            #expect(!start.stderr.contains("seeded"), "\(flag): \(start.stderr)")
            #expect(!FileManager.default.fileExists(atPath: database), "\(flag) left \(database) behind")
        }
    }
}

/// A listening socket a test holds as "another program" would.
enum TCPProbe {
    /// Listens on a free loopback port with plain system calls (not our listener); the descriptor and port.
    static func listen() throws -> (CInt, Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                Glibc.bind(fd, address, length) == 0 && Glibc.listen(fd, 16) == 0 && getsockname(fd, address, &length) == 0
            }
        }
        guard bound else { throw Errno.current }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }
}
