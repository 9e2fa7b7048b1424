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
    /// Ctrl-U: clear the line (in the chat: delete back to the start).
    case clearLine
    /// Ctrl-A: to the start of the line.
    case lineStart
    /// Ctrl-E: to the end of the line.
    case lineEnd
    /// Ctrl-W or Alt-Backspace: delete the word before the cursor.
    case deleteWordBack
    /// Alt-B: back one word.
    case wordBack
    /// Alt-F: forward one word.
    case wordForward
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
