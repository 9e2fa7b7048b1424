import Glibc

/// Writes bytes to a descriptor completely, retrying short writes and `EINTR` (`write(2)`).
public enum TerminalOutput {
    /// Writes all bytes; returns false if the descriptor failed (e.g. the terminal went away).
    @discardableResult
    public static func write(_ bytes: [UInt8], to fileDescriptor: Int32 = STDOUT_FILENO) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(fileDescriptor, $0.baseAddress, $0.count) }
            if written > 0 {
                offset += written
            } else if written < 0 && (errno == EINTR || errno == EAGAIN) {
                continue
            } else {
                return false
            }
        }
        return true
    }

    /// Writes a string's UTF-8 bytes completely.
    @discardableResult
    public static func write(_ text: String, to fileDescriptor: Int32 = STDOUT_FILENO) -> Bool {
        write(Array(text.utf8), to: fileDescriptor)
    }
}
