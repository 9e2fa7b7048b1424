#if LIBFUZZER
import AuctionFuzzing
import Glibc

/// libFuzzer's driver (from `libclang_rt.fuzzer_no_main`), given our own `main`.
@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// Runs libFuzzer on the target named by `AUCTION_FUZZ_TARGET` (default `frame`); a broken
/// invariant traps, so libFuzzer saves the input as a crash file.
enum LibFuzzerEntry {
    nonisolated(unsafe) static var target = FuzzTarget.frames

    static func run() -> Int32 {
        if let name = getenv("AUCTION_FUZZ_TARGET").map({ String(cString: $0) }), let chosen = FuzzTarget.named(name) {
            target = chosen
        }
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        return runDriver(&argc, &argv) { data, count in
            let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
            if let message = LibFuzzerEntry.target.run(bytes) {
                let line = Array("auction-fuzz: \(LibFuzzerEntry.target.name): \(message)\n".utf8)
                _ = write(2, line, line.count)
                abort()
            }
            return 0
        }
    }
}
#endif
