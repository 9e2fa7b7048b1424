import AuctionTestSupport
import Foundation
import Glibc
import Testing

/// Times on screens in `TZ`'s zone, `--ends-at` in any offset or local time, and `--profile` beating
/// the config file, with the real `auction` binary against a real `auction-server` (#33).
@Suite(.serialized) struct CLITimeAndProfileEndToEndTests {
    @Test func screensShowLocalTimesWithTheZoneAndEndsAtReadsOffsetsAndLocalTime() async throws {
        let (server, directory) = try await CLI.server([])
        defer { server.stop(); directory.remove() }
        let registered = try await AccountEndToEndTests.register("alice", on: server, in: directory)
        let seoul = AccountEndToEndTests.User(name: "alice", config: registered.config,
                                              serverEnvironment: server.clientEnvironment.merging(["TZ": "Asia/Seoul"]) { $1 })

        // `show`: the end in Seoul time with its zone, never a bare UTC time or an ISO string.
        let show = try await seoul.run(["show", "5"])
        #expect(show.status == 0, "\(show.stderr)")
        let ends = show.stdout.split(separator: "\n").first { $0.hasPrefix("Ends") }.map(String.init) ?? ""
        #expect(ends.range(of: #"^Ends +\d{4}-\d{2}-\d{2} \d{2}:\d{2} KST"#, options: .regularExpression) != nil, "\(ends)")

        // `--ends-at` with a +09:00 offset, and the same instant as local Seoul time without one.
        let (offsetText, utcText) = CLIJSONEndToEndTests.inTwoDays()
        let localText = String(offsetText.prefix(16)).replacingOccurrences(of: "T", with: " ")
        let first = try await seoul.run(["sell", "--name", "Offset lamp", "--start-price", "10", "--ends-at", offsetText])
        #expect(first.status == 0, "--ends-at \(offsetText): \(first.stderr)")
        let second = try await seoul.run(["sell", "--name", "Local lamp", "--start-price", "10", "--ends-at", localText])
        #expect(second.status == 0, "--ends-at \(localText): \(second.stderr)")
        let selling = try await seoul.run(["mine", "--selling", "--json"])
        let lots = (try? JSONSerialization.jsonObject(with: Data(selling.stdout.utf8)) as? [String: Any])?["lots"] as? [[String: Any]] ?? []
        #expect(lots.count == 2 && lots.allSatisfy { $0["end_time"] as? String == utcText }, "both end at \(utcText): \(lots)")

        // `whoami`: until when the login holds, in Seoul time.
        let whoami = try await seoul.run(["whoami"])
        #expect(whoami.stdout.range(of: #"logged in until \d{4}-\d{2}-\d{2} \d{2}:\d{2} KST\n$"#, options: .regularExpression) != nil,
                "\(whoami.stdout)")
    }

    @Test func anExplicitProfileBeatsTheConfigFilesEndpoints() async throws {
        let (server, directory) = try await CLI.server()
        defer { server.stop(); directory.remove() }
        // A config file naming the running server, as a user's local setup would.
        let config = directory.file("xdg")
        try FileManager.default.createDirectory(atPath: config + "/auction", withIntermediateDirectories: true)
        try "http = \(server.httpURL)\nsocket = \(server.socketAddress)\n".write(toFile: config + "/auction/config", atomically: true, encoding: .utf8)
        let environment = ["XDG_CONFIG_HOME": config, "HOME": config]

        let plain = try await CLI.run(["list"], environment: environment)
        #expect(plain.status == 0, "the file's server lists: \(plain.stderr)")
        // #33: `--profile original-docker list` listed the file's (local) server instead.
        let profiled = try await CLI.run(["--profile", "original-docker", "list", "--json"], environment: environment)
        #expect(profiled.status == 3, "stdout: \(profiled.stdout) stderr: \(profiled.stderr)")
        #expect(profiled.stderr.contains("127.0.0.1:8099"), "the profile's endpoint was tried: \(profiled.stderr)")
    }
}
