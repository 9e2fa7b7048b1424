import AuctionCore
import AuctionData
import AuctionInfrastructure
import Foundation

/// `auction chat <room>`: a chat room. On a terminal, messages scroll above an input line; otherwise
/// each stdin line is sent and each incoming message printed as one line, until stdin ends.
public struct ChatRoomCommand: ParsableCommand {
    /// `chat`.
    public static let name = "chat"
    /// What `chat` does, for help.
    public static let summary = "chat in a room (product-<id> or any name)"
    /// `chat`'s help page.
    public static let discussion = """
        Type and press Enter to send. Up/Down recall sent lines; Ctrl-A/E, Alt-B/F, Ctrl-W, Ctrl-U edit;
        PgUp/PgDn scroll (End returns to live). /me ACTION, /join ROOM, /part, /who, /help, /quit;
        ? on an empty line shows the keys. Lines naming you are highlighted; quitting leaves the last
        screenful. Piped: each stdin line is sent, each message printed; exit 1 if a line was refused.
        """
    /// The room, `product-<id>` or a free name.
    @Argument(text: "room", help: "the room, e.g. product-5")
    public var room: String

    /// The declarations, read from a parse by `ParsableCommand`.
    public init() {}

    /// Chats in `room`.
    public init(room: String) { self.room = room }

    /// Logs in with the saved session, joins, and chats until `/quit`, Ctrl-C or the end of stdin.
    public func run(in context: CommandContext) async throws(CommandError) -> ExitCode {
        guard let login = try await SavedLoginLookup.load(context) else {
            throw .notLoggedIn("chat needs a login: run `auction login <name>` (or `auction register <name>` to create an account)")
        }
        try await Self.checkReachable(context)
        try await Self.checkProductExists(room: room, context)
        let client = try context.socketClient(reconnects: true)
        defer { client.close() }
        let session = context.socketSession()
        session.token = login.token
        session.install(on: client)
        let chat = SocketChatRoom(room, client: client, session: session)
        let events = chat.events()
        client.start()
        try await context.requireFeature(.chat, what: "chat", session: session, client: client)
        let joined: ChatReply
        do throws(AuctionError) {
            joined = try await chat.join()
        } catch {
            throw .auction(error)
        }
        guard joined.accepted else {
            switch joined.reason {
            case .unknownProduct?: throw .refused(Self.productID(inRoom: room).map { "no product \($0)" } ?? "no such product")
            case .suspended?: throw .notLoggedIn(TerminalText.sanitized(joined.explanation))  // why, and until when
            case .invalid?:
                // Neither the name nor the server's sentence (which may quote it) reaches the terminal raw.
                let reason = TerminalText.sanitized(joined.explanation.replacingOccurrences(of: room, with: "the name"))
                throw .usage(Self.name, "cannot join \(Self.shown(room)): \(reason)")
            default: throw .auction(.refused(joined.reason ?? .unspecified))
            }
        }
        let console = context.console
        if console.outputIsTerminal && console.inputIsTerminal {
            let screen = try ChatScreen(room: chat, login: login, console: console, environment: context.environment)
            let current = await screen.run(events: events, members: joined.users)
            try? await current.leave()
            return .success
        } else {
            let sent = await ChatPipe(room: chat, login: login, console: console).run(events: events)
            try? await chat.leave()
            // A script learns that a line did not go out (too long, refused, lost).
            return sent ? .success : .refused
        }
    }
}

extension ChatRoomCommand {
    /// The id in a `product-<id>` room name, nil for other rooms.
    static func productID(inRoom room: String) -> ProductID? {
        guard room.hasPrefix("product-"), let id = Int(room.dropFirst("product-".count)), id >= 1 else { return nil }
        return ProductID(id)
    }

    /// A room name as it may be shown in a message: control characters replaced, at most 40 cells, quoted.
    static func shown(_ room: String) -> String {
        "`" + TerminalText.truncate(TerminalText.sanitized(room), toWidth: 40) + "`"
    }

    /// For `product-<id>`: fails with `no product <id>` (exit 1) when the catalogue has no such
    /// product, whatever the server's chat does with the room.
    static func checkProductExists(room: String, _ context: CommandContext) async throws(CommandError) {
        guard let id = productID(inRoom: room) else { return }
        try await context.withCatalogue { (catalogue) throws(CommandError) -> Void in
            do throws(AuctionError) {
                _ = try await catalogue.detail(of: id)
            } catch .notFound {
                throw .refused("no product \(id)")
            } catch {
                // Unreachable catalogue or the like: the chat itself may still work; leave it to the join.
            }
        }
    }

    /// Fails at once with the cause ("connection refused — is auction-server running?") when the
    /// server cannot be reached, instead of after the request timeout of a reconnecting client.
    static func checkReachable(_ context: CommandContext) async throws(CommandError) {
        let probe = try context.socketClient(reconnects: false)
        defer { probe.close() }
        probe.start()
        do throws(SocketClientError) {
            _ = try await probe.send(ClientMessage.ping.frame)
        } catch .unreachable(let cause) {
            throw .auction(AuctionError(.unreachable(cause), address: context.configuration.socketsDescription))
        } catch {
            // Reachable; anything else shows up on the real connection.
        }
    }
}

/// What a chat line typed (or piped) asks the server for.
public enum ChatRequest: Hashable, Sendable {
    /// Send the text.
    case send(String)
    /// Send an action (`/me`).
    case action(String)
    /// List the members.
    case who
    /// Join this room and, once in, leave the current one (`/join`).
    case join(String)
    /// Leave the current room (the lot's pane in `watch` closed).
    case leave
}

/// A room `/join` switched to: the room, its events (asked for before joining) and its members.
struct ChatSwitch: Sendable {
    let room: SocketChatRoom
    let events: AsyncStream<ChatEvent>
    let members: [String]
}

/// Sends requests one at a time, in order, and says what came of each through `notice`.
enum ChatSender {
    /// Runs until `requests` ends; returns the sequence number of the last accepted message and
    /// whether any message was refused or not sent. After a `/join`, requests go to the new room and
    /// `switched` hears of it. `firstJoined`: whether `first` is joined already (`watch` joins its lot's room
    /// with the first request instead).
    static func run(_ requests: AsyncStream<ChatRequest>, room first: SocketChatRoom, login: LoginCredential,
                    firstJoined: Bool = true, notice: @Sendable (String) -> Void,
                    switched: @Sendable (ChatSwitch) -> Void = { _ in }) async -> (lastAccepted: Int64?, failed: Bool) {
        var lastAccepted: Int64?
        var failed = false
        var room = first
        var joined = firstJoined
        for await request in requests {
            do throws(AuctionError) {
                switch request {
                case .join(let name):
                    let next = room.sibling(name)
                    let events = next.events()
                    let reply = try await next.join()
                    guard reply.accepted else {
                        notice("cannot join \(ChatRoomCommand.shown(name)): \(reply.explanation)")
                        continue
                    }
                    if joined { try? await room.leave() }
                    room = next
                    joined = true
                    switched(ChatSwitch(room: next, events: events, members: reply.users))
                case .leave:
                    if joined { try? await room.leave() }
                    joined = false
                case .action where !room.offersActions:
                    failed = true
                    notice("not sent: this server has no /me actions (it does not offer chat-actions)")
                case .send(let text), .action(let text):
                    let isAction: Bool = if case .action = request { true } else { false }
                    let reply = try await isAction ? room.act(text) : room.send(text)
                    if reply.accepted {
                        lastAccepted = reply.sequence ?? lastAccepted
                    } else if reply.reason == .unauthenticated {
                        failed = true
                        notice("not sent: the saved login for `\(login.name)` was not accepted; run `auction login \(login.name)` again")
                    } else {
                        failed = true
                        notice("not sent: \(reply.explanation)")
                    }
                case .who:
                    let reply = try await room.who()
                    notice(reply.accepted ? "in \(room.room): \(reply.users.joined(separator: ", "))" : reply.explanation)
                }
            } catch .connectionLost, .timedOut {
                failed = true
                notice("not sent (the connection dropped); it may or may not have arrived")
            } catch {
                failed = true
                notice("not sent: \(CommandError.auction(error).description)")
            }
        }
        return (lastAccepted, failed)
    }
}
