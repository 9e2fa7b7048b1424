import AuctionCore
import AuctionData
import AuctionInfrastructure

/// Chat over the socket: join (6), leave (7), send (8), who (9); messages (3) and presence (4) out.
extension SocketService {
    /// Answers a chat request (loop thread).
    func handleChat(_ message: ClientMessage, completionID: Int64?, peer: SocketPeer) {
        guard let chat else {
            return reply(to: peer, completionID, result: false, reason: .invalid,
                         fields: Self.chatMessage("chat is not available on this server"))
        }
        switch message {
        case .chatJoin(let room):
            withRoom(room, completionID: completionID, peer: peer) { joinChat($0, chat: chat, completionID: completionID, peer: peer) }
        case .chatLeave(let room):
            withRoom(room, completionID: completionID, peer: peer) { room in
                if let leave = chat.registry.leave(room, connection: peer.id, now: WallClock.now()) { announce(leave) }
                chat.forget(peer.id, room: room)
                reply(to: peer, completionID, result: true)
            }
        case .chatSend(let room, let text):
            guard currentUser(of: peer) != nil else {
                return reply(to: peer, completionID, result: false, reason: .unauthenticated,
                             fields: Self.chatMessage("log in to send messages"))
            }
            withRoom(room, completionID: completionID, peer: peer) { sendChat(text, to: $0, chat: chat, completionID: completionID, peer: peer) }
        case .chatWho(let room):
            withRoom(room, completionID: completionID, peer: peer) { room in
                reply(to: peer, completionID, result: true,
                      fields: JSONObject([("users", .array(chat.registry.who(room).map { .string($0) }))]))
            }
        default:
            break
        }
    }

    /// Takes a closed connection out of its rooms and tells the others.
    func chatDisconnected(_ id: ConnectionID) {
        guard let chat else { return }
        for leave in chat.registry.disconnect(id, now: WallClock.now()) { announce(leave) }
        chat.forget(id)
    }

    /// Renames a connection in its rooms after it logged in.
    func chatLoggedIn(_ peer: SocketPeer) {
        guard let chat, let user = peer.user else { return }
        chat.registry.rename(peer.id, to: user.name)
    }

    /// The name a connection has in rooms: its user, or a guest name until it logs in.
    private func chatName(of peer: SocketPeer) -> String {
        peer.user?.name ?? "guest-\(peer.id.rawValue)"
    }

    private func withRoom(_ name: String, completionID: Int64?, peer: SocketPeer, _ body: (ChatRoomName) -> Void) {
        do throws(ChatError) {
            let room = try ChatRoomName(validating: name)
            if let product = room.productID, book.lot(for: product) == nil {
                return reply(to: peer, completionID, result: false, reason: .unknownProduct,
                             fields: Self.chatMessage("there is no product \(product.rawValue)"))
            }
            body(room)
        } catch {
            refuse(error, completionID: completionID, peer: peer)
        }
    }

    private func refuse(_ error: ChatError, completionID: Int64?, peer: SocketPeer) {
        reply(to: peer, completionID, result: false, reason: error.refusal, fields: Self.chatMessage(error.description))
    }

    /// Joins, replies with the members, sends the room's history, then announces the join.
    private func joinChat(_ room: ChatRoomName, chat: ChatRelay, completionID: Int64?, peer: SocketPeer) {
        let now = WallClock.now()
        let presence: ChatBroadcast<ChatPresence>?
        do throws(ChatError) {
            presence = try chat.registry.join(room, connection: peer.id, user: chatName(of: peer), now: now)
        } catch {
            return refuse(error, completionID: completionID, peer: peer)
        }
        let members = JSONObject([("users", .array(chat.registry.who(room).map { .string($0) }))])
        guard let presence else {
            return reply(to: peer, completionID, result: true, fields: members)  // already a member
        }
        let history: [SQLiteChatStore.Message]
        do {
            history = try chat.reader.recent(in: room.rawValue, limit: chat.historyLimit)
        } catch {
            log.error("chat: cannot read the history of \(room): \(error)")
            history = []
        }
        chat.seen[peer.id, default: [:]][room] = history.last?.sequence ?? 0
        reply(to: peer, completionID, result: true, fields: members)
        for stored in history {
            send(.chat(Self.encode(stored)), to: peer)
        }
        announce(presence)
    }

    /// Validates and accepts a message; the writer stores it, then the loop pushes it to the members.
    private func sendChat(_ text: String, to room: ChatRoomName, chat: ChatRelay, completionID: Int64?, peer: SocketPeer) {
        let accepted: ChatBroadcast<ChatMessage>
        do throws(ChatError) {
            accepted = try chat.registry.send(text, to: room, from: peer.id, now: WallClock.now())
        } catch {
            return refuse(error, completionID: completionID, peer: peer)
        }
        let message = accepted.event
        let store = chat.store
        let loop = self.loop
        let sender = peer.id
        let queued = chat.writer.submit { [self] in
            let result: Result<SQLiteChatStore.Message, StoreError>
            do throws(StoreError) {
                result = .success(try store.append(room: room.rawValue, sender: message.sender, text: message.text, at: message.time))
            } catch {
                result = .failure(error)
            }
            loop.execute { self.chatStored(result, room: room, sender: sender, completionID: completionID) }
        }
        if !queued {
            reply(to: peer, completionID, result: false, reason: .rateLimited,
                  fields: Self.chatMessage("the chat is busy; try again in a moment"))
        }
    }

    /// A message's commit came back (loop thread): reply to the sender, push to every member.
    private func chatStored(_ result: Result<SQLiteChatStore.Message, StoreError>, room: ChatRoomName,
                            sender: ConnectionID, completionID: Int64?) {
        guard let chat else { return }
        switch result {
        case .success(let stored):
            if let peer = peers[sender] {
                reply(to: peer, completionID, result: true, fields: JSONObject([("seq", .int(stored.sequence))]))
            }
            let bytes = OutboundMessage.chat(Self.encode(stored))
            for id in chat.registry.members(of: room) where chat.shouldDeliver(sequence: stored.sequence, in: room, to: id) {
                if let peer = peers[id] { send(bytes, to: peer) }
            }
        case .failure(let error):
            log.error("chat: a message to \(room) could not be stored: \(error)")
            if let peer = peers[sender] {
                reply(to: peer, completionID, result: false, reason: .serverError,
                      fields: Self.chatMessage("the message could not be stored; try again"))
            }
        }
    }

    /// Sends a join or leave to its recipients.
    private func announce(_ presence: ChatBroadcast<ChatPresence>) {
        let event = presence.event
        // `.init` is the wire's presence (AuctionData's), inferred from the message case.
        let wire = ServerMessage.presence(.init(
            room: event.room, user: event.user,
            event: event.event == .join ? .join : .leave, time: event.time))
        let bytes = OutboundMessage.chat(FrameEncoder.encode(wire.frame))
        for id in presence.recipients {
            if let peer = peers[id] { send(bytes, to: peer) }
        }
    }

    private static func encode(_ stored: SQLiteChatStore.Message) -> [UInt8] {
        FrameEncoder.encode(ServerMessage.chat(.init(
            room: stored.room, sender: stored.sender, text: stored.text, time: stored.time, sequence: stored.sequence)).frame)
    }

    private static func chatMessage(_ text: String) -> JSONObject {
        JSONObject([("message", .string(text))])
    }
}
