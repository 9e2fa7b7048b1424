/// The terminal control sequences the CLI writes (ECMA-48 / xterm), as strings.
public enum ANSI {
    /// Control Sequence Introducer.
    public static let csi = "\u{1B}["
    /// Switches to the alternate screen (the shell's screen is kept and restored on leaving).
    public static let enterAlternateScreen = "\u{1B}[?1049h"
    /// Returns to the normal screen.
    public static let leaveAlternateScreen = "\u{1B}[?1049l"
    /// Hides the cursor.
    public static let hideCursor = "\u{1B}[?25l"
    /// Shows the cursor.
    public static let showCursor = "\u{1B}[?25h"
    /// Clears the whole screen (the cursor does not move).
    public static let clearScreen = "\u{1B}[2J"
    /// Moves the cursor to the top-left corner.
    public static let home = "\u{1B}[H"
    /// Clears the line the cursor is on.
    public static let clearLine = "\u{1B}[2K"
    /// Clears from the cursor to the end of the line.
    public static let clearToEndOfLine = "\u{1B}[K"
    /// Clears from the cursor to the end of the screen.
    public static let clearToEndOfScreen = "\u{1B}[J"
    /// Resets colours and attributes.
    public static let reset = "\u{1B}[0m"
    /// Green foreground (prices going up).
    public static let green = "\u{1B}[32m"
    /// Red foreground (prices going down).
    public static let red = "\u{1B}[31m"
    /// Bold.
    public static let bold = "\u{1B}[1m"
    /// Dim (faint).
    public static let dim = "\u{1B}[2m"
    /// Reverse video (the status line).
    public static let reverse = "\u{1B}[7m"
    /// Struck through (a retracted bid).
    public static let strikethrough = "\u{1B}[9m"
    /// Saves the cursor position.
    public static let saveCursor = "\u{1B}7"
    /// Restores the saved cursor position.
    public static let restoreCursor = "\u{1B}8"

    /// Moves the cursor to a 1-based row and column.
    public static func moveTo(row: Int, column: Int) -> String {
        column == 1 ? "\u{1B}[\(row)H" : "\u{1B}[\(row);\(column)H"
    }

    /// Moves the cursor to a 1-based column on the current line.
    public static func column(_ column: Int) -> String { "\u{1B}[\(column)G" }

    /// A 24-bit foreground colour.
    public static func foreground(red: UInt8, green: UInt8, blue: UInt8) -> String {
        "\u{1B}[38;2;\(red);\(green);\(blue)m"
    }

    /// A 24-bit background colour.
    public static func background(red: UInt8, green: UInt8, blue: UInt8) -> String {
        "\u{1B}[48;2;\(red);\(green);\(blue)m"
    }

    /// What the CLI writes when it leaves a full-screen view: attributes reset, cursor shown, normal screen.
    public static let restoreScreen = reset + showCursor + leaveAlternateScreen
}
