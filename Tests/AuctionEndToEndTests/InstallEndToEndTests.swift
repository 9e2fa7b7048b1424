import AuctionTestSupport
import Foundation
import Testing

/// Issue 22, install: `scripts/install --prefix TEMP --binaries <debug build>` (never a release build
/// in the tests) puts every file where its tool looks, and the installed binaries, completions and
/// systemd unit work: a list against a real server, each shell loading its script, `systemd-analyze verify`.
@Suite struct InstallEndToEndTests {
    /// The repository's root, from this file's path.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../..").standardizedFileURL.path

    /// A fresh prefix with `scripts/install` run into it from the debug build products.
    struct Installation {
        let folder: TemporaryDirectory
        var prefix: String { folder.file("prefix") }

        init() async throws {
            folder = try TemporaryDirectory(prefix: "auction-install")
            let script = InstallEndToEndTests.repository + "/scripts/install", prefix = folder.file("prefix")
            let result = try await offPool {
                try ProcessRunner.run(script, ["--prefix", prefix, "--binaries", BuildProducts.directory], timeout: 60)
            }
            guard result.status == 0 else {
                folder.remove()
                throw InstallFailed(output: result.stdout + result.stderr)
            }
        }

        /// The installed path of `relative` (e.g. `bin/auction`).
        func path(_ relative: String) -> String { prefix + "/" + relative }

        /// Runs `executable` with a private HOME (no real config, login or shell setup).
        func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) async throws -> ProcessResult {
            var env = ["HOME": folder.file("home"), "XDG_CONFIG_HOME": "", "NO_COLOR": ""]
            env.merge(environment) { _, new in new }
            let environment = env
            return try await offPool { try ProcessRunner.run(executable, arguments, environment: environment) }
        }
    }

    struct InstallFailed: Error, CustomStringConvertible {
        let output: String
        var description: String { "scripts/install failed: \(output)" }
    }

    static let systemdAnalyze = ["/usr/bin/systemd-analyze", "/bin/systemd-analyze"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test func everyFileLandsWhereItsToolLooksAndTheBinariesRun() async throws {
        let installed = try await Installation()
        defer { installed.folder.remove() }

        for file in ["bin/auction", "bin/auction-server"] {
            #expect(FileManager.default.isExecutableFile(atPath: installed.path(file)), "\(file)")
        }
        let client = try await installed.run(installed.path("bin/auction"), ["--version"])
        #expect(client.status == 0 && client.stdout.hasPrefix("auction "), "\(client.stdout) \(client.stderr)")
        let server = try await installed.run(installed.path("bin/auction-server"), ["--version"])
        #expect(server.status == 0 && server.stdout.hasPrefix("auction-server "), "\(server.stdout) \(server.stderr)")
        // The man page the binary prints, which is the one in the tree.
        let page = try String(contentsOfFile: installed.path("share/man/man1/auction.1"), encoding: .utf8)
        #expect(page == (try String(contentsOfFile: Self.repository + "/docs/auction.1", encoding: .utf8)))
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/man") {
            let found = try await installed.run("/usr/bin/man", ["-w", "auction"], environment: ["MANPATH": installed.path("share/man")])
            #expect(found.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == installed.path("share/man/man1/auction.1"), "\(found.stderr)")
        }
    }

    @Test func theInstalledClientListsARealServersCatalogue() async throws {
        let installed = try await Installation()
        defer { installed.folder.remove() }
        let (server, directory) = try await CLI.server()
        defer { server.stop(); directory.remove() }

        let result = try await installed.run(installed.path("bin/auction"), ["list"], environment: server.clientEnvironment)

        #expect(result.status == 0, "stderr: \(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 16 && lines.first?.hasPrefix("ID  NAME") == true && lines.last?.hasPrefix("15  ") == true, "\(result.stdout)")
    }

    @Test func eachShellLoadsItsInstalledCompletionScript() async throws {
        let installed = try await Installation()
        defer { installed.folder.remove() }

        let bash = try await installed.run("/bin/bash", ["-c", "source \(installed.path("share/bash-completion/completions/auction")) && complete -p auction"])
        #expect(bash.status == 0 && bash.stdout.contains("auction"), "\(bash.stdout) \(bash.stderr)")
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh") {
            // compinit reads the `#compdef auction` line of `_auction` found on fpath.
            let script = "fpath=(\(installed.path("share/zsh/site-functions")) $fpath); autoload -Uz compinit; compinit -u -D; print -r -- ${_comps[auction]}"
            let zsh = try await installed.run("/usr/bin/zsh", ["-f", "-c", script])
            #expect(zsh.status == 0 && zsh.stdout == "_auction\n", "\(zsh.stdout) \(zsh.stderr)")
        }
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/fish") {
            // fish autoloads `auction.fish` from the vendor_completions.d of each XDG data directory.
            let path = installed.path("bin") + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            let fish = try await installed.run("/usr/bin/fish", ["-c", "complete -C 'auction li'"], environment: [
                "XDG_DATA_DIRS": installed.path("share"), "XDG_DATA_HOME": installed.folder.file("data"), "PATH": path,
            ])
            #expect(fish.status == 0 && fish.stdout.hasPrefix("list\t"), "\(fish.stdout) \(fish.stderr)")
        }
    }

    @Test(.enabled(if: systemdAnalyze != nil, "needs systemd-analyze (Debian's systemd package; scripts/ensure-tools installs it)"))
    func theInstalledUnitIsHardenedAndPassesSystemdAnalyzeVerify() async throws {
        let installed = try await Installation()
        defer { installed.folder.remove() }
        let unit = installed.path("lib/systemd/system/auction-server.service")

        let verify = try await installed.run(try #require(Self.systemdAnalyze), ["verify", unit])

        #expect(verify.status == 0, "\(verify.stdout) \(verify.stderr)")
        #expect(!(verify.stdout + verify.stderr).contains("auction-server.service"), "warnings: \(verify.stdout) \(verify.stderr)")
        let lines = Set(try String(contentsOfFile: unit, encoding: .utf8).split(separator: "\n").map(String.init))
        for line in ["ExecStart=\(installed.path("bin/auction-server")) --db %S/auction-server/auction.sqlite",
                     "ExecReload=/bin/kill -HUP $MAINPID", "DynamicUser=yes", "StateDirectory=auction-server",
                     "ProtectSystem=strict", "NoNewPrivileges=yes", "RestrictAddressFamilies=AF_INET AF_INET6 AF_UNIX",
                     "Type=notify", "NotifyAccess=main"] {
            #expect(lines.contains(line), "the unit lacks \(line)")
        }
    }

    @Test func theInstalledServerChecksItsConfigWithoutStarting() async throws {
        let installed = try await Installation()
        defer { installed.folder.remove() }
        let server = installed.path("bin/auction-server"), good = installed.folder.file("good.conf"), bad = installed.folder.file("bad.conf")
        try "http_port = 3100\nlog_level = warning\n".write(toFile: good, atomically: true, encoding: .utf8)
        try "http_port = 3100\ncolour = red\n".write(toFile: bad, atomically: true, encoding: .utf8)

        // The unit's own flags, with the example config file.
        let example = Self.repository + "/config/server.conf.example"
        let unitFlags = try await installed.run(server, ["--check-config", "--config", example, "--db", "/var/lib/auction-server/auction.sqlite"])
        #expect(unitFlags.status == 0 && unitFlags.stdout == "config ok: \(example)\n", "\(unitFlags.stdout) \(unitFlags.stderr)")
        let fromEnvironment = try await installed.run(server, ["--check-config"], environment: ["AUCTION_SERVER_CONFIG": good])
        #expect(fromEnvironment.status == 0 && fromEnvironment.stdout == "config ok: \(good)\n", "\(fromEnvironment.stderr)")
        let noFile = try await installed.run(server, ["--check-config"])
        #expect(noFile.status == 0 && noFile.stdout == "config ok\n", "\(noFile.stderr)")

        let unknownKey = try await installed.run(server, ["--check-config", "--config", bad])
        #expect(unknownKey.status == 2 && unknownKey.stdout.isEmpty, "\(unknownKey.stdout)")
        #expect(unknownKey.stderr.contains("colour") && unknownKey.stderr.contains("\(bad):2"), "\(unknownKey.stderr)")
        let badValue = try await installed.run(server, ["--check-config", "--config", good], environment: ["AUCTION_SERVER_LOG_LEVEL": "loud"])
        #expect(badValue.status == 2 && badValue.stderr.contains("AUCTION_SERVER_LOG_LEVEL"), "\(badValue.stderr)")
    }
}
