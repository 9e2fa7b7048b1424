import AuctionFuzzing
import Glibc

/// `auction-fuzz`: the long-running fuzzer (`scripts/fuzz`). Seeded mode by default; built with
/// `-DLIBFUZZER` and the sanitizer flags of `scripts/fuzz --libfuzzer`, libFuzzer drives one target.
@main
enum AuctionFuzz {
    static let usage = """
        usage: auction-fuzz [--seconds N] [--seed S] [--cases N] [--target frame|http|bid|money|keys]
               auction-fuzz --target T --seed S --case N     replay one case (prints its input)
               auction-fuzz --target T --input HEX          run one input
        Runs every target (or one) on generated inputs, seed after seed, for N seconds (default 60).
        A broken invariant or a crash prints the target, seed, case and input, and exits 1.
        """

    static func main() {
        #if LIBFUZZER
        exit(LibFuzzerEntry.run())
        #else
        exit(seeded(Array(CommandLine.arguments.dropFirst())))
        #endif
    }

    private static func seeded(_ arguments: [String]) -> Int32 {
        var options: [String: String] = [:]
        var index = 0
        while index < arguments.count {
            let name = arguments[index]
            guard name.hasPrefix("--"), index + 1 < arguments.count else {
                print(usage)
                return name == "--help" ? 0 : 2
            }
            options[String(name.dropFirst(2))] = arguments[index + 1]
            index += 2
        }
        let targets: [FuzzTarget]
        if let name = options["target"] {
            guard let target = FuzzTarget.named(name) else {
                print("auction-fuzz: no target \(name); targets: \(FuzzTarget.all.map(\.name).joined(separator: ", "))")
                return 2
            }
            targets = [target]
        } else {
            targets = FuzzTarget.all
        }
        if let hex = options["input"] {
            guard let bytes = FuzzCampaign.bytes(hex: hex), let target = targets.first, targets.count == 1 else {
                print("auction-fuzz: --input needs --target and hex bytes")
                return 2
            }
            return report(target.run(bytes), target: target.name)
        }
        var seed = options["seed"].flatMap { UInt64($0) } ?? UInt64.random(in: 0...UInt64.max)
        if let number = options["case"].flatMap({ Int($0) }), let target = targets.first, targets.count == 1 {
            let input = FuzzCampaign(seed: seed).input(of: target, case: number)
            print("input (\(input.count) bytes): \(FuzzCampaign.hex(input))")
            fflush(nil)
            let failure = FuzzCampaign(seed: seed).run(target, cases: number..<(number + 1))
            return report(failure.map(\.message), target: target.name)
        }
        let seconds = options["seconds"].flatMap { Double($0) } ?? 60
        let cases = options["cases"].flatMap { Int($0) } ?? 2_000
        let deadline = now() + seconds
        var total = 0
        print("auction-fuzz: \(targets.map(\.name).joined(separator: ", ")) for \(Int(seconds)) s from seed \(seed)")
        fflush(nil)
        repeat {
            for target in targets {
                if let failure = FuzzCampaign(seed: seed).run(target, cases: 0..<cases) {
                    print(failure)
                    return 1
                }
                total += cases
            }
            seed &+= 1
        } while now() < deadline
        print("auction-fuzz: \(total) cases, no failure (last seed \(seed &- 1))")
        return 0
    }

    private static func report(_ message: String?, target: String) -> Int32 {
        guard let message else {
            print("\(target): no failure")
            return 0
        }
        print("\(target): \(message)")
        return 1
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
