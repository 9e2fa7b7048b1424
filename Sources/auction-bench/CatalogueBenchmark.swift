// The `catalogue` suite: a generated catalogue of 100,000 lots in a fresh SQLite file, the release
// `auction-server` binary started on it as a child process, and `GET /products/query` timed over HTTP
// from here: ranked searches and filtered, sorted pages (cursors followed), plus the server's RSS.
#if canImport(Glibc)
import Glibc
#endif
import AuctionInfrastructure
import AuctionServer

/// Runs the catalogue benchmark (`--lots N`, default 100,000; `--queries N` per kind, default 300;
/// `--keep FILE`: write the catalogue there and keep it, or reuse the file when it exists; `--server PATH`:
/// another `auction-server` binary than the one beside this, e.g. main's, for before/after figures;
/// `--row-budget N`: the server's `query_row_budget`, e.g. 1000000 for a walk without a budget).
func runCatalogueBenchmark(_ arguments: [String]) -> Int32 {
    var lots = 100_000, queries = 300
    var kept: String?
    var binary = siblingBinary("auction-server")
    var settings: [String] = []
    var index = 0
    while index < arguments.count {
        guard index + 1 < arguments.count, ["--lots", "--queries", "--keep", "--server", "--row-budget"].contains(arguments[index]) else {
            print("usage: auction-bench catalogue [--lots N] [--queries N] [--keep FILE] [--server PATH] [--row-budget N]")
            return 2
        }
        let value = arguments[index + 1]
        switch arguments[index] {
        case "--keep": kept = value
        case "--server": binary = value
        case "--row-budget": settings.append("AUCTION_SERVER_QUERY_ROW_BUDGET=" + value)
        case let name:
            guard let number = Int(value), number > 0 else {
                print("catalogue: \(name) takes a positive whole number")
                return 2
            }
            if name == "--lots" { lots = number } else { queries = number }
        }
        index += 2
    }
    let directory = "/tmp/auction-bench-catalogue-\(getpid())"
    guard mkdir(directory, 0o700) == 0 else {
        print("catalogue: cannot create \(directory)")
        return 1
    }
    defer { removeDirectory(directory) }
    let databasePath = kept ?? directory + "/catalogue.sqlite"
    let generator = CatalogueGenerator(count: lots, now: wallClockMilliseconds())
    if kept != nil && access(databasePath, F_OK) == 0 {
        print("catalogue: reusing \(databasePath) (\(fileKilobytes(databasePath) / 1_024) MB)")
    } else {
        let generating = catalogueBenchSeconds()
        let distinctWords: Int
        do throws(StoreError) {
            distinctWords = try generator.write(to: databasePath)
        } catch {
            print("catalogue: could not write the catalogue: \(error)")
            return 1
        }
        print("catalogue: \(lots) lots, \(distinctWords) distinct words, \(generator.sellers) sellers, written in "
              + "\(format(catalogueBenchSeconds() - generating, 1)) s (\(fileKilobytes(databasePath) / 1_024) MB file)")
    }
    let starting = catalogueBenchSeconds()
    guard let server = CatalogueServerProcess(binary: binary, databasePath: databasePath, directory: directory, settings: settings) else {
        print("catalogue: \(binary) did not start; its log:")
        system("cat \(directory)/server.log")
        return 1
    }
    defer { server.stop() }
    let rssLoaded = server.residentKilobytes ?? 0
    print("catalogue: auction-server (pid \(server.pid)) listening after \(format(catalogueBenchSeconds() - starting, 2)) s, "
          + "VmRSS \(rssLoaded / 1_024) MB")
    guard let client = KeepAliveHTTPClient(port: server.httpPort) else {
        print("catalogue: cannot connect to the server")
        return 1
    }
    let kinds = CatalogueQueryMix(sellers: generator.sellerNames).kinds
    print(pad("kind", 34) + pad("n", 7) + pad("p50 ms", 9) + pad("p99 ms", 9) + pad("max ms", 9) + pad("rows/page", 11)
          + "server CPU ms/request")
    var search: [Double] = [], filtered: [Double] = []
    for kind in kinds {
        let cpuBefore = server.cpuMilliseconds ?? 0
        guard let timing = measure(kind, samples: queries, client: client) else { return 1 }
        // Includes the untimed first pass over the kind's targets (a few requests), so slightly high.
        let cpu = ((server.cpuMilliseconds ?? 0) - cpuBefore) / Double(timing.times.count)
        print(pad(kind.name, 34) + pad("\(timing.times.count)", 7) + pad(format(percentile(timing.times, 0.5), 2), 9)
              + pad(format(percentile(timing.times, 0.99), 2), 9) + pad(format(timing.times.max() ?? 0, 2), 9)
              + pad(format(timing.rowsPerPage, 1), 11) + format(cpu, 2))
        if kind.isSearch { search += timing.times } else { filtered += timing.times }
    }
    print(pad("all searches", 34) + pad("\(search.count)", 7) + pad(format(percentile(search, 0.5), 2), 9)
          + pad(format(percentile(search, 0.99), 2), 9) + "(target p99 < 10 ms)")
    print(pad("all filtered + sorted pages", 34) + pad("\(filtered.count)", 7) + pad(format(percentile(filtered, 0.5), 2), 9)
          + pad(format(percentile(filtered, 0.99), 2), 9) + "(target p99 < 10 ms)")
    print("catalogue: VmRSS after loading \(rssLoaded / 1_024) MB, after the queries \((server.residentKilobytes ?? 0) / 1_024) MB"
          + " (target < 200 MB)")
    return 0
}

/// Times `samples` requests of `kind` (its targets in turn, each followed through its cursors), after one untimed pass.
private func measure(_ kind: CatalogueQueryMix.Kind, samples: Int, client: KeepAliveHTTPClient) -> (times: [Double], rowsPerPage: Double)? {
    var times: [Double] = [], rows = 0, pages = 0
    var warm = false, turn = 0
    while times.count < samples {
        if turn == kind.targets.count { turn = 0; warm = true }
        var target: String? = kind.targets[turn]
        turn += 1
        var depth = 0
        while let page = target, depth <= kind.pagesDeep, !warm || times.count < samples {
            let start = catalogueBenchSeconds()
            let answer = client.get(page)
            let elapsed = (catalogueBenchSeconds() - start) * 1_000
            guard answer.status == 200, let json = try? JSONValue.parse(answer.body) else {
                print("catalogue: \(kind.name): \(page) answered \(answer.status): \(String(decoding: answer.body.prefix(200), as: UTF8.self))")
                return nil
            }
            if warm {
                times.append(elapsed)
                if case .array(let products)? = json["products"] { rows += products.count }
                pages += 1
            }
            let cursor = json["next_cursor"]?.stringValue
            target = cursor.map { kind.targets[turn - 1] + "&cursor=" + $0 }
            depth += 1
        }
    }
    return (times, pages == 0 ? 0 : Double(rows) / Double(pages))
}

/// The value below which `fraction` of `values` lie (nearest rank).

/// Monotonic seconds.
func catalogueBenchSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// Milliseconds since the epoch (the lots' times are wall-clock times, as the server's are).
private func wallClockMilliseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Int64(now.tv_sec) * 1_000 + Int64(now.tv_nsec) / 1_000_000
}

/// The path of `name` beside this executable (the release build's directory).
func siblingBinary(_ name: String) -> String {
    executableDirectory() + "/" + name
}

private func fileKilobytes(_ path: String) -> Int {
    var info = stat()
    return stat(path, &info) == 0 ? Int(info.st_size) / 1_024 : 0
}

/// Removes the bench's directory and the files in it (no subdirectories are made).
private func removeDirectory(_ path: String) {
    guard let directory = opendir(path) else { return }
    while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
        if name != "." && name != ".." { unlink(path + "/" + name) }
    }
    closedir(directory)
    rmdir(path)
}
