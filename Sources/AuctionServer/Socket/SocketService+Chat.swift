import AuctionCore
import AuctionData
import AuctionEngine
import AuctionInfrastructure

/// Chat over the socket: join (6), leave (7), send (8, a message or an action), who (9); messages (3)
/// and presence (4) out.
extension SocketService {
    /// Answers a chat request (loop thread).
    func handleChat(_ message: ClientMessage, completionID: Int64?, peer: SocketPeer) {
        guard let chat else {
            return reply(to: peer, completionID, result: false, reason: .invalid,
                         fields: Self.chatMessage("chat is not available on this server"))
        }
        switch message {
        case .chatJoin(let room):
            guard let user = currentUser(of: peer) else {
                return refuseLogin(to: peer, completionID, "log in to join rooms")
            }
            guard chat.takeJoin(by: peer.id, now: currentTime()) else {
                return refuse(.joiningTooFast, completionID: completionID, peer: peer)
            }
            withRoom(room, completionID: completionID, peer: peer) {
                joinChat($0, as: user.name, chat: chat, completionID: completionID, peer: peer)
            }
        case .chatLeave(let room):
            withRoom(room, completionID: completionID, peer: peer) { room in
                chat.leave(room, connection: peer.id, now: currentTime()) { announceLocal($0, chat: chat) }
                reply(to: peer, completionID, result: true)
            }
        case .chatSend(let room, let text), .chatAction(let room, let text):
            guard let user = currentUser(of: peer) else {
                return refuseLogin(to: peer, completionID, "log in to send messages")
            }
            let kind: ChatMessage.Kind = if case .chatAction = message { .action } else { .message }
            withRoom(room, completionID: completionID, peer: peer) {
                sendChat(text, kind: kind, to: $0, as: user.id, chat: chat, completionID: completionID, peer: peer)
            }
        case .chatWho(let room):
            guard currentUser(of: peer) != nil else {
                return refuseLogin(to: peer, completionID, "log in to see who is in a room")
            }
            withRoom(room, completionID: completionID, peer: peer) { room in
                reply(to: peer, completionID, result: true,
                      fields: JSONObject([("users", .array(chat.members(of: room).map { .string($0) }))]))
            }
        default:
            break
        }
    }

    /// Takes a closed connection out of its rooms and tells the others.
    func chatDisconnected(_ id: ConnectionID) {
        guard let chat else { return }
        chat.historyWaits.forget(id)
        chat.disconnect(id, now: currentTime()) { announceLocal($0, chat: chat) }
    }

    /// Refuses a chat request that needs a login: `suspended` with the reason and until when for a
    /// suspended account, else `unauthenticated` with `message`.
    func refuseLogin(to peer: SocketPeer, _ completionID: Int64?, _ message: String) {
        if let suspension = peer.suspension {
            return reply(to: peer, completionID, result: false, reason: .suspended, fields: suspension.replyFields)
        }
        reply(to: peer, completionID, result: false, reason: .unauthenticated, fields: Self.chatMessage(message))
    }

    /// Renames a connection in its rooms after it logged in (again, maybe as someone else).
    func chatLoggedIn(_ peer: SocketPeer) {
        guard let chat, let user = peer.user else { return }
        for change in chat.rename(peer.id, to: user.name, now: currentTime()) { announceLocal(change, chat: chat) }
    }

    private func withRoom(_ name: String, completionID: Int64?, peer: SocketPeer, _ body: (ChatRoomName) -> Void) {
        do throws(ChatError) {
            guard let chat else { return }  // handleChat checked it
            let room = try chat.registry.roomName(name)
            if let product = room.productID, bidPath.book.lot(for: product) == nil {
                return reply(to: peer, completionID, result: false, reason: .unknownProduct,
                             fields: Self.chatMessage("there is no product \(product.rawValue)"))
            }
            body(room)
        } catch {
            refuse(error, completionID: completionID, peer: peer)
        }
    }

    func refuse(_ error: ChatError, completionID: Int64?, peer: SocketPeer) {
        reply(to: peer, completionID, result: false, reason: error.refusal, fields: Self.chatMessage(error.description))
    }

    /// Validates and accepts a message within the user's rate; the writer stores it, then the loop
    /// pushes it to the members.
    private func sendChat(_ text: String, kind: ChatMessage.Kind, to room: ChatRoomName, as user: UserID, chat: ChatRelay,
                          completionID: Int64?, peer: SocketPeer) {
        let now = currentTime()
        guard chat.allowsMessage(from: user, now: now) else {
            return refuse(.sendingTooFast, completionID: completionID, peer: peer)
        }
        let accepted: ChatBroadcast<ChatMessage>
        do throws(ChatError) {
            accepted = try chat.send(text, kind: kind, to: room, from: peer.id, now: now)
        } catch {
            return refuse(error, completionID: completionID, peer: peer)
        }
        chat.takeMessage(from: user, now: now)  // only messages accepted for storing count
        let message = accepted.event
        let store = chat.store
        let loop = self.loop
        let sender = peer.id
        let this = LoopBound(self, on: loop)
        let queued = chat.writer.submit {
            let result: Result<ChatStore.Message, StoreError>
            do throws(StoreError) {
                let text = ChatStoredText.encode(message.text, kind: message.kind)
                result = .success(try store.append(room: room.rawValue, sender: message.sender, text: text, at: message.time))
            } catch {
                result = .failure(error)
            }
            loop.execute { this.value.chatStored(result, room: room, sender: sender, completionID: completionID) }
        }
        if !queued {
            reply(to: peer, completionID, result: false, reason: .rateLimited,
                  fields: Self.chatMessage("the chat is busy; try again in a moment"))
        }
    }

    /// A message's commit came back (loop thread): reply to the sender, push to every member.
    private func chatStored(_ result: Result<ChatStore.Message, StoreError>, room: ChatRoomName,
                            sender: ConnectionID, completionID: Int64?) {
        guard let chat else { return }
        switch result {
        case .success(let stored):
            metrics?.count(.chatMessages)
            if let peer = peers[sender] {
                reply(to: peer, completionID, result: true, fields: JSONObject([("seq", .int(stored.roomSequence))]))
            }
            // A shared store's notification brings it to every node's members, this one's included.
            guard !chat.isShared else { return }
            deliverChat(stored, in: room)
        case .failure(let error):
            log.error("chat: a message to \(room) could not be stored: \(error)")
            if let peer = peers[sender] {
                reply(to: peer, completionID, result: false, reason: .serverError,
                      fields: Self.chatMessage("the message could not be stored; try again"))
            }
        }
    }

    /// Sends a join or leave to its recipients.
    func announce(_ presence: ChatBroadcast<ChatPresence>) {
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

    /// The wire's `seq` is the room sequence: it increases in the room's order on either store (the
    /// row id on SQLite; on a shared store the room's own count, as ids may commit out of order).
    /// The stored text says whether it is an action (`ChatStoredText`).
    static func encode(_ stored: ChatStore.Message) -> [UInt8] {
        let (kind, text) = ChatStoredText.decode(stored.text)
        return FrameEncoder.encode(ServerMessage.chat(.init(
            room: stored.room, sender: stored.sender, text: text, time: stored.time, sequence: stored.roomSequence, kind: kind)).frame)
    }

    static func chatMessage(_ text: String) -> JSONObject {
        JSONObject([("message", .string(text))])
    }

    /// Pushes a stored message to the room's members here (those whose history did not hold it).
    private func deliverChat(_ stored: ChatStore.Message, in room: ChatRoomName) {
        guard let chat else { return }
        let bytes = OutboundMessage.chat(Self.encode(stored))
        for id in chat.registry.members(of: room) where chat.shouldDeliver(sequence: stored.roomSequence, in: room, to: id) {
            guard !chat.historyWaits.hold(stored, in: room, for: id) else { continue }  // sent after its history
            if let peer = peers[id] { send(bytes, to: peer) }
        }
    }

    /// Messages a shared store committed (on any node), in its commit order: each pushed once to
    /// this node's members of its room; a room name that does not parse is skipped.
    func deliverChat(_ messages: [ChatStore.Message]) {
        for message in messages where clusterFeed.deliversChat(message.sequence) {
            guard let room = ChatRoomName(rawValue: message.room) else { continue }
            deliverChat(message, in: room)
        }
    }
}
