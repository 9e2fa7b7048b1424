import AuctionCLI
import Glibc
import Testing

@Suite struct AccountPasswordTests {
    private func readLine(fromPipeWith bytes: String) throws -> String {
        var fds: [CInt] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]) }
        let data = Array(bytes.utf8)
        _ = data.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
        close(fds[1])
        return try PasswordPrompt.readLine(from: fds[0])
    }

    @Test func passwordStdinReadsOneLine() throws {
        #expect(try readLine(fromPipeWith: "correct horse\nsecond line\n") == "correct horse")
        #expect(try readLine(fromPipeWith: "windows line\r\n") == "windows line")
        #expect(try readLine(fromPipeWith: "no newline at end") == "no newline at end")
        #expect(try readLine(fromPipeWith: "p/ss \"wörd\" 🙂\n") == "p/ss \"wörd\" 🙂")
        #expect(throws: AccountCommandError.self) { try readLine(fromPipeWith: "") }
    }

    @Test func promptEditingHandlesBackspaceKillAndCancel() {
        var line: [UInt8] = []
        for byte in Array("abcö".utf8) { #expect(PasswordPrompt.edit(byte, &line) == .more) }
        #expect(PasswordPrompt.edit(0x7F, &line) == .more)  // removes the two-byte ö
        #expect(line == Array("abc".utf8))
        #expect(PasswordPrompt.edit(0x15, &line) == .more)  // Ctrl-U
        #expect(line.isEmpty)
        #expect(PasswordPrompt.edit(0x04, &line) == .cancelled)  // Ctrl-D on an empty line
        #expect(PasswordPrompt.edit(UInt8(ascii: "x"), &line) == .more)
        #expect(PasswordPrompt.edit(0x1B, &line) == .more)  // escape ignored
        #expect(PasswordPrompt.edit(0x0D, &line) == .done)
        #expect(line == [UInt8(ascii: "x")])
        #expect(PasswordPrompt.edit(0x03, &line) == .cancelled)  // Ctrl-C
    }
}
