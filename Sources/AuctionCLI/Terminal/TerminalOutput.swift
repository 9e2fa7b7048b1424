import AuctionInfrastructure
import Glibc

/// Writes bytes to a descriptor completely (`FileDescriptor.writeAll`: short writes, `EINTR`, `EAGAIN`).
public enum TerminalOutput {
    /// Writes all bytes; returns false if the descriptor failed (e.g. the terminal went away).
    @discardableResult
    public static func write(_ bytes: [UInt8], to fileDescriptor: Int32 = STDOUT_FILENO) -> Bool {
        (try? FileDescriptor(rawValue: fileDescriptor).writeAll(bytes)) != nil
    }

    /// Writes a string's UTF-8 bytes completely.
    @discardableResult
    public static func write(_ text: String, to fileDescriptor: Int32 = STDOUT_FILENO) -> Bool {
        write(Array(text.utf8), to: fileDescriptor)
    }
}
