/// Runs the `server` benchmark suite; returns the process exit status.
func runServerBenchmark(_ arguments: [String]) -> Int32 {
    print("server benchmark: not written yet")
    return 1
}
