import AuctionCLI
import AuctionData
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
                    color: Bool = false, password: String? = nil,
                    confirm: CommandContext.ConfirmationSource? = nil, clock: TimeOfDay = .utc) async -> CommandRun {
        let out = MemorySink(), err = MemorySink()
        var env = ["HOME": "/nonexistent/auction-test-home"]
        env.merge(environment) { _, new in new }
        var app = AuctionApp(environment: env) { noColor in
            Console(output: out, errors: err, outputIsTerminal: terminal != nil, inputIsTerminal: confirm != nil,
                    size: terminal, color: color && !noColor)
        }
        app.readPassword = { _, _ throws(AccountCommandError) in
            guard let password else { throw .password("no password in this test") }
            return password
        }
        app.confirm = confirm
        app.clock = clock
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

extension ClientMessage {
    /// The message with its bid's idempotency key removed (every bid carries a fresh random one).
    var withoutIdempotencyKey: ClientMessage {
        guard case .bid(var bid, let user) = self else { return self }
        bid.idempotencyKey = nil
        return .bid(bid, userID: user)
    }
}
