import AuctionCLI
import Foundation
import Testing

/// Completion scripts and the manual page come from the parser's own specification.
@Suite struct CompletionAndManPageTests {
    /// Runs the generated bash script in a real bash and completes `line` (a trailing space starts a new word).
    private func bashCompletes(_ line: String) throws -> [String] {
        let script = CompletionScript.bash(.auction)
        let words = line.split(separator: " ").map { "'\($0)'" } + (line.hasSuffix(" ") ? ["''"] : [])
        let program = script + """
            COMP_WORDS=(\(words.joined(separator: " "))); COMP_CWORD=\(words.count - 1); _auction
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", program]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesCommandsOptionsAndChoices() throws {
        #expect(try bashCompletes("auction li") == ["list"])
        #expect(try bashCompletes("auction bid 5 --m") == ["--min"])
        #expect(try bashCompletes("auction --profile local wa") == ["watch"])
        #expect(try bashCompletes("auction completions ").suffix(3) == ["bash", "zsh", "fish"])
        #expect(try bashCompletes("auction --page").isEmpty, "no command yet: only global options")
    }

    @Test func everyScriptNamesEveryCommandAndOption() {
        for shell in CompletionScript.shells {
            let script = CompletionScript.script(for: shell, spec: .auction) ?? ""
            for command in ProgramSpec.auction.commands {
                #expect(script.contains(command.name), "\(shell) lacks \(command.name)")
                for option in command.options {
                    #expect(script.contains(shell == "fish" ? "-l \(option.name)" : "--\(option.name)"), "\(shell) lacks --\(option.name)")
                }
            }
        }
        #expect(CompletionScript.script(for: "ksh", spec: .auction) == nil)
    }

    @Test func theManPageHasEveryCommandAndOptionAndMatchesDocs() throws {
        let page = ManPage.render(.auction)
        #expect(page.hasPrefix(".\\\" Generated"))
        #expect(page.contains(".TH AUCTION 1"))
        for command in ProgramSpec.auction.commands {
            #expect(page.contains(".B \(command.name)"), "missing \(command.name)")
            for option in command.options { #expect(page.contains("\\-\\-\(option.name.replacingOccurrences(of: "-", with: "\\-"))")) }
        }
        for heading in ["NAME", "SYNOPSIS", "COMMANDS", "GLOBAL OPTIONS", "EXIT STATUS"] { #expect(page.contains(".SH \(heading)")) }
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/auction.1").standardized
        let committed = try String(contentsOf: docs, encoding: .utf8)
        #expect(committed == page, "docs/auction.1 is stale: run scripts/man-page")
    }
}
