// The `image` suite's hostile uploads (issue 19, item 6): a 16-bit 4096×4096 PNG of 130 KB and a
// progressive JPEG of 570 scans posted to a release `auction-server` child, with the server's CPU and
// peak memory per upload, and catalogue reads (`alllist`) timed while two clients post such PNGs.
#if canImport(Glibc)
import Glibc
#endif
import AuctionImage
import AuctionInfrastructure
import AuctionTestSupport
import Foundation

/// Posts the hostile images to `binary` (`runs` each), then reads `alllist` while two clients upload
/// ten PNGs each; prints a line a case; false when the server could not be started or used.
func runHostileUploadBenchmark(binary: String, runs: Int) -> Bool {
    let directory = "/tmp/auction-bench-hostile-\(getpid())"
    guard mkdir(directory, 0o700) == 0 else { return false }
    defer { _ = system("rm -rf '\(directory)'") }
    // Budgets lifted (a server without these settings ignores them): the figures are the decoding's cost.
    let settings = ["AUCTION_SERVER_IMAGE_UPLOADS_PER_HOUR=100000", "AUCTION_SERVER_IMAGE_BYTES_PER_HOUR=68719476736",
                    "AUCTION_SERVER_IMAGE_STORAGE_PER_USER=1099511627776"]
    guard let server = CatalogueServerProcess(binary: binary, databasePath: directory + "/bench.sqlite", directory: directory,
                                              settings: settings) else {
        print("image: \(binary) did not start")
        return false
    }
    defer { server.stop() }
    let png = HostileImages.sixteenBitCanvas()
    guard let jpeg = try? JPEGEncoder.scanBomb(syntheticPhoto(width: 1_024, height: 1_024)), let tokens = registerBenchUsers(3, port: server.httpPort) else {
        print("image: could not prepare the hostile uploads")
        return false
    }
    print("hostile uploads to \(binary) (\(runs) each; CPU and peak memory are the server's)")
    for (name, bytes, type) in [("16-bit 4096×4096 PNG, \(png.count / 1_000) kB", png, "image/png"),
                                ("progressive JPEG, 570 scans, \(jpeg.count / 1_000) kB", jpeg, "image/jpeg")] {
        guard let client = KeepAliveHTTPClient(port: server.httpPort) else { return false }
        resetPeakMemory(server.pid)
        let before = server.cpuMilliseconds ?? 0
        var times: [Double] = [], statuses: [Int] = [], reason = ""
        for _ in 0..<runs {
            let start = imageBenchmarkSeconds()
            let answer = client.request("POST", "/images", headers: ["Authorization: Bearer \(tokens[0])", "Content-Type: \(type)"], body: bytes)
            times.append(imageBenchmarkSeconds() - start)
            statuses.append(answer.status)
            if answer.status >= 400, let object = try? JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any] {
                reason = " " + String(describing: object["reason"] ?? object["error"] ?? "")
            }
        }
        let cpu: String = format(((server.cpuMilliseconds ?? 0) - before) / Double(runs), 0)
        let wall: String = format(medianOf(times) * 1_000, 1)
        let peak: String = format(Double(peakMemoryKilobytes(server.pid)) / 1_024, 0)
        print(pad(name, 44) + "answer \(Set(statuses).sorted())\(reason), " + wall + " ms, CPU " + cpu + " ms, peak " + peak + " MiB")
    }
    return measureReadsDuringUploads(server: server, png: png, tokens: Array(tokens.dropFirst()))
}

/// `alllist` latency alone, then while each of `tokens` posts `png` ten times on its own connection.
private func measureReadsDuringUploads(server: CatalogueServerProcess, png: [UInt8], tokens: [String]) -> Bool {
    guard let reader = KeepAliveHTTPClient(port: server.httpPort) else { return false }
    let alllist = { () -> Double in
        let start = imageBenchmarkSeconds()
        _ = reader.request("POST", "/products/alllist", headers: ["Content-Type: application/json"], body: Array("{}".utf8))
        return imageBenchmarkSeconds() - start
    }
    let quiet = (0..<200).map { _ in alllist() }
    resetPeakMemory(server.pid)
    let statuses = Mutex<[Int]>([])
    let finished = Mutex(0)
    let port = server.httpPort
    for token in tokens {
        Thread.detachNewThread {
            if let client = KeepAliveHTTPClient(port: port) {
                for _ in 0..<10 {
                    let status = client.request("POST", "/images", headers: ["Authorization: Bearer \(token)", "Content-Type: image/png"],
                                                body: png).status
                    statuses.withLock { $0.append(status) }
                }
            }
            finished.withLock { $0 += 1 }
        }
    }
    var busy: [Double] = []
    while finished.withLock({ $0 }) < tokens.count || busy.count < 20 { busy.append(alllist()) }
    let answers = Dictionary(grouping: statuses.withLock { $0 }, by: { $0 }).mapValues(\.count).sorted { $0.key < $1.key }
    let alone = format(medianOf(quiet) * 1_000, 2) + " / " + format(percentile(quiet, 0.99) * 1_000, 2) + " ms"
    print(pad("alllist p50 / p99 alone", 44) + alone)
    let during = format(medianOf(busy) * 1_000, 2) + " / " + format(percentile(busy, 0.99) * 1_000, 2) + " ms over \(busy.count) reads"
    let answered: String = answers.map { "\($0.key)×\($0.value)" }.joined(separator: " ")
    let peak: String = format(Double(peakMemoryKilobytes(server.pid)) / 1_024, 0)
    print(pad("alllist p50 / p99, \(tokens.count) clients × 10 PNGs", 44) + during + "; uploads answered " + answered + "; peak " + peak + " MiB")
    return true
}

/// Registers `count` users on the server at `port`; their session tokens, or nil.
private func registerBenchUsers(_ count: Int, port: Int) -> [String]? {
    guard let client = KeepAliveHTTPClient(port: port) else { return nil }
    var tokens: [String] = []
    for index in 0..<count {
        let body = Array(#"{"name":"bench\#(index)\#(getpid())","password":"correct horse battery"}"#.utf8)
        let answer = client.request("POST", "/users/register", headers: ["Content-Type: application/json"], body: body)
        guard let object = try? JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any],
              let token = object["token"] as? String else { return nil }
        tokens.append(token)
    }
    return tokens
}

/// Resets the child's peak resident set (`/proc/PID/clear_refs`, 5), so VmHWM measures from now.
private func resetPeakMemory(_ pid: pid_t) {
    guard let file = fopen("/proc/\(pid)/clear_refs", "w") else { return }
    fputs("5", file)
    fclose(file)
}

/// The child's peak resident set (VmHWM) in kB; 0 when unreadable.
private func peakMemoryKilobytes(_ pid: pid_t) -> Int {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
          let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return 0 }
    return Int(line.dropFirst(6).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "") ?? 0
}

