import AuctionCore
import AuctionData
import AuctionInfrastructure
import Testing

/// `/me` on the wire: `"kind":"action"` on chat send (8) and chat message (3), absent for a message.
@Suite struct ChatActionWireTests {
    @Test func anActionSendCarriesItsKindAndAMessageSendDoesNot() throws {
        let action = ClientMessage.chatAction(room: "lobby", text: "waves")
        #expect(action.dataType == 8)
        #expect(action.data["kind"]?.stringValue == "action")
        #expect(try ClientMessage(frame: action.frame) == action)
        let message = ClientMessage.chatSend(room: "lobby", text: "hi")
        #expect(message.data["kind"] == nil, "an original peer's frame is unchanged")
        #expect(try ClientMessage(frame: message.frame) == message)
    }

    @Test func aSendOfAnUnknownKindIsRefusedNotTakenAsAMessage() {
        let frame = Frame(dataType: 8, data: ["room": .string("lobby"), "text": .string("x"), "kind": .string("shout")])
        #expect(throws: WireError.self) { try ClientMessage(frame: frame) }
    }

    @Test func aPushedActionKeepsItsKindAndAMessageHasNone() throws {
        let time = Timestamp(millisecondsSinceEpoch: 1_700_000_000_000)
        let action = ChatMessage(room: "lobby", sender: "alice", text: "waves", time: time, sequence: 3, kind: .action)
        #expect(try ServerMessage(frame: ServerMessage.chat(action).frame) == .chat(action))
        let said = ChatMessage(room: "lobby", sender: "alice", text: "hi", time: time, sequence: 4)
        #expect(ServerMessage.chat(said).data["kind"] == nil)
        #expect(try ServerMessage(frame: ServerMessage.chat(said).frame) == .chat(said))
    }
}
