import AuctionCore
import AuctionData
import AuctionInfrastructure

/// `auction mod <action> …`: a moderator's tools. The actions (`remove-lot`, `suspend`, `unsuspend`, `retract`,
/// `resolve`) each need `--reason`; `reports` and `log` read. Every request carries the saved login; the server
/// checks the role (403: "you are not a moderator").
public struct ModCommand: ParsableCommand {
    /// What a moderator does.
    public enum Action: String, Hashable, Sendable, CaseIterable {
        /// Remove a lot: `remove-lot ID`.
        case removeLot = "remove-lot"
        /// Suspend a user: `suspend USER [--for DURATION]`.
        case suspend
        /// Lift a suspension: `unsuspend USER`.
        case unsuspend
        /// Retract a bid: `retract BID-ID`.
        case retract
        /// List reports: `reports [--all]`.
        case reports
        /// Resolve a report: `resolve REPORT-ID`.
        case resolve
        /// Read the moderation log: `log [--user NAME] [--lot ID]`.
        case log

        /// What the action's target is called in messages, nil when it takes none.
        var targetName: String? {
            switch self {
            case .removeLot: "ID"
            case .suspend, .unsuspend: "USER"
            case .retract: "BID-ID"
            case .resolve: "REPORT-ID"
            case .reports, .log: nil
            }
        }

        /// Whether the action changes something (and so needs `--reason`).
        var acts: Bool { targetName != nil }
    }

    /// `mod`.
    public static let name = "mod"
    /// What `mod` does, for help.
    public static let summary = "moderate: remove lots, suspend users, retract bids, reports, the log"
    /// `mod`'s help page.
    public static let discussion = """
        For moderators (the server checks the role at each request; others get "you are not a moderator", exit 1).
          mod remove-lot ID --reason TEXT                  end a lot as removed
          mod suspend USER --reason TEXT [--for DURATION]  DURATION like 30m, 12h, 7d; without it, until lifted
          mod unsuspend USER --reason TEXT                 lift a suspension
          mod retract BID-ID --reason TEXT                 reprice the lot as if the bid had never been placed
          mod reports [--all] [--json]                     open reports (--all: resolved ones too)
          mod resolve REPORT-ID --reason TEXT              close a report, recording what was done
          mod log [--user NAME] [--lot ID] [--json]        the moderation log, newest first
        Every action needs a reason (one line, at most 280 characters); without one nothing is sent (exit 2).
        Repeating an action changes nothing and says so (exit 0).
        """
    /// `<action>` as given.
    @Argument(text: "action", help: "remove-lot, suspend, unsuspend, retract, reports, resolve or log",
              choices: Action.allCases.map(\.rawValue))
    public var actionName: String
    /// The lot, user, bid or report acted on.
    @Argument(text: "target", help: "the lot id, user name, bid id or report id the action takes")
    public var target: String?
    /// Why (every action).
    @Option(text: "reason", valueName: "TEXT", help: "why (required by every action; recorded in the moderation log)")
    public var reason: String?
    /// How long a suspension lasts.
    @Option(text: "for", valueName: "DURATION", help: "with suspend: how long, e.g. 30m, 12h, 7d (default: until lifted)")
    public var duration: String?
    /// Whether `reports` lists resolved reports too.
    @Flag("all", help: "with reports: resolved reports too")
    public var all: Bool
    /// The log's user filter.
    @Option(text: "user", valueName: "NAME", help: "with log: entries acting on or by this user")
    public var user: String?
    /// The log's lot filter.
    @Option(text: "lot", valueName: "ID", help: "with log: entries about this lot")
    public var lot: String?
    /// Whether to print JSON (`reports`, `log`).
    @Flag("json", help: "with reports and log: print JSON")
    public var json: Bool

    /// The action.
    public var action = Action.reports
    /// `--for` in seconds.
    public var seconds: Int64?
    /// `--lot` as a number.
    public var lotID: Int64?

    /// The most rows `reports` and `log` fetch (pages of 200).
    public static let maximumRows = 1_000

    /// The declarations, read from a parse by `ParsableCommand`.
    public init() {}

    /// Reads the action and refuses what does not go with it, and a missing reason, before anything is sent.
    public mutating func validate() throws(CommandError) {
        guard let action = Action(rawValue: actionName) else {
            throw .usage(Self.name, "`mod` needs one of: " + Action.allCases.map(\.rawValue).joined(separator: ", "))
        }
        self.action = action
        func refuse(_ text: String) -> CommandError { .usage(Self.name, text) }
        if let name = action.targetName {
            guard let target, !target.isEmpty else { throw refuse("`mod \(action.rawValue)` needs \(name)") }
            if action != .suspend && action != .unsuspend {
                guard let number = Int64(target), number >= 1 else { throw refuse("\(name) must be a number from 1, not `\(target)`") }
            }
            reason = try CommandContext.requiredReason(reason, command: Self.name)
        } else if target != nil {
            throw refuse("`mod \(action.rawValue)` takes no \(action == .log ? "target (use --user or --lot)" : "target")")
        } else if reason != nil {
            throw refuse("`--reason` goes with an action, not `mod \(action.rawValue)`")
        }
        if let duration {
            guard action == .suspend else { throw refuse("`--for` goes with `mod suspend`") }
            seconds = try Self.seconds(duration)
        }
        if all, action != .reports { throw refuse("`--all` goes with `mod reports`") }
        if json, action != .reports, action != .log { throw refuse("`--json` goes with `mod reports` and `mod log`") }
        if (user != nil || lot != nil), action != .log { throw refuse("`--user` and `--lot` go with `mod log`") }
        if let lot {
            guard let id = Int64(lot), id >= 1 else { throw refuse("--lot must be a lot id from 1, not `\(lot)`") }
            lotID = id
        }
    }

    /// `--for`'s text (`30m`, `12h`, `7d`, `1d12h`) in seconds, from 1 s to 10 years; else a usage error.
    public static func seconds(_ text: String) throws(CommandError) -> Int64 {
        guard let seconds = DurationText.seconds(text), seconds >= 1, seconds <= 10 * 366 * 86_400 else {
            throw .usage(name, "--for takes a duration like 30m, 12h or 7d (at most 10 years), not `\(text)`")
        }
        return seconds
    }

    /// Sends the action, or reads reports or the log, and prints the answer.
    public func run(in context: CommandContext) async throws(CommandError) -> ExitCode {
        switch action {
        case .reports: return try await listReports(context)
        case .log: return try await readLog(context)
        default: break
        }
        let action = self.action, target = self.target ?? "", reason = self.reason ?? "", seconds = self.seconds
        let answer = try await context.withModeration("`auction mod \(action.rawValue)`") { (moderation, token) throws(AuctionError) in
            switch action {
            case .removeLot: try await moderation.removeLot(Int64(target) ?? 0, reason: reason, token: token)
            case .suspend: try await moderation.suspend(target, reason: reason, seconds: seconds, token: token)
            case .unsuspend: try await moderation.unsuspend(target, reason: reason, token: token)
            case .retract: try await moderation.retract(Int64(target) ?? 0, reason: reason, token: token)
            case .resolve, .reports, .log: try await moderation.resolve(Int64(target) ?? 0, reason: reason, token: token)  // reports, log: read above
            }
        }
        context.console.print(context.clock.localizingTimes(in: Self.line(answer)))
        return .success
    }

    /// The line printed for an action's answer: the server's sentence (cleaned), and the log entry's id when one was written.
    public static func line(_ answer: ModerationDTO.Answer) -> String {
        TerminalText.sanitized(answer.message) + (answer.entryID.map { " (log entry \($0))" } ?? "")
    }

    private func listReports(_ context: CommandContext) async throws(CommandError) -> ExitCode {
        let all = self.all
        let (reports, more) = try await context.withModeration("`auction mod reports`") { (moderation, token) throws(AuctionError) in
            try await Self.collect { (after) throws(AuctionError) in try await moderation.reports(all: all, after: after, token: token) }
        }
        if json {
            context.console.printJSON(.object(JSONObject([("reports", .array(reports.map(\.json)))])))
        } else if reports.isEmpty {
            context.console.error(all ? "no reports" : "no open reports")
        } else {
            context.console.print(lines: ModerationTables.reports(reports, resolved: all, clock: context.clock))
        }
        if more { context.console.error("showing the first \(Self.maximumRows) reports") }
        return .success
    }

    private func readLog(_ context: CommandContext) async throws(CommandError) -> ExitCode {
        let user = self.user, lot = lotID
        let (entries, more) = try await context.withModeration("`auction mod log`") { (moderation, token) throws(AuctionError) in
            try await Self.collect { (before) throws(AuctionError) in try await moderation.log(user: user, lot: lot, before: before, token: token) }
        }
        if json {
            context.console.printJSON(.object(JSONObject([("entries", .array(entries.map(\.json)))])))
        } else if entries.isEmpty {
            context.console.error("the moderation log has no entries" + (user != nil || lot != nil ? " that match" : ""))
        } else {
            context.console.print(lines: ModerationTables.log(entries, clock: context.clock))
        }
        if more { context.console.error("showing the newest \(Self.maximumRows) entries; narrow with --user or --lot") }
        return .success
    }

    /// Follows pages from the first until the last or `maximumRows`; whether more were left.
    private static func collect<T: Sendable>(
        _ page: (Int64?) async throws(AuctionError) -> (items: [T], next: Int64?)
    ) async throws(AuctionError) -> ([T], Bool) {
        var items: [T] = [], cursor: Int64?
        repeat {
            let next = try await page(cursor)
            items += next.items
            cursor = next.next
        } while cursor != nil && items.count < maximumRows
        return (Array(items.prefix(maximumRows)), cursor != nil || items.count > maximumRows)
    }
}
