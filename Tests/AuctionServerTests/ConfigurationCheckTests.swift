import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Foundation
import Testing

/// `--check-config` past the values (issue 37), as `nginx -t`: a start's refusals show at the check,
/// each naming the file and the reason in words, with the start's exit status.
@Suite struct ConfigurationCheckTests {
    @Test func aMissingCertificateIsNamedWithTheSystemsReasonAndExits2() throws {
        let directory = try TemporaryDirectory(prefix: "auction-check")
        defer { directory.remove() }
        var configuration = ServerConfiguration()
        configuration.databasePath = directory.file("auction.sqlite")
        configuration.transport.certificateFile = "/nonexistent.pem"
        configuration.transport.keyFile = "/nonexistent.key"
        let problems = ConfigurationCheck.problems(configuration, environment: [:])
        #expect(problems.map(\.description) == ["cannot read the TLS certificate /nonexistent.pem: no such file or directory"])
        #expect(problems.map(\.exitCode) == [2])
    }

    @Test func aKeyThatIsNotTheCertificatesIsRefused() throws {
        let certificates = try ThrowawayCertificates()
        defer { certificates.remove() }
        let served = try certificates.issue("served"), other = try certificates.issue("other")
        var configuration = ServerConfiguration.ephemeral(databasePath: certificates.directory.file("auction.sqlite"))
        configuration.transport.certificateFile = served.certificate
        configuration.transport.keyFile = other.key
        let problems = ConfigurationCheck.problems(configuration, environment: [:])
        #expect(problems.map(\.description) == ["the TLS key \(other.key) does not match the certificate \(served.certificate)"])
        #expect(problems.first?.exitCode == 2)
        configuration.transport.keyFile = served.certificate  // a certificate where the key should be: OpenSSL's reason in words
        let notAKey = ConfigurationCheck.problems(configuration, environment: [:]).first?.description ?? ""
        #expect(notAKey.hasPrefix("cannot use the TLS key \(served.certificate): ") && !notAKey.contains("system lib"), "\(notAKey)")
        configuration.transport.keyFile = served.key
        #expect(ConfigurationCheck.problems(configuration, environment: [:]).isEmpty)
    }

    @Test func aDatabaseFolderThatCannotBeWrittenIsRefusedAndNothingIsCreated() throws {
        let directory = try TemporaryDirectory(prefix: "auction-check")
        defer { directory.remove() }
        try "not a folder".write(toFile: directory.file("file"), atomically: true, encoding: .utf8)
        var configuration = ServerConfiguration()
        configuration.databasePath = directory.file("file/auction.sqlite")
        let inFile = ConfigurationCheck.problems(configuration, environment: [:])
        #expect(inFile.map(\.description) == ["cannot use the database folder \(directory.file("file")): \(directory.file("file")) is not a directory"])
        #expect(inFile.first?.exitCode == 2)
        configuration.databasePath = "/proc/auction-check/auction.sqlite"  // not writable, even for root
        let proc = ConfigurationCheck.problems(configuration, environment: [:])
        #expect(proc.first?.description.hasPrefix("cannot create the database folder /proc/auction-check in /proc: ") == true, "\(proc)")
        configuration.databasePath = directory.file("new/deeper/auction.sqlite")
        #expect(ConfigurationCheck.problems(configuration, environment: [:]).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: directory.file("new")))  // the check creates nothing
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["file"])
    }

    @Test func anUnreachableStoreIsRefusedWithTheStartsExitStatus() throws {
        var configuration = ServerConfiguration()
        configuration.store = try PostgresConnectionString("postgres://auction@127.0.0.1:1/auction")
        configuration.postgres.timeoutMilliseconds = 1_000
        let problems = ConfigurationCheck.problems(configuration, environment: [:])
        #expect(problems.count == 1 && problems.first?.exitCode == 3, "\(problems)")
        #expect(problems.first?.description.contains("postgres://auction@127.0.0.1:1/auction") == true, "\(problems)")
    }

    @Test func startingWithAnUnusableCertificateIsAWrongSettingExit2() {
        let error = ServerError.tls(TLSSetupError("cannot read the TLS certificate /nonexistent.pem: no such file or directory"))
        #expect(error.exitCode == 2)
        #expect(ServerError.store(.cannotCreateDirectory(path: "/proc/x", reason: "no such file or directory")).exitCode == 2)
    }
}
