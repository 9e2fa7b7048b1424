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
        #expect(try bashCompletes("auction bid 5 --mi") == ["--min"])
        #expect(try bashCompletes("auction bid 5 --y") == ["--yes"])
        #expect(try bashCompletes("auction --profile local wa") == ["watch", "watchlist"])
        #expect(try bashCompletes("auction watchlist ").suffix(3) == ["add", "remove", "list"])
        #expect(try bashCompletes("auction watch --wa") == ["--watchlist"])
        #expect(try bashCompletes("auction completions ").suffix(3) == ["bash", "zsh", "fish"])
        #expect(try bashCompletes("auction mod ").suffix(7) == ["remove-lot", "suspend", "unsuspend", "retract", "reports", "resolve", "log"])
        #expect(try bashCompletes("auction mod suspend bob --f") == ["--for"])
        #expect(try bashCompletes("auction rep") == ["report"])
        #expect(try bashCompletes("auction --page").isEmpty, "no command yet: only global options")
    }

    /// Runs `program` with `shell -c`; its standard output.
    private func run(_ shell: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: shell)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/fish")))
    func fishCompletesCommandsOptionsAndChoices() throws {
        let file = NSTemporaryDirectory() + "auction-completion-\(UUID().uuidString).fish"
        try CompletionScript.fish(.auction).write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let (status, output) = try run("/usr/bin/fish", ["-c", "source \(file); complete -C 'auction li'; complete -C 'auction bid 5 --mi'; complete -C 'auction completions z'"])
        #expect(status == 0, "\(output)")
        #expect(output.split(separator: "\n").map { $0.split(separator: "\t").first.map(String.init) ?? "" } == ["list", "--min", "zsh"], "\(output)")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh")))
    func zshScriptParses() throws {
        let file = NSTemporaryDirectory() + "auction-completion-\(UUID().uuidString).zsh"
        try CompletionScript.zsh(.auction).write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let (status, output) = try run("/usr/bin/zsh", ["-n", file])
        #expect(status == 0, "\(output)")
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
