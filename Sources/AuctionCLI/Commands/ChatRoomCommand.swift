import AuctionCore
import AuctionData
import AuctionInfrastructure
import Foundation

/// `auction chat <room>`: a chat room. On a terminal, messages scroll above an input line; otherwise
/// each stdin line is sent and each incoming message printed as one line, until stdin ends.
public struct ChatRoomCommand: Command {
    /// `chat`.
    public static let name = "chat"
    /// The room, `product-<id>` or a free name.
    public var room: String

    /// Reads `<room>`.
    public init(_ invocation: Invocation) throws(CommandError) {
        guard let room = invocation.argument("room"), !room.isEmpty else {
            throw .usage(Self.name, "`chat` needs <room>, e.g. product-5 or lobby")
        }
        self.room = room
    }

    /// Chats in `room`.
    public init(room: String) { self.room = room }

    /// Logs in with the saved session, joins, and chats until `/quit`, Ctrl-C or the end of stdin.
    public func run(in context: CommandContext) async throws(CommandError) -> ExitCode {
        guard let login = try await SavedLoginLookup.load(context) else {
            throw .notLoggedIn("chat needs a login: run `auction login <name>` (or `auction register <name>` to create an account)")
        }
        try await Self.checkReachable(context)
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
            case .invalid?, .unknownProduct?: throw .usage(Self.name, "cannot join \(room): \(joined.explanation)")
            default: throw .auction(.refused(joined.reason ?? .unspecified))
            }
        }
        let console = context.console
        if console.outputIsTerminal && console.inputIsTerminal {
            let screen = try ChatScreen(room: chat, login: login, console: console)
            await screen.run(events: events, members: joined.users)
        } else {
            await ChatPipe(room: chat, login: login, console: console).run(events: events)
        }
        try? await chat.leave()
        return .success
    }
}

extension ChatRoomCommand {
    /// Fails at once with the cause ("connection refused — is auction-server running?") when the
    /// server cannot be reached, instead of after the request timeout of a reconnecting client.
    static func checkReachable(_ context: CommandContext) async throws(CommandError) {
        let probe = try context.socketClient(reconnects: false)
        defer { probe.close() }
        probe.start()
        do throws(SocketClientError) {
            _ = try await probe.send(ClientMessage.ping.frame)
        } catch .unreachable(let cause) {
            throw .auction(AuctionError(.unreachable(cause), address: context.configuration.socket.description))
        } catch {
            // Reachable; anything else shows up on the real connection.
        }
    }
}

/// What a chat line typed (or piped) asks the server for.
enum ChatRequest: Sendable {
    /// Send the text.
    case send(String)
    /// List the members.
    case who
}

/// Sends requests one at a time, in order, and says what came of each through `notice`.
enum ChatSender {
    /// Runs until `requests` ends; returns the sequence number of the last accepted message.
    static func run(_ requests: AsyncStream<ChatRequest>, room: SocketChatRoom, login: LoginCredential,
                    notice: @Sendable (String) -> Void) async -> Int64? {
        var lastAccepted: Int64?
        for await request in requests {
            do throws(AuctionError) {
                switch request {
                case .send(let text):
                    let reply = try await room.send(text)
                    if reply.accepted {
                        lastAccepted = reply.sequence ?? lastAccepted
                    } else if reply.reason == .unauthenticated {
                        notice("not sent: the saved login for `\(login.name)` was not accepted; run `auction login \(login.name)` again")
                    } else {
                        notice("not sent: \(reply.explanation)")
                    }
                case .who:
                    let reply = try await room.who()
                    notice(reply.accepted ? "in \(room.room): \(reply.users.joined(separator: ", "))" : reply.explanation)
                }
            } catch .connectionLost, .timedOut {
                notice("not sent (the connection dropped); it may or may not have arrived")
            } catch {
                notice("not sent: \(CommandError.auction(error).description)")
            }
        }
        return lastAccepted
    }
}
