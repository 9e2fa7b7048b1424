/// A key press decoded from terminal input.
public enum Key: Hashable, Sendable {
    /// A printable character (letters, digits, Hangul, emoji, space).
    case character(Character)
    /// Enter / Return.
    case enter
    /// Backspace (DEL or Ctrl-H).
    case backspace
    /// Delete (the key to the right of the cursor).
    case delete
    /// Ctrl-U: clear the line.
    case clearLine
    /// Ctrl-C.
    case interrupt
    /// Ctrl-D.
    case endOfInput
    /// Escape on its own.
    case escape
    /// Tab.
    case tab
    /// Arrow up.
    case up
    /// Arrow down.
    case down
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Home.
    case home
    /// End.
    case end
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// Another control key or escape sequence (ignored by the views).
    case other
}
