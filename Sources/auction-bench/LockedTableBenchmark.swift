// The `locked` suite: does one request that waits on a locked table stall a node's other connections?
#if canImport(Glibc)
import Glibc
#endif
import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Foundation

/// Runs the `locked` benchmark suite; returns the process exit status.
///
/// On a release `auction-server` over a durable PostgreSQL (`scripts/postgres`), for each of `sessions`
/// and `chat_messages`: another session holds the table `LOCK TABLE … IN ACCESS EXCLUSIVE MODE` for
/// `--lock-seconds` (default 3) while one connection logs in with a token the node has never seen,
/// bids and joins a chat, and a bystander connection pings in a loop. Reports the bystander's worst
/// ping (median over `--runs`, default 3) and whether the actor's three answers came after the unlock.
func runLockedTableBenchmark(_ arguments: [String]) -> Int32 {
    var runs = 3, lockSeconds = 3
    var rest = arguments[...]
    while let flag = rest.popFirst() {
        guard let value = rest.popFirst().flatMap({ Int($0) }), value > 0 else { return lockedUsage() }
        switch flag {
        case "--runs": runs = value
        case "--lock-seconds": lockSeconds = value
        default: return lockedUsage()
        }
    }
    ProcessLimits.ignoreSIGPIPE()
    let folder = FileManager.default.temporaryDirectory.path + "/auction-bench-locked-\(getpid())"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    guard let postgres = BenchPostgres(directory: folder + "/postgres") else {
        print("locked: scripts/postgres start --durable failed")
        return 1
    }
    defer { postgres.stop() }
    guard let node = BenchNode(name: "node", arguments: ["--store", postgres.url], folder: folder) else { return 1 }
    defer { node.stop() }
    print("locked: release auction-server on PostgreSQL \(postgres.url); each table locked \(lockSeconds) s, \(runs) runs")
    var price: Int64 = 1_000_000_000_000
    for table in ["sessions", "chat_messages"] {
        var worst: [Double] = [], answered = 0
        for run in 1...runs {
            price += 1_000_000_000
            guard let result = lockedRun(table: table, url: postgres.url, port: node.socketPort, user: "locked\(table.count)x\(run)",
                                         price: price, lockSeconds: lockSeconds) else { return 1 }
            worst.append(result.worstMilliseconds)
            if result.actorAnswered { answered += 1 }
        }
        print("locked \(pad(table, 13)) bystander worst ping median \(format(medianOf(worst), 1)) ms "
              + "(runs: \(worst.map { format($0, 1) }.joined(separator: ", ")) ms); actor answered after the unlock \(answered)/\(runs)")
    }
    return 0
}

private func lockedUsage() -> Int32 {
    print("usage: auction-bench locked [--runs N] [--lock-seconds N]")
    return 2
}

/// One run: the bystander's worst ping while `table` was locked, and whether the actor's login, bid and
/// join were all answered (true) after the unlock.
private func lockedRun(table: String, url: String, port: Int, user: String, price: Int64,
                       lockSeconds: Int) -> (worstMilliseconds: Double, actorAnswered: Bool)? {
    guard let token = freshToken(url: url, name: user) else {
        print("locked: cannot write a session for \(user)")
        return nil
    }
    let actor = BlockingLoopbackSocket.connect(port: port, receiveTimeoutSeconds: 30)
    let bystander = BlockingLoopbackSocket.connect(port: port, receiveTimeoutSeconds: 30)
    guard actor >= 0, bystander >= 0 else { return nil }
    defer { close(actor); close(bystander) }
    guard let locker = try? PostgresConnection(url), (try? locker.run("BEGIN")) != nil,
          (try? locker.run("LOCK TABLE \(table) IN ACCESS EXCLUSIVE MODE")) != nil else {
        print("locked: cannot lock \(table)")
        return nil
    }
    defer { locker.close() }
    let pinger = BenchPinger(fd: bystander)
    let thread = Thread { pinger.run() }
    thread.start()
    let bid = ClientMessage.bid(Bid(productID: ProductID(1), price: Money(price)), userID: nil)
    sendFrames(actor, [.login(token: token), bid, .chatJoin(room: "product-1")])
    usleep(UInt32(lockSeconds) * 1_000_000)
    _ = try? locker.run("COMMIT")
    let replies = readReplies(actor, count: 3)
    pinger.stop()
    while !pinger.isFinished { usleep(1_000) }
    return (Double(pinger.worstNanoseconds) / 1_000_000, replies.count == 3 && replies.allSatisfy(\.result))
}

/// A session for a new user written straight into the store: the node has never seen its token.
private func freshToken(url: String, name: String) -> String? {
    guard let store = try? PostgresConnectionString(url), let accounts = try? AccountStore(target: .postgres(store)) else { return nil }
    defer { accounts.close() }
    let now = SystemClock().now()
    guard let user = (try? accounts.createUser(name: name, passwordHash: "x", at: now)) ?? nil,
          let token = try? SessionToken.generate(),
          (try? accounts.createSession(tokenHash: SessionToken.hash(token), userID: user, createdAt: now,
                                       expiresAt: now.adding(milliseconds: 3_600_000), keeping: 5)) != nil else { return nil }
    return token
}

private func sendFrames(_ fd: CInt, _ messages: [ClientMessage]) {
    let bytes = messages.enumerated().flatMap { index, message -> [UInt8] in
        var frame = message.frame
        frame.completionID = Int64(index + 1)
        return FrameEncoder.encode(frame)
    }
    var offset = 0
    while offset < bytes.count {
        let sent = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
        guard sent > 0 else { return }
        offset += sent
    }
}

/// Replies read from `fd` until `count` came (pushes skipped), or EOF / the receive timeout.
private func readReplies(_ fd: CInt, count: Int) -> [WireReply] {
    var decoder = FrameDecoder(maximumFrameBytes: 1 << 20)
    var replies: [WireReply] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while replies.count < count {
        while let event = decoder.nextEvent() {
            if case .frame(let frame) = event, case .reply(let reply)? = try? ServerMessage(frame: frame) { replies.append(reply) }
        }
        guard replies.count < count else { break }
        let received = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard received > 0 else { break }
        decoder.append(Array(chunk[0..<received]))
    }
    return replies
}

/// Pings on one connection, one at a time, until stopped; keeps the slowest round trip.
// @unchecked Sendable: `state` is a Mutex; `fd` is used by the pinging thread only.
final class BenchPinger: @unchecked Sendable {
    private let fd: CInt
    private let state = Mutex((stop: false, finished: false, worst: Int64(0)))

    /// Pings on `fd`.
    init(fd: CInt) { self.fd = fd }

    /// The slowest round trip so far, in nanoseconds.
    var worstNanoseconds: Int64 { state.withLock { $0.worst } }
    /// Whether `run` returned.
    var isFinished: Bool { state.withLock { $0.finished } }

    /// Asks `run` to return after its ping in flight.
    func stop() { state.withLock { $0.stop = true } }

    /// Pings until `stop` (on its own thread).
    func run() {
        var id: Int64 = 1_000
        while !state.withLock({ $0.stop }) {
            id += 1
            var frame = ClientMessage.ping.frame
            frame.completionID = id
            let start = DispatchTime.now().uptimeNanoseconds
            sendRaw(FrameEncoder.encode(frame))
            guard !readReplies(fd, count: 1).isEmpty else { break }
            let elapsed = Int64(DispatchTime.now().uptimeNanoseconds - start)
            state.withLock { $0.worst = max($0.worst, elapsed) }
            usleep(1_000)  // about a thousand pings a second: a bystander, not a load
        }
        state.withLock { $0.finished = true }
    }

    private func sendRaw(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }
}
