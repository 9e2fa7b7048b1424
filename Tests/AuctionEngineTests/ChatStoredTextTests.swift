import AuctionCore
import AuctionEngine
import Testing

@Suite struct ChatStoredTextTests {
    @Test func anActionIsStoredAsCTCPActionAndReadBack() {
        let stored = ChatStoredText.encode("waves at bob", kind: .action)
        #expect(stored == "\u{1}ACTION waves at bob\u{1}")
        #expect(ChatStoredText.decode(stored) == (.action, "waves at bob"))
    }

    @Test func ordinaryTextReadsBackUnchanged() {
        for text in ["hi", "ACTION waves", "\u{1}ACTION ", "* alice waves"] {
            #expect(ChatStoredText.encode(text, kind: .message) == text)
            #expect(ChatStoredText.decode(text) == (.message, text))
        }
    }
}
