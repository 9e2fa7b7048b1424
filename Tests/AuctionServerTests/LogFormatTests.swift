import AuctionCore
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Testing

@Suite struct LogFormatTests {
    static let time = Timestamp(millisecondsSinceEpoch: 1_795_307_712_345)  // 2026-11-22T00:35:12.345Z

    /// The line as a JSON object, its member names in order.
    static func object(_ line: String) throws -> (JSONObject, [String]) {
        let object = try #require(try JSONValue.parse(Array(line.utf8)).objectValue, "not an object: \(line)")
        return (object, object.members.map(\.key))
    }

    @Test func aJSONLineHasTheFiveKeysAndTheTextLineIsUnchanged() throws {
        let text = LogLineFormatter.line(.text, time: Self.time, level: .warning, message: "socket: disconnecting #12: too slow")
        let json = LogLineFormatter.line(.json, time: Self.time, level: .warning, message: "socket: disconnecting #12: too slow")

        #expect(text == "2026-11-22T00:35:12.345Z warning socket: disconnecting #12: too slow")
        #expect(json == #"{"time":"2026-11-22T00:35:12.345Z","level":"warning","component":"socket","#
            + #""message":"disconnecting #12: too slow","fields":{}}"#)
        let (object, keys) = try Self.object(json)
        #expect(keys == ["time", "level", "component", "message", "fields"])
        #expect(object["fields"]?.objectValue?.members.isEmpty == true)
    }

    @Test func everyMessageTextGivesOneLineOfValidJSONThatReadsBackTheSame() throws {
        let hostile = "bid: name \"x\\\" /path\\ line\nbreak\r\ttab \u{0}\u{1}\u{1B}[31m\u{7F} é 🦆 \u{2028}end"
        let messages = [hostile, "", ":", ": ", "x", "\"", "\\", "socket:\n", String(repeating: "\u{1}", count: 40)]
        for message in messages {
            for level in LogLevel.allCases {
                let line = LogLineFormatter.line(.json, time: Self.time, level: level, message: message)

                #expect(!line.utf8.contains { $0 < 0x20 }, "raw control byte in \(line)")
                let (object, keys) = try Self.object(line)
                #expect(keys == ["time", "level", "component", "message", "fields"])
                #expect(object["level"]?.stringValue == level.description)
                let component = try #require(object["component"]?.stringValue)
                let rest = try #require(object["message"]?.stringValue)
                #expect(component == "server" ? rest == message : component + ": " + rest == message)
            }
        }
        let line = LogLineFormatter.line(.json, time: Self.time, level: .info, message: hostile)
        #expect(try Self.object(line).0["message"]?.stringValue == String(hostile.dropFirst("bid: ".count)))
    }

    @Test func theComponentIsASimpleLowercaseWordBeforeTheFirstColonSpace() {
        let cases: [(String, String, String)] = [
            ("server: listening http=127.0.0.1:3100", "server", "listening http=127.0.0.1:3100"),
            ("socket: #3 127.0.0.1:5000: malformed frame", "socket", "#3 127.0.0.1:5000: malformed frame"),
            ("auction-server: port in use", "auction-server", "port in use"),
            ("store: ", "store", ""),
            ("tls2: reloaded", "tls2", "reloaded"),
            ("Socket: upper case", "server", "Socket: upper case"),
            ("two words: here", "server", "two words: here"),
            ("127.0.0.1: an address", "server", "127.0.0.1: an address"),
            ("-dash: first", "server", "-dash: first"),
            ("no colon at all", "server", "no colon at all"),
            ("colon:without space", "server", "colon:without space"),
            (": empty word", "server", ": empty word"),
            ("bid:", "server", "bid:"),
            ("é: accented", "server", "é: accented"),
            (String(repeating: "a", count: 32) + ": long", String(repeating: "a", count: 32), "long"),
            (String(repeating: "a", count: 33) + ": too long", "server", String(repeating: "a", count: 33) + ": too long"),
        ]
        for (message, component, rest) in cases {
            let split = LogLineFormatter.split(message)
            #expect(split.component == component, "\(message)")
            #expect(split.message == rest, "\(message)")
        }
    }

    @Test func aRepeatSummaryBecomesTheLastLineWithTheCountInFields() throws {
        let clock = ManualClock(Self.time)
        let lines = Mutex<[String]>([])
        let log = ServerLog(level: .debug, sink: { line in lines.withLock { $0.append(line) } },
                            repeats: LogRepeatFilter.Configuration(linesPerWindow: 2, windowMilliseconds: 10_000),
                            clock: clock, format: .json)
        for index in 0..<7 { log.warning("socket: disconnecting #\(index): \"slow\"") }
        for index in 0..<4 { log.debug("bid: #\(index) accepted") }
        clock.advance(milliseconds: 10_000)
        log.info("server: stopping")
        for index in 0..<3 { log.error("store: commit \(index) failed") }
        log.flush()

        let objects = try lines.withLock { $0 }.map { try Self.object($0).0 }
        #expect(objects.count == 2 + 2 + 2 + 1 + 2 + 1)
        let summaries = objects.filter { $0["fields"]?.objectValue?.members.isEmpty == false }
        #expect(summaries.count == 3)
        let socket = try #require(summaries.first { $0["component"]?.stringValue == "socket" })
        #expect(socket["level"]?.stringValue == "warning")
        #expect(socket["message"]?.stringValue == "disconnecting #6: \"slow\"")
        #expect(socket["fields"]?["repeated"]?.intValue == 5)
        #expect(socket["fields"]?["window_seconds"]?.intValue == 10)
        #expect(socket["time"]?.stringValue == "2026-11-22T00:35:22.345Z")
        let bid = try #require(summaries.first { $0["component"]?.stringValue == "bid" })
        #expect(bid["level"]?.stringValue == "debug")
        #expect(bid["fields"]?["repeated"]?.intValue == 2)
        let store = try #require(objects.last)
        #expect(store["component"]?.stringValue == "store")
        #expect(store["message"]?.stringValue == "commit 2 failed")
        #expect(store["fields"]?["repeated"]?.intValue == 1)
        #expect(objects.contains { $0["component"]?.stringValue == "server" && $0["message"]?.stringValue == "stopping" })
    }

    @Test func aLineThatOnlyLooksLikeASummaryKeepsEmptyFields() throws {
        for message in ["log: repeated many more times in 10 s (lines differing only in numbers), the last: x",
                        "log: repeated 3 more times in 10 s", "log: repeated 99999999999999999999 more times in 10 s "
                            + "(lines differing only in numbers), the last: x"] {
            let (object, _) = try Self.object(LogLineFormatter.line(.json, time: Self.time, level: .info, message: message))
            #expect(object["component"]?.stringValue == "log")
            #expect(object["fields"]?.objectValue?.members.isEmpty == true, "\(message)")
        }
    }

    @Test func logFormatIsAFlagAVariableAndAConfigKey() throws {
        func parse(_ arguments: [String], _ environment: [String: String] = [:], file: String = "") throws -> ServerConfiguration {
            let command = try ServerOptions.parse(arguments + (file.isEmpty ? [] : ["--config", "f"]), environment: environment) { _ in file }
            guard case .run(let configuration) = command else { throw JSONError.unexpectedEnd(offset: 0) }
            return configuration
        }

        #expect(try parse([]).logFormat == .text)
        #expect(try parse(["--log-format", "json"]).logFormat == .json)
        #expect(try parse(["--log-format=JSON"]).logFormat == .json)
        #expect(try parse([], ["AUCTION_SERVER_LOG_FORMAT": "json"]).logFormat == .json)
        #expect(try parse([], file: "log_format = json\n").logFormat == .json)
        #expect(try parse(["--log-format", "text"], ["AUCTION_SERVER_LOG_FORMAT": "json"]).logFormat == .text)
        #expect(throws: ServerOptionsError.self) { try parse(["--log-format", "yaml"]) }
        #expect(ServerOptions.usage.contains("--log-format VALUE"))
    }
}
