import AuctionInfrastructure
import Glibc

/// This process as every exporter reports it (`process_*`), read from `/proc` at scrape time with
/// plain syscalls: CPU time and start time from `/proc/self/stat`, resident memory from
/// `/proc/self/statm`, open descriptors from `/proc/self/fd`, their limit from `getrlimit`. A field
/// that cannot be read is nil and its family is left off the page.
struct ProcessStatistics {
    /// User and system CPU time, in seconds.
    var cpuSeconds: Double?
    /// Resident memory, in bytes.
    var residentBytes: Int?
    /// Descriptors open now (not counting the one opened to count them).
    var openDescriptors: Int?
    /// The soft limit of open descriptors.
    var maximumDescriptors: Int?
    /// When the process started, in seconds since the Unix epoch.
    var startTimeSeconds: Double?

    /// Reads them now.
    static func read() -> ProcessStatistics {
        var statistics = ProcessStatistics()
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        // Fields after the command name (which may hold spaces and parentheses): state is field 3, so
        // utime (14), stime (15) and starttime (22) are at 11, 12 and 19 here.
        if ticks > 0, let stat = readSmallFile("/proc/self/stat"), let close = stat.lastIndex(of: UInt8(ascii: ")")) {
            let fields = stat[(close + 1)...].split(separator: UInt8(ascii: " ")).map { Int(String(decoding: $0, as: UTF8.self)) }
            if fields.count > 19, let user = fields[11], let system = fields[12] {
                statistics.cpuSeconds = Double(user + system) / ticks
            }
            if fields.count > 19, let started = fields[19], let boot = bootTime {
                statistics.startTimeSeconds = Double(boot) + Double(started) / ticks
            }
        }
        if let statm = readSmallFile("/proc/self/statm") {
            let fields = statm.split(separator: UInt8(ascii: " ")).map { Int(String(decoding: $0, as: UTF8.self)) }
            if fields.count > 1, let pages = fields[1] { statistics.residentBytes = pages * Int(sysconf(Int32(_SC_PAGESIZE))) }
        }
        statistics.openDescriptors = countOpenDescriptors()
        let limit = ProcessLimits.openFileLimit()
        statistics.maximumDescriptors = limit > 0 ? limit : nil
        return statistics
    }

    /// When the machine booted, read once (`/proc/stat` is long and this never changes).
    private static let bootTime = bootTimeSeconds()

    /// The `btime` line of `/proc/stat`: when the machine booted, in seconds since the epoch.
    private static func bootTimeSeconds() -> Int? {
        guard let text = readSmallFile("/proc/stat", limit: 1 << 20) else { return nil }
        for line in text.split(separator: UInt8(ascii: "\n")) where line.starts(with: Array("btime ".utf8)) {
            return Int(String(decoding: line.dropFirst(6), as: UTF8.self))
        }
        return nil
    }

    /// The entries of `/proc/self/fd` but `.`, `..` and the directory's own descriptor.
    private static func countOpenDescriptors() -> Int? {
        guard let directory = opendir("/proc/self/fd") else { return nil }
        defer { closedir(directory) }
        var count = 0
        // Only the name's first byte is read: a record is as long as its name, so copying the whole
        // `dirent` (its 256-byte name) can read past the end of the directory buffer (it crashed a scrape).
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 19
        while let entry = readdir(directory) {
            let isDot = UnsafeRawPointer(entry).load(fromByteOffset: nameOffset, as: UInt8.self) == UInt8(ascii: ".")
            if !isDot { count += 1 }
        }
        return max(0, count - 1)
    }

    /// A `/proc` file's bytes (read to its end, at most `limit`), or nil when it cannot be opened.
    private static func readSmallFile(_ path: String, limit: Int = 64 << 10) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while bytes.count < limit {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return bytes
    }
}
