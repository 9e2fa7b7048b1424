import AuctionServer
import AuctionTestSupport
import Foundation
import Glibc
import Testing

/// `auction register` / `login` / `bid` against a real `auction-server` that serves accounts, and a
/// raw socket that tries to bid as someone else.
@Suite(.serialized) struct AccountEndToEndTests {
    /// A user of the CLI with a config directory of its own (its saved login lives there).
    struct User {
        let name: String
        let config: String
        /// Where the server is (`AUCTION_HTTP`, `AUCTION_SOCKET`).
        let serverEnvironment: [String: String]

        var environment: [String: String] {
            serverEnvironment.merging(["XDG_CONFIG_HOME": config, "HOME": config]) { _, new in new }
        }

        /// Runs `auction <arguments>` as this user.
        func run(_ arguments: [String], stdin: String? = nil) async throws -> ProcessResult {
            try await CLI.run(arguments, environment: environment, stdin: stdin)
        }

        /// The saved login file, decoded.
        func savedLogin() throws -> [String: Any] {
            let data = try Data(contentsOf: URL(fileURLWithPath: config + "/auction/login.json"))
            return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        }
    }

    /// Registers `name` through the CLI (password on stdin).
    static func register(_ name: String, on server: AuctionServerProcess, in directory: TemporaryDirectory) async throws -> User {
        try await register(name, serverEnvironment: server.clientEnvironment, in: directory)
    }

    /// Registers `name` through the CLI against the server `serverEnvironment` names.
    static func register(_ name: String, serverEnvironment: [String: String], in directory: TemporaryDirectory) async throws -> User {
        let user = User(name: name, config: directory.file("config-\(name)"), serverEnvironment: serverEnvironment)
        let result = try await user.run(["register", name, "--password-stdin"], stdin: "correct horse \(name)\n")
        #expect(result.status == 0, "register \(name): \(result.stderr)")
        return user
    }

    /// Every stored bid as (product, price, user id).
    static func storedBids(_ path: String) throws -> [(product: Int64, price: Int64, user: Int64?)] {
        let database = try SQLiteDatabase(path: path, options: [.readOnly])
        defer { database.close() }
        return try database.query("SELECT product_id, price, user_id FROM bids ORDER BY id") { ($0.int64(0), $0.int64(1), $0.optionalInt64(2)) }
    }

    @Test func registerThenBidIsAcceptedAndRecordedForThatUser() async throws {
        let (server, directory) = try await CLI.server([])
        defer { server.stop(); directory.remove() }
        let alice = try await Self.register("alice", on: server, in: directory)
        let userID = try #require(alice.savedLogin()["user_id"] as? Int)

        let bid = try await alice.run(["bid", "5", "9,000,000", "--yes"])

        #expect(bid.status == 0, "stderr: \(bid.stderr)")
        #expect(bid.stdout == "accepted: you lead product 5 at 9,000,000\n")
        let stored = try Self.storedBids(server.databasePath)
        #expect(stored.count == 1)
        #expect(stored.first?.product == 5)
        #expect(stored.first?.user == Int64(userID))
    }

    @Test func loginWithPasswordFromStdinAfterLogoutLetsTheUserBidAgain() async throws {
        let (server, directory) = try await CLI.server([])
        defer { server.stop(); directory.remove() }
        let bob = try await Self.register("bob", on: server, in: directory)
        #expect(try await bob.run(["logout"]).status == 0)

        let refused = try await bob.run(["bid", "3", "9,000,000", "--yes"])
        let wrong = try await bob.run(["login", "bob", "--password-stdin"], stdin: "not the password\n")
        let login = try await bob.run(["login", "bob", "--password-stdin"], stdin: "correct horse bob\n")
        let accepted = try await bob.run(["bid", "3", "9,000,000", "--yes"])

        #expect(refused.status == 1)
        #expect(refused.stderr.contains("auction login <name>"), "stderr: \(refused.stderr)")
        #expect(wrong.status != 0)
        #expect(login.status == 0, "stderr: \(login.stderr)")
        #expect(accepted.status == 0, "stderr: \(accepted.stderr)")
        #expect(try Self.storedBids(server.databasePath).map(\.product) == [3])
    }

    @Test func aBidNamingAnotherUsersIdIsRefusedOnTheRawSocket() async throws {
        let (server, directory) = try await CLI.server([])
        defer { server.stop(); directory.remove() }
        let alice = try await Self.register("alice", on: server, in: directory)
        let bob = try await Self.register("bob", on: server, in: directory)
        let token = try #require(alice.savedLogin()["token"] as? String)
        let aliceID = try #require(alice.savedLogin()["user_id"] as? Int)
        let bobID = try #require(bob.savedLogin()["user_id"] as? Int)
        let port = try #require(Int(server.socketAddress.split(separator: ":").last ?? ""))

        let replies = try await offPool { () throws -> [String] in
            let socket = try LineSocket(port: port)
            defer { socket.close() }
            socket.send(#"{"dataType":3,"completionId":1,"data":{"token":"\#(token)"}}/"#)
            socket.send(#"{"dataType":2,"completionId":2,"data":{"product_id":7,"product_price":9000000,"user_id":\#(bobID)}}/"#)
            socket.send(#"{"dataType":2,"completionId":3,"data":{"product_id":7,"product_price":9000000,"user_id":\#(aliceID)}}/"#)
            return socket.readReplies(3)
        }

        try #require(replies.count == 3, "replies: \(replies)")
        #expect(replies[0].contains(#""result":true"#))
        #expect(replies[1].contains(#""result":false"#) && replies[1].contains(#""reason":"user_mismatch""#), "\(replies[1])")
        #expect(replies[2].contains(#""result":true"#), "\(replies[2])")
        #expect(try Self.storedBids(server.databasePath).map(\.user) == [Int64(aliceID)])
    }
}

/// A blocking loopback TCP socket that writes text and reads `/`-terminated frames that are replies (type 1).
struct LineSocket {
    let fd: Int32

    init(port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            Glibc.close(fd)
            throw POSIXError(.ECONNREFUSED)
        }
    }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { return }
            offset += sent
        }
    }

    /// Reads until `count` reply frames arrived (other pushes skipped), EOF or the 30 s timeout.
    func readReplies(_ count: Int) -> [String] {
        var replies: [String] = []
        var pending = ""
        var chunk = [UInt8](repeating: 0, count: 4_096)
        while replies.count < count {
            let received = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard received > 0 else { break }
            pending += String(decoding: chunk[0..<received], as: UTF8.self)
            // Frames end with `/`; JSON written by the server escapes `/` inside strings as `\/`.
            var characters = Array(pending)
            while let end = characters.indices.first(where: { characters[$0] == "/" && ($0 == 0 || characters[$0 - 1] != "\\") }) {
                let frame = String(characters[..<end])
                characters.removeFirst(end + 1)
                if frame.contains(#""dataType":1"#) { replies.append(frame) }
            }
            pending = String(characters)
        }
        return replies
    }

    func close() { Glibc.close(fd) }
}
