/// What a TLS listener tells a client that speaks plaintext to it, told apart by the connection's
/// first byte before any TLS work: a TLS client always starts with a handshake record (`0x16`), so a
/// first byte in `firstBytes` (an HTTP method's capitals, an auction frame's `{`) is plaintext. Such a
/// client gets `answer`, then the connection closes; any other byte goes on to the handshake.
public struct PlaintextAnswer: Sendable, Hashable {
    /// First bytes that mark plaintext of the protocol served.
    public var firstBytes: Set<UInt8>
    /// The bytes sent back, in the plaintext protocol, before closing.
    public var answer: [UInt8]

    /// Answers `answer` to a client whose first byte is in `firstBytes` (never `0x16`, a TLS record).
    public init(firstBytes: Set<UInt8>, answer: [UInt8]) {
        self.firstBytes = firstBytes.subtracting([0x16])
        self.answer = answer
    }

    /// The first byte of an HTTP request line: a method's first capital letter.
    public static let httpMethodLetters = Set(UInt8(ascii: "A")...UInt8(ascii: "Z"))

    /// Whether `byte`, a connection's first, is plaintext this answer is for.
    func matches(_ byte: UInt8) -> Bool { firstBytes.contains(byte) }
}
