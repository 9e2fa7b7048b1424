/// Runs the `codec` benchmark suite; returns the process exit status.
func runCodecBenchmark(_ arguments: [String]) -> Int32 {
    print("codec benchmark: not written yet")
    return 1
}
