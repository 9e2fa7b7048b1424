// The `cli` suite: terminal bytes per price change in `auction watch`, push-to-line latency, and
// the time `auction list` takes to print its first page, all against an embedded local server.
#if canImport(Glibc)
import Glibc
#endif
import AuctionCLI
import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer

/// Runs the `cli` benchmark suite; returns the process exit status.
///
/// Options: `--pushes N` (price changes watched, default 300), `--runs N` (`auction list` runs, default 15),
/// `--interval MS` (time between price changes, default 200: a lively auction, as a user watches it).
func runCLIBenchmark(_ arguments: [String]) -> Int32 {
    var pushes = 300, runs = 15, interval = 200
    var index = 0
    while index + 1 < arguments.count, let value = Int(arguments[index + 1]), value > 0 {
        switch arguments[index] {
        case "--pushes": pushes = value
        case "--runs": runs = value
        case "--interval": interval = value
        default: index = arguments.count
        }
        index += 2
    }
    guard index == arguments.count else {
        print("usage: auction-bench cli [--pushes N] [--runs N] [--interval MS]")
        return 2
    }
    let directory = "/tmp/auction-bench-cli-\(getpid())"
    mkdir(directory, 0o700)
    defer {
        for suffix in ["", "-wal", "-shm"] { unlink(directory + "/bench.sqlite" + suffix) }
        rmdir(directory)
    }
    var configuration = ServerConfiguration.ephemeral(databasePath: directory + "/bench.sqlite")
    configuration.allowAnonymousBids = true
    configuration.limits.bidsPerSecond = 1_000_000
    let server = AuctionHouseServer(configuration: configuration, log: .silent)
    defer { server.stop() }
    let addresses: ServerAddresses
    do { addresses = try server.start() } catch {
        print("cli benchmark: cannot start the server: \(error)")
        return 1
    }
    print("cli: embedded server \(addresses); \(pushes) price changes watched, \(runs) runs of `auction list`")
    let watched = Latch<Int32>()
    Task { watched.fulfil(await measureWatch(addresses, pushes: pushes, interval: interval)) }
    let watchStatus = watched.wait()
    let list = measureList(addresses, runs: runs)
    return watchStatus | list
}

/// Watches page 1 full-screen (in memory, 100×30, colour) while another client bids on it, a change
/// every `interval` ms: the bytes of each change's line, and all the bytes written (lines, fades, the
/// status and detail lines, the time-left ticks) per change.
private func measureWatch(_ addresses: ServerAddresses, pushes: Int, interval: Int) async -> Int32 {
    do {
        let loop = try EventLoop.spawn(name: "bench-http")
        defer { loop.shutdown() }
        let catalogue = try HTTPProductRepository(baseURL: addresses.httpURL, loop: loop)
        guard let page = try await catalogue.page(0) else { print("watch: empty catalogue"); return 1 }
        let watcher = try SocketClient(configuration: SocketClientConfiguration(host: addresses.socket.host, port: addresses.socket.port))
        defer { watcher.close() }
        // Registered before the feed's own handler: the moment each push frame is decoded.
        let arrivals = Mutex<[(at: Int64, price: Money, id: ProductID)]>([])
        watcher.onPush { frame in
            let now = monotonicNanoseconds()
            if case .price(let update)? = try? ServerMessage(frame: frame) { arrivals.withLock { $0.append((now, update.price, update.productID)) } }
        }
        // Page 1 fills rows 3… of the 30-row screen: a change rewrites only cells of its product's row.
        let rowOf = Dictionary(page.products.enumerated().map { ($1.id, $0 + 3) }, uniquingKeysWith: { a, _ in a })
        let session = SocketSession()
        session.loadedPages = 1
        session.install(on: watcher)
        let feed = SocketPriceFeed(client: watcher, session: session)
        let terminal = TimedSink()
        let watch = WatchSession(catalogue: catalogue, feed: feed, socketSession: session, ids: nil, output: terminal, errors: MemorySink())
        watcher.start()
        let size = TerminalSize(rows: 30, columns: 100)
        let model = WatchModel(pages: [page.products], pageable: true, reachedEnd: false, interactive: true,
                               size: size, color: true, title: "auction watch · \(addresses.socket)")
        let (keys, input) = AsyncStream.makeStream(of: WatchEvent.self)
        let running = Task { await watch.run(model, inputs: keys) }

        let bidder = try SocketClient(configuration: SocketClientConfiguration(host: addresses.socket.host, port: addresses.socket.port))
        defer { bidder.close() }
        bidder.start()
        let bids = SocketBidRepository(client: bidder)
        var prices = Dictionary(page.products.map { ($0.id, $0.currentPrice) }, uniquingKeysWith: { a, _ in a })
        try await Task.sleep(for: .milliseconds(300))  // connected, list state replayed
        let firstChangeWrite = terminal.writes.count
        for number in 0..<pushes {
            let paced = monotonicNanoseconds() + Int64(interval) * 1_000_000
            let product = page.products[number % page.products.count].id
            // Well above any minimum raise of the demo catalogue, and a price not seen before.
            let price = (prices[product] ?? .zero) + Money(Int64(100_000 + number))
            prices[product] = price
            guard case .accepted = try await bids.place(Bid(productID: product, price: price)) else {
                print("watch: a bid was refused")
                return 1
            }
            // Wait until the change is on the (virtual) screen before the next one: unloaded latency.
            let deadline = monotonicNanoseconds() + 2_000_000_000, sent = terminal.writes.count
            while !terminal.wrote(row: rowOf[product] ?? 0, after: sent), monotonicNanoseconds() < deadline { try await Task.sleep(for: .microseconds(200)) }
            let rest = paced - monotonicNanoseconds()
            if rest > 0 { try await Task.sleep(for: .nanoseconds(rest)) }
        }
        try await Task.sleep(for: .milliseconds(1_300))  // the last flashes fade
        input.yield(.key(.character("q")))
        let final = await running.value

        let writes = terminal.writes
        // Everything after the first paint up to the last fade (the quit's restore excluded): all-in.
        let allIn = writes.dropFirst(firstChangeWrite).reduce(0) { $0 + $1.bytes }
        var latencies: [Int64] = [], changeBytes: [Int] = [], fadeBytes: [Int] = [], lineBytes: [Int] = []
        var used = Set<Int>()
        for arrival in arrivals.withLock({ $0 }) {
            // The first write after the push that rewrites cells of its product's row (only its changed characters).
            let row = rowOf[arrival.id] ?? 0
            guard let hit = writes.indices.first(where: { !used.contains($0) && writes[$0].at >= arrival.at && writes[$0].rows.contains(row) }) else {
                continue
            }
            used.insert(hit)
            latencies.append(writes[hit].at - arrival.at)
            changeBytes.append(writes[hit].bytes)
            lineBytes.append(zip(writes[hit].segments, writes[hit].segmentRows).filter { $0.1 == row }.reduce(0) { $0 + $1.0.bytes })
        }
        for (position, write) in writes.enumerated() where position > 0 && !used.contains(position) && !write.plain.contains("update") {
            // Fade-backs (status refreshes excluded); one cursor move per line faded.
            let lines = max(1, write.plain.filter { $0 == "|" }.count)
            fadeBytes.append(write.bytes / lines)
        }
        let state = WatchState(products: final.visibleProducts, connection: .connected, updatesReceived: final.board.updatesApplied,
                               size: size, color: true, title: "auction watch · \(addresses.socket)")
        let repaint = WatchRenderer.fullPaint(state: state, now: Timestamp(millisecondsSinceEpoch: 0)).bytes.count
        print("watch: \(latencies.count) of \(pushes) changes matched to their push")
        print("  bytes of each change's line      mean \(mean(lineBytes))  max \(lineBytes.max() ?? 0)")
        print("  bytes of the write with it       mean \(mean(changeBytes))  max \(changeBytes.max() ?? 0)  (with the status, detail, ticks painted at once)")
        print("  all-in bytes per price change    \(allIn / max(1, pushes))  (line, fade, status, detail, time left; target <= 80; one every \(interval) ms)")
        print("  bytes per line faded back        mean \(mean(fadeBytes))  max \(fadeBytes.max() ?? 0)")
        print("  full repaint of the screen      \(repaint) bytes")
        print("  push decoded -> line written     p50 \(micro(percentile(latencies, 0.50)))  p99 \(micro(percentile(latencies, 0.99)))  max \(micro(latencies.max() ?? 0))")
        return latencies.count == pushes ? 0 : 1
    } catch {
        print("watch: failed: \(error)")
        return 1
    }
}

/// Spawns the release `auction list` `runs` times; the time from spawn to the whole first page on stdout.
private func measureList(_ addresses: ServerAddresses, runs: Int) -> Int32 {
    let auction = executableDirectory() + "/auction"
    guard access(auction, X_OK) == 0 else {
        print("list: \(auction) not found (build the `auction` product)")
        return 1
    }
    var times: [Int64] = []
    for _ in 0...runs {
        guard let time = timeFirstPage(auction, ["--http", addresses.httpURL, "--socket", addresses.socket.description, "list"]) else {
            print("list: a run failed")
            return 1
        }
        times.append(time)
    }
    times.removeFirst()  // warm-up
    times.sort()
    print("list: start -> first page printed   median \(milli(times[times.count / 2]))  min \(milli(times.first ?? 0))  max \(milli(times.last ?? 0))")
    return 0
}

/// Nanoseconds from `posix_spawn` until 16 lines (header + 15 products) arrived on the pipe.
func timeFirstPage(_ path: String, _ arguments: [String]) -> Int64? {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { return nil }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
    posix_spawn_file_actions_addclose(&actions, fds[0])
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let start = monotonicNanoseconds()
    guard posix_spawn(&pid, path, &actions, nil, argv, environ) == 0 else { return nil }
    close(fds[1])
    var lines = 0, elapsed: Int64?
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = read(fds[0], &buffer, buffer.count)
        if count <= 0 { break }
        lines += buffer[0..<count].filter { $0 == 0x0A }.count
        if lines >= 16 && elapsed == nil { elapsed = monotonicNanoseconds() - start }
    }
    close(fds[0])
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    return status == 0 ? elapsed : nil
}

/// A terminal in memory that remembers when each write happened and its text without colours.
private final class TimedSink: OutputSink, Sendable {
    struct Write {
        var at: Int64
        var bytes: Int
        var plain: String
        /// The write cut at each cursor address: what went to one place on the screen (bytes, text without colours).
        var segments: [(bytes: Int, plain: String)]
        /// The screen row each segment is addressed to (0 for text before any address).
        var segmentRows: [Int]
        /// The rows the write addresses.
        var rows: Set<Int> { Set(segmentRows) }
    }
    private let lock = Mutex<[Write]>([])
    func write(_ bytes: [UInt8]) {
        let now = monotonicNanoseconds()
        let plain = withoutColours(String(decoding: bytes, as: UTF8.self))
        let pieces = addressedSegments(bytes)
        let segments = pieces.map { (bytes: $0.count, plain: withoutColours(String(decoding: $0, as: UTF8.self))) }
        let rows = pieces.map(addressedRow)
        lock.withLock { $0.append(Write(at: now, bytes: bytes.count, plain: plain, segments: segments, segmentRows: rows)) }
    }
    var writes: [Write] { lock.withLock { $0 } }
    /// Whether a write after the first `count` addressed `row`.
    func wrote(row: Int, after count: Int) -> Bool {
        lock.withLock { $0.dropFirst(count).contains { $0.rows.contains(row) } }
    }
}

/// `bytes` cut before each `ESC [ row ; column H`: one piece per place written on the screen.
private func addressedSegments(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
    var cuts: [Int] = [], index = 0
    while index + 1 < bytes.count {
        if bytes[index] == 0x1B, bytes[index + 1] == UInt8(ascii: "[") {
            var end = index + 2
            while end < bytes.count, (bytes[end] >= UInt8(ascii: "0") && bytes[end] <= UInt8(ascii: "9")) || bytes[end] == UInt8(ascii: ";") { end += 1 }
            if end < bytes.count, bytes[end] == UInt8(ascii: "H"), index > 0 { cuts.append(index) }
        }
        index += 1
    }
    let bounds = [0] + cuts + [bytes.count]
    return (0..<(bounds.count - 1)).map { bytes[bounds[$0]..<bounds[$0 + 1]] }
}

/// The row of the `ESC [ row ; column H` a segment starts with; 0 when it starts with none.
private func addressedRow(_ segment: ArraySlice<UInt8>) -> Int {
    let bytes = Array(segment)
    guard bytes.count > 2, bytes[0] == 0x1B, bytes[1] == UInt8(ascii: "[") else { return 0 }
    var row = 0, index = 2
    while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
        row = row * 10 + Int(bytes[index] - UInt8(ascii: "0"))
        index += 1
    }
    return index < bytes.count && (bytes[index] == UInt8(ascii: ";") || bytes[index] == UInt8(ascii: "H")) ? row : 0
}

/// The text without `ESC [ … m` colour sequences.
private func withoutColours(_ text: String) -> String {
    var out = "", inSequence = false
    for scalar in text.unicodeScalars {
        if inSequence {
            if scalar == "m" { inSequence = false }
            else if scalar.properties.isAlphabetic { inSequence = false; out.unicodeScalars.append("|") }
        } else if scalar == "\u{1B}" {
            inSequence = true
        } else {
            out.unicodeScalars.append(scalar)
        }
    }
    return out
}

/// The directory this executable runs from (the release build's: its siblings are there); "." when unknown.
func executableDirectory() -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return "." }
    let path = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
}

private func monotonicNanoseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
}

private func percentile(_ values: [Int64], _ fraction: Double) -> Int64 {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction))]
}

private func mean(_ values: [Int]) -> Int { values.isEmpty ? 0 : values.reduce(0, +) / values.count }
private func micro(_ nanoseconds: Int64) -> String { "\(nanoseconds / 1_000) µs" }
func milli(_ nanoseconds: Int64) -> String { "\(nanoseconds / 1_000_000).\(nanoseconds / 100_000 % 10) ms" }
