import AuctionCore
import AuctionInfrastructure

/// `watch`'s bell and `--notify-command` (pushes 8), and how the command sets them up.
extension WatchCommand {
    /// `--notify-command`'s text as argv, or a usage error when it is empty or has an unclosed quote.
    static func notifyArguments(_ text: String?) throws(CommandError) -> [String]? {
        guard let text else { return nil }
        guard let words = NotifyCommandRunner.split(text) else {
            throw .usage(name, "`--notify-command` needs a command, e.g. --notify-command 'notify-send auction' (quotes must close)")
        }
        return words
    }

    /// The model's alerts: the bell on a terminal only (not `--no-bell`, not piped, not JSON), the command if given.
    func alerts(outputIsTerminal: Bool) -> WatchAlerts {
        var alerts = WatchAlerts()
        alerts.bell = !noBell && outputIsTerminal && !json
        alerts.runsCommand = notifyCommand != nil
        return alerts
    }

    /// The runner for `--notify-command`; the command's output is discarded on the full screen, else it goes to standard error.
    func notifyRunner(interactive: Bool) -> NotifyCommandRunner? {
        notifyCommand.map { NotifyCommandRunner(arguments: $0, output: interactive ? nil : FileDescriptor(rawValue: 2)) }
    }
}
