/// Runs the `cli` benchmark suite; returns the process exit status.
func runCLIBenchmark(_ arguments: [String]) -> Int32 {
    print("cli benchmark: not written yet")
    return 1
}
