import AuctionCLI
import AuctionInfrastructure
import Foundation

/// What an in-process `auction` run printed and returned.
struct CommandRun: Sendable {
    var status: ExitCode
    var stdout: String
    var stderr: String
}

enum CommandHarness {
    /// Runs `auction <arguments>` in process with only the given environment (no real config file).
    static func run(_ arguments: [String], environment: [String: String] = [:], terminal: TerminalSize? = nil,
                    color: Bool = false, password: String? = nil) async -> CommandRun {
        let out = MemorySink(), err = MemorySink()
        var env = ["HOME": "/nonexistent/auction-test-home"]
        env.merge(environment) { _, new in new }
        var app = AuctionApp(environment: env) { noColor in
            Console(output: out, errors: err, outputIsTerminal: terminal != nil, inputIsTerminal: false,
                    size: terminal, color: color && !noColor)
        }
        app.readPassword = { _, _ throws(AccountCommandError) in
            guard let password else { throw .password("no password in this test") }
            return password
        }
        let status = await app.run(arguments)
        return CommandRun(status: status, stdout: out.text, stderr: err.text)
    }

    /// A fresh directory for `XDG_CONFIG_HOME` (the saved login lives there); remove it afterwards.
    static func configDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "auction-cli-test-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A loopback port that refuses connections: bound but not listening (kept so while `body` runs,
    /// so a parallel test cannot take it).
    static func withRefusingPort<T>(_ body: (Int) async throws -> T) async rethrows -> T {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        _ = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return try await body(Int(UInt16(bigEndian: address.sin_port)))
    }
}
