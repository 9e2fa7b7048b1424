import AuctionCore
import AuctionData
import AuctionInfrastructure
import Glibc

/// `auction chat` on a terminal: messages scroll above an input line kept at the bottom row.
///
/// Live, every incoming entry clears the input line, prints itself, then redraws the input line with
/// the cursor where it was, so typing is never garbled; scrolled back (PgUp), the screen is repainted
/// from the scrollback instead. One task owns the screen; keys, room events and answers to requests
/// all arrive through one stream. Not `Sendable`: run it from one task.
final class ChatScreen {
    /// Everything the screen reacts to.
    enum Event: Sendable {
        case key(Key)
        case resized(TerminalSize)
        case room(ChatEvent)
        case notice(String)
        case switched(ChatSwitch)
        case quit
    }

    /// The room in use (another one after `/join`).
    private(set) var room: SocketChatRoom
    let login: LoginCredential
    let console: Console
    private let input: TerminalInput
    private let leavesScreenful: Bool
    var editor = LineEditor()
    var history = InputHistory()
    var scrollback = ChatScrollback()
    var size: TerminalSize
    let clock = TimeOfDay.local()
    private var wasDown = false
    let style: ChatStyle

    /// Enters raw mode and the alternate screen; with `leavesScreenful`, quitting prints the last
    /// screenful of the conversation on the normal screen (as `less -X` leaves its last page).
    init(room: SocketChatRoom, login: LoginCredential, console: Console, environment: [String: String],
         leavesScreenful: Bool = true) throws(CommandError) {
        self.room = room
        self.login = login
        self.console = console
        self.leavesScreenful = leavesScreenful
        size = console.size ?? .fallback
        style = ChatStyle(color: console.color, ownName: login.name,
                          emphasis: WatchCommand.addressesCursor(environment: environment))
        input = try TerminalInput(output: console.output)
    }

    var prompt: String { "\(TerminalText.sanitized(room.room))> " }

    /// Runs until `/quit`, `/part`, Ctrl-C, Ctrl-D on an empty line or a signal; restores the terminal.
    /// Returns the room in use then (the one to leave).
    func run(events: AsyncStream<ChatEvent>, members: [String]) async -> SocketChatRoom {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self)
        let (requests, requestInput) = AsyncStream.makeStream(of: ChatRequest.self)
        input.start { event in
            switch event {
            case .keys(let keys): for key in keys { continuation.yield(.key(key)) }
            case .resized(let size): continuation.yield(.resized(size))
            }
        }
        let signals = SignalInput([SIGTERM, SIGHUP, SIGINT]) { _ in continuation.yield(.quit) }
        var forwarder = Self.forward(events, to: continuation)
        let room = self.room, login = self.login
        let sender = Task {
            _ = await ChatSender.run(requests, room: room, login: login, notice: { continuation.yield(.notice($0)) },
                                     switched: { continuation.yield(.switched($0)) })
        }
        console.output.write(ANSI.showCursor + ANSI.clearScreen + ANSI.moveTo(row: size.rows, column: 1))
        show(.notice("joined \(room.room) · here: \(members.joined(separator: ", ")) · /help for commands"))
        loop: for await event in stream {
            switch event {
            case .key(let key):
                guard let request = handle(key) else { continue }
                switch request {
                case .send(let request): requestInput.yield(request)
                case .quit: break loop
                }
            case .resized(let newSize):
                size = newSize
                repaint()
            case .room(let roomEvent):
                if !handle(roomEvent) { break loop }
            case .notice(let text):
                show(.notice(text))
            case .switched(let change):
                forwarder.cancel()
                forwarder = Self.forward(change.events, to: continuation)
                let left = self.room.room
                self.room = change.room
                show(.notice("left \(left); joined \(change.room.room) · here: \(change.members.joined(separator: ", "))"))
                redrawInput()
            case .quit:
                break loop
            }
        }
        requestInput.finish()
        sender.cancel()
        forwarder.cancel()
        signals.stop()
        input.stop()
        if leavesScreenful { console.output.write(lastScreenful()) }
        return self.room
    }

    private static func forward(_ events: AsyncStream<ChatEvent>, to continuation: AsyncStream<Event>.Continuation) -> Task<Void, Never> {
        Task {
            for await event in events { continuation.yield(.room(event)) }
        }
    }

    /// Shows a room event; false when the connection closed for good.
    private func handle(_ event: ChatEvent) -> Bool {
        if let entry = ChatEntry(event) {
            show(entry)
            return true
        }
        switch event {
        case .connection(.reconnecting):
            if !wasDown { show(.notice("connection lost; reconnecting…")) }
            wasDown = true
        case .connection(.connected):
            if wasDown { show(.notice("reconnected; back in \(room.room)")) }
            wasDown = false
        case .connection(.closed):
            return false
        case .connection, .message, .presence, .lot:
            break
        }
        return true
    }

    /// Adds an entry: printed above the input line when live, else kept (the marker counts it).
    func show(_ entry: ChatEntry) {
        let lines = ChatRenderer.lines(entry, width: size.columns, clock: clock, style: style)
        scrollback.append(entry, lines: lines.count)
        guard scrollback.isLive else { return repaint() }
        console.output.write(lines.map { "\r" + ANSI.clearLine + $0 + "\r\n" }.joined()
            + ChatRenderer.inputLine(editor, prompt: prompt, width: size.columns))
    }

    func repaint() {
        console.output.write(ChatRenderer.repaint(scrollback, editor: editor, prompt: prompt, size: size,
                                                  clock: clock, style: style))
    }

    func redrawInput() {
        console.output.write(ChatRenderer.inputLine(editor, prompt: prompt, width: size.columns))
    }

    /// The newest screen lines that fit above where the prompt was, for the normal screen after quitting.
    private func lastScreenful() -> String {
        let lines = ChatRenderer.screenLines(scrollback.entries, width: size.columns, clock: clock, style: style)
        return lines.suffix(max(1, size.rows - 1)).map { $0 + "\n" }.joined()
    }
}
