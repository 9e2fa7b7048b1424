import AuctionCore
import AuctionData
import AuctionInfrastructure
import Glibc

/// `auction chat` on a terminal: messages scroll above an input line kept at the bottom row.
///
/// Every incoming entry clears the input line, prints itself, then redraws the input line with the
/// cursor where it was, so typing is never garbled. One task owns the screen; keys, room events and
/// answers to requests all arrive through one stream. Not `Sendable`: run it from one task.
final class ChatScreen {
    /// Everything the screen reacts to.
    private enum Event: Sendable {
        case key(Key)
        case resized(TerminalSize)
        case room(ChatEvent)
        case notice(String)
        case quit
    }

    private let room: SocketChatRoom
    private let login: LoginCredential
    private let console: Console
    private let input: TerminalInput
    private var editor = LineEditor()
    private var size: TerminalSize
    private let clock = TimeOfDay.local()
    private var wasDown = false
    private let style: ChatStyle
    /// What was shown, newest last, to repaint at a new size (bounded).
    private var scrollback: [ChatEntry] = []
    private static let scrollbackLimit = 1_000

    /// Enters raw mode and the alternate screen.
    init(room: SocketChatRoom, login: LoginCredential, console: Console) throws(CommandError) {
        self.room = room
        self.login = login
        self.console = console
        size = console.size ?? .fallback
        style = ChatStyle(color: console.color, ownName: login.name)
        input = try TerminalInput(output: console.output)
    }

    private var prompt: String { "\(TerminalText.sanitized(room.room))> " }

    /// Runs until `/quit`, Ctrl-C, Ctrl-D on an empty line or a signal; restores the terminal.
    func run(events: AsyncStream<ChatEvent>, members: [String]) async {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self)
        let (requests, requestInput) = AsyncStream.makeStream(of: ChatRequest.self)
        input.start { event in
            switch event {
            case .keys(let keys): for key in keys { continuation.yield(.key(key)) }
            case .resized(let size): continuation.yield(.resized(size))
            }
        }
        let signals = SignalInput([SIGTERM, SIGHUP, SIGINT]) { _ in continuation.yield(.quit) }
        let forwarder = Task {
            for await event in events { continuation.yield(.room(event)) }
        }
        let room = self.room, login = self.login
        let sender = Task {
            _ = await ChatSender.run(requests, room: room, login: login) { continuation.yield(.notice($0)) }
        }
        console.output.write(ANSI.showCursor + ANSI.clearScreen + ANSI.moveTo(row: size.rows, column: 1))
        show(.notice("joined \(room.room) · here: \(members.joined(separator: ", ")) · /help for commands"))
        loop: for await event in stream {
            switch event {
            case .key(.character("?")) where editor.characters.isEmpty:
                show(.notice(ChatCommand.keysText))
            case .key(let key):
                switch editor.handle(key) {
                case .edited: redrawInput()
                case .submit(let line):
                    redrawInput()
                    switch ChatCommand(line: line) {
                    case .send(let text): requestInput.yield(.send(text))
                    case .who: requestInput.yield(.who)
                    case .help: show(.notice(ChatCommand.helpText))
                    case .quit: break loop
                    case .unknown(let name): show(.notice("unknown command /\(name); \(ChatCommand.helpText)"))
                    case .nothing: break
                    }
                case .interrupt, .endOfInput: break loop
                case .ignored: break
                }
            case .resized(let newSize):
                size = newSize
                console.output.write(ChatRenderer.repaint(scrollback, editor: editor, prompt: prompt, size: size,
                                                          clock: clock, style: style))
            case .room(let roomEvent):
                if !handle(roomEvent) { break loop }
            case .notice(let text):
                show(.notice(text))
            case .quit:
                break loop
            }
        }
        requestInput.finish()
        sender.cancel()
        forwarder.cancel()
        signals.stop()
        input.stop()
    }

    /// Shows a room event; false when the connection closed for good.
    private func handle(_ event: ChatEvent) -> Bool {
        switch event {
        case .message(let message):
            show(.message(sender: message.sender, text: message.text, time: message.time))
        case .presence(let presence):
            show(.presence(user: presence.user, joined: presence.event == .join, time: presence.time))
        case .connection(.reconnecting):
            if !wasDown { show(.notice("connection lost; reconnecting…")) }
            wasDown = true
        case .connection(.connected):
            if wasDown { show(.notice("reconnected; back in \(room.room)")) }
            wasDown = false
        case .connection(.closed):
            return false
        case .connection:
            break
        }
        return true
    }

    private func show(_ entry: ChatEntry) {
        scrollback.append(entry)
        if scrollback.count > Self.scrollbackLimit { scrollback.removeFirst(scrollback.count - Self.scrollbackLimit) }
        console.output.write(ChatRenderer.print(entry, editor: editor, prompt: prompt, width: size.columns, clock: clock, style: style))
    }

    private func redrawInput() {
        console.output.write(ChatRenderer.inputLine(editor, prompt: prompt, width: size.columns))
    }
}
