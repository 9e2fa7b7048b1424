import Glibc

/// The process's own environment and files, without Foundation (`environ`, `open`/`read`).
public enum ProcessEnvironment {
    /// This process's environment variables (`environ`), name → value.
    public static func current() -> [String: String] {
        var environment: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                environment[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        return environment
    }

    /// The whole file at `path` as UTF-8 text; `EILSEQ` when it is not valid UTF-8.
    public static func readTextFile(_ path: String) throws(Errno) -> String {
        let fd = try Syscall.retryingOnInterrupt { open(path, O_RDONLY | O_CLOEXEC) }
        defer { Syscall.close(fd) }
        var bytes: [UInt8] = []
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65_536, alignment: 1)
        defer { buffer.deallocate() }
        while true {
            let count = try Syscall.read(fd, into: buffer)
            if count == 0 { break }
            bytes += buffer[0..<count]
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw Errno(rawValue: EILSEQ) }
        return text
    }
}
