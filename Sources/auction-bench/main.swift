// `auction-bench <suite>`: release-build benchmarks; run through `scripts/bench`.
#if canImport(Glibc)
import Glibc
#endif

let suites: [String: ([String]) -> Int32] = [
    "codec": runCodecBenchmark,
    "server": runServerBenchmark,
    "cli": runCLIBenchmark,
    "image": runImageBenchmark,
    "proxy": runProxyBenchmark,
    "sell": runSellBenchmark,
    "catalogue": runCatalogueBenchmark,
    "cluster": runClusterBenchmark,
    "locked": runLockedTableBenchmark,
    "lotlog": runLotLogBenchmark,
    "tls": runTLSBenchmark,
    "tls-flood": runTLSFloodBenchmark,
]
let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first, let suite = suites[name] else {
    print("usage: auction-bench <\(suites.keys.sorted().joined(separator: "|"))> [options]")
    exit(2)
}
exit(suite(Array(arguments.dropFirst())))
