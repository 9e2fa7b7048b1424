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

}
