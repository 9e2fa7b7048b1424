extension MetricsPage {
    /// The families every exporter has: the process's CPU, memory, descriptors and start time, and
    /// `auction_build_info` with the version `--version` prints.
    func renderProcess(_ page: inout MetricsText, _ process: ProcessStatistics = .read()) {
        page.family("auction_build_info", .gauge, help: "Always 1; its label is the server's version.")
        page.sample("auction_build_info", [("version", ServerVersion.current)], 1)
        if let seconds = process.cpuSeconds {
            page.family("process_cpu_seconds_total", .counter, help: "User and system CPU time spent, in seconds.")
            page.sample("process_cpu_seconds_total", seconds: seconds)
        }
        if let bytes = process.residentBytes {
            page.family("process_resident_memory_bytes", .gauge, help: "Resident memory size in bytes.")
            page.sample("process_resident_memory_bytes", bytes)
        }
        if let open = process.openDescriptors {
            page.family("process_open_fds", .gauge, help: "Open file descriptors.")
            page.sample("process_open_fds", open)
        }
        if let maximum = process.maximumDescriptors {
            page.family("process_max_fds", .gauge, help: "The most open file descriptors allowed (the soft limit).")
            page.sample("process_max_fds", maximum)
        }
        if let started = process.startTimeSeconds {
            page.family("process_start_time_seconds", .gauge, help: "When the process started, in seconds since the Unix epoch.")
            page.sample("process_start_time_seconds", seconds: started)
        }
    }
}
