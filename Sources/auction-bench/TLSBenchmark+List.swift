// `auction list` to its first page over HTTPS and TLS, beside plain HTTP, in one run (the `tls` suite).
#if canImport(Glibc)
import Glibc
#endif

/// Spawns the release `auction list` `runs` times each way, alternating: over `https://` and `tls://`
/// trusting `caFile` (every run a new process, so a full handshake), and over plain `http://`. Prints
/// the medians (spawn to the whole first page on stdout) and their ratio; false when a run failed.
func measureListOverHTTPS(https: Int, tlsSocket: Int, http: Int, plainSocket: Int, caFile: String, runs: Int) -> Bool {
    let auction = executableDirectory() + "/auction"
    guard access(auction, X_OK) == 0 else {
        print("list: \(auction) not found (build the `auction` product)")
        return false
    }
    let secured = ["--http", "https://127.0.0.1:\(https)", "--socket", "tls://127.0.0.1:\(tlsSocket)", "--ca-file", caFile, "list"]
    let plain = ["--http", "http://127.0.0.1:\(http)", "--socket", "127.0.0.1:\(plainSocket)", "list"]
    var times: [Bool: [Int64]] = [false: [], true: []]
    for run in 0...runs {
        for overTLS in [false, true] {
            guard let time = timeFirstPage(auction, overTLS ? secured : plain) else {
                print("list: a run \(overTLS ? "over HTTPS" : "over HTTP") failed")
                return false
            }
            if run > 0 { times[overTLS, default: []].append(time) }  // run 0 warms up
        }
    }
    print("")
    print("`auction list` (release binary, a new process each run) from spawn to the first page printed, \(runs) runs each way, alternating")
    for overTLS in [false, true] {
        let sorted = (times[overTLS] ?? []).sorted()
        print(pad(overTLS ? "HTTPS" : "HTTP", 8) + "median \(milli(sorted[sorted.count / 2]))  min \(milli(sorted.first ?? 0))  max \(milli(sorted.last ?? 0))")
    }
    let plainMedian = medianOf((times[false] ?? []).map(Double.init)), tlsMedian = medianOf((times[true] ?? []).map(Double.init))
    print("HTTPS / HTTP \(format(plainMedian > 0 ? tlsMedian / plainMedian : 0, 2)); target: HTTPS under 100 ms")
    return true
}
