import AuctionCore
import AuctionData
import AuctionInfrastructure

/// Runs `watch --notify-command`: the user's argv (split by the CLI, never given to a shell) with a
/// notification's JSON on standard input, one at a time. `WatchModel` decides when to start and when
/// to kill (its 5 s timeout runs on the watch's clock); this only spawns, waits on a thread of its
/// own (never the concurrency pool) and reports how the command ended.
public final class NotifyCommandRunner: Sendable {
    /// The command's argv.
    public let arguments: [String]
    /// Where the command's output goes; nil: `/dev/null` (the full screen must not be written over).
    public let output: FileDescriptor?
    private let waiter = WorkerThread(name: "notify-command")
    private let running = Mutex<SpawnedCommand?>(nil)

    /// A runner for `arguments`, the command's output going to `output` (nil: discarded).
    public init(arguments: [String], output: FileDescriptor?) {
        self.arguments = arguments
        self.output = output
    }

    /// Starts the command for `notice`; `finished` is called once, from the waiting thread, when it ends.
    public func start(_ notice: AuctionNotification, finished: @escaping @Sendable (NotifyCommandResult) -> Void) {
        let command: SpawnedCommand
        do throws(Errno) {
            command = try SpawnedCommand(arguments, output: output)
        } catch {
            finished(.couldNotStart("\(arguments.first ?? ""): \(error.phrase)"))
            return
        }
        running.withLock { $0 = command }
        let input = Self.input(notice)
        let submitted = waiter.submit { [running] in
            command.feed(input)
            let termination = command.wait()
            running.withLock { if $0 === command { $0 = nil } }
            switch termination {
            case .exited(let status): finished(.exited(status))
            case .signalled(let signal): finished(.signalled(signal))
            }
        }
        if !submitted {
            command.kill()
            finished(.couldNotStart("no thread to wait for it"))
        }
    }

    /// Kills the running command, if any (it still reports how it ended).
    public func stop() {
        running.withLock { $0 }?.kill()
    }

    /// Kills a command still running and stops the waiting thread (when `watch` ends).
    public func shutdown() {
        stop()
        waiter.shutdown()
    }

    /// The notification as its push-8 JSON object, one line: what the command reads on standard input.
    public static func input(_ notice: AuctionNotification) -> [UInt8] {
        WatchJSON.plainSlashes(MachineTime.rewritten(ServerMessage.notification(notice).data).serialized()) + [UInt8(ascii: "\n")]
    }

    /// Splits `--notify-command`'s text into argv: words at spaces and tabs; single or double quotes keep
    /// spaces, a backslash keeps the next character. Nothing is expanded; nil for an empty command or an
    /// unclosed quote.
    public static func split(_ text: String) -> [String]? {
        var words: [String] = [], word = "", inWord = false
        var quote: Character?
        var escaped = false
        for character in text {
            if escaped {
                word.append(character)
                escaped = false
            } else if let open = quote {
                if character == open { quote = nil } else if character == "\\" && open == "\"" { escaped = true } else { word.append(character) }
            } else if character == "\\" {
                escaped = true
                inWord = true
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == " " || character == "\t" {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(character)
                inWord = true
            }
        }
        guard quote == nil, !escaped else { return nil }
        if inWord { words.append(word) }
        return words.isEmpty ? nil : words
    }
}
