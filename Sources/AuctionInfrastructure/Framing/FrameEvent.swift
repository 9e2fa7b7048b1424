/// What the decoder found next in the byte stream.
public enum FrameEvent: Hashable, Sendable {
    /// A well-formed frame.
    case frame(Frame)
    /// A frame that could not be read; it was skipped and decoding goes on.
    case malformed(FramingError)
    /// The stream cannot be decoded further; the owner should send an error frame and close.
    case fatal(FramingError)
}
