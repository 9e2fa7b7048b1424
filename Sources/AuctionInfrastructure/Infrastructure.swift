#if canImport(Glibc)
import Glibc
#endif

/// The Infrastructure layer's version of the wire protocol it speaks.
public enum WireProtocol {
    /// The splitter that ends every frame on the socket (`/`).
    public static let splitter: UInt8 = 0x2F
}
