import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionTestSupport
import Foundation
import Testing

@Suite struct ServerJSONLogTests {
    @Test func everyStandardErrorLineOfTheRealServerIsOneJSONObject() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let server = try await offPool {
            try ServerProcess(arguments: ["--db", folder.file("auction.sqlite"), "--allow-anonymous-bids",
                                          "--log-format", "json", "--log-level", "debug"])
        }
        let garbage = try LineSocket(port: server.socketPort)
        garbage.send("not json \"quoted\" \\ \u{1}\t/")
        let client = try SocketClient(configuration: SocketClientConfiguration(host: "127.0.0.1", port: server.socketPort, reconnects: false))
        client.start()
        let reply = try ServerMessage(frame: try await client.send(
            ClientMessage.bid(Bid(productID: 3, price: 50_000_000), userID: nil).frame))
        client.close()
        garbage.close()
        guard case .reply(let answer) = reply else { Issue.record("not a reply: \(reply)"); return }
        #expect(answer.completionID == 0 && answer.result && answer.reason == nil && answer.price == 50_000_000, "\(answer)")

        server.send(SIGTERM)
        #expect(await offPool { server.waitForExit() } == 0)

        let lines = server.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(server.stderr.hasSuffix("\n"))
        #expect(lines.count >= 4, "stderr: \(server.stderr)")
        var events: [(component: String, message: String)] = []
        for line in lines {
            let object = try #require(try JSONValue.parse(Array(line.utf8)).objectValue, "not an object: \(line)")
            #expect(object.members.map(\.key) == ["time", "level", "component", "message", "fields"], "\(line)")
            let time = try #require(object["time"]?.stringValue)
            #expect(time.count == 24 && time.hasPrefix("20") && time.hasSuffix("Z") && Array(time)[10] == "T"
                        && Array(time)[19] == ".", "\(time)")
            #expect(["debug", "info", "warning", "error"].contains(object["level"]?.stringValue ?? ""), "\(line)")
            #expect(object["fields"]?.objectValue != nil, "\(line)")
            let component = try #require(object["component"]?.stringValue)
            #expect(!component.isEmpty && component.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "\(line)")
            events.append((component, try #require(object["message"]?.stringValue)))
        }
        #expect(events.contains { $0.component == "server" && $0.message.hasPrefix("listening http=") })
        #expect(events.contains { $0.component == "bid" && $0.message.hasPrefix("3 accepted at") })
        #expect(events.contains { $0.component == "server" && $0.message == "SIGTERM received" })
        #expect(events.contains { $0.component == "server" && $0.message == "stopped" })
    }
}
