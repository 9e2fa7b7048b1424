@testable import AuctionCLI
import Glibc
import Testing

@Suite struct ColorPolicyTests {
    let terminal = ["TERM": "xterm-256color"]

    @Test func coloursOnlyATerminal() {
        #expect(ColorPolicy.useColor(isTerminal: true, environment: terminal, noColorFlag: false))
        #expect(!ColorPolicy.useColor(isTerminal: false, environment: terminal, noColorFlag: false))
    }

    @Test func honoursNoColorTermDumbAndTheFlag() {
        #expect(!ColorPolicy.useColor(isTerminal: true, environment: terminal.merging(["NO_COLOR": "1"]) { $1 }, noColorFlag: false))
        #expect(ColorPolicy.useColor(isTerminal: true, environment: terminal.merging(["NO_COLOR": ""]) { $1 }, noColorFlag: false))
        #expect(!ColorPolicy.useColor(isTerminal: true, environment: ["TERM": "dumb"], noColorFlag: false))
        #expect(!ColorPolicy.useColor(isTerminal: true, environment: [:], noColorFlag: false))
        #expect(!ColorPolicy.useColor(isTerminal: true, environment: terminal, noColorFlag: true))
    }
}

@Suite struct KeyDecoderTests {
    @Test func decodesWatchKeysAndControls() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("qnpr".utf8)) == [.character("q"), .character("n"), .character("p"), .character("r")])
        #expect(decoder.feed([0x03, 0x7F, 0x08, 0x15, 0x0D, 0x04]) == [.interrupt, .backspace, .backspace, .clearLine, .enter, .endOfInput])
    }

    @Test func decodesArrowsIncludingApplicationMode() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D\u{1B}OA\u{1B}[3~\u{1B}[1;5C".utf8))
                == [.up, .down, .right, .left, .up, .delete, .right])
    }

    @Test func waitsForSequencesAndCharactersSplitAcrossReads() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.feed(Array("[".utf8)) == [])
        #expect(decoder.feed(Array("A".utf8)) == [.up])
        let hangul = Array("한".utf8)
        #expect(decoder.feed(hangul.prefix(2)) == [])
        #expect(decoder.feed(hangul.suffix(1)) == [.character("한")])
    }

    @Test func flushesALoneEscape() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.hasPending)
        #expect(decoder.flushPending() == [.escape])
        #expect(!decoder.hasPending)
    }

    @Test func survivesInvalidUTF8() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0xFF, 0xC3, 0x28, 0x61]) == [.other, .other, .character("("), .character("a")])
    }
}

@Suite struct ANSITests {
    @Test func addressesRowsAndColumnsFromOne() {
        #expect(ANSI.moveTo(row: 5, column: 1) == "\u{1B}[5H")
        #expect(ANSI.moveTo(row: 5, column: 30) == "\u{1B}[5;30H")
        #expect(ANSI.foreground(red: 1, green: 2, blue: 3) == "\u{1B}[38;2;1;2;3m")
        #expect(ANSI.restoreScreen.hasSuffix(ANSI.leaveAlternateScreen))
    }

    @Test func rawModeRefusesANonTerminal() throws {
        // A pipe is never a terminal, whatever runs the tests.
        var fds: [Int32] = [-1, -1]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        #expect(throws: RawTerminal.Failure.notATerminal) { try RawTerminal(fileDescriptor: fds[0]) }
        #expect(TerminalSize.current(fileDescriptor: fds[0]) == nil)
        #expect(!TerminalSize.isTerminal(fds[0]))
    }
}
