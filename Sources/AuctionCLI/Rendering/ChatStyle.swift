/// How the chat screen dresses messages: colour (off with `NO_COLOR` or `--no-color`) and whose are yours.
public struct ChatStyle: Hashable, Sendable {
    /// Whether names are coloured.
    public var color: Bool
    /// Your own name: your messages are marked `(you)` (and bold when coloured).
    public var ownName: String?

    /// Creates a style; the default is plain with no own name.
    public init(color: Bool = false, ownName: String? = nil) {
        self.color = color
        self.ownName = ownName
    }
}
