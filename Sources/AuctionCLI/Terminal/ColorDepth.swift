/// How many colours the terminal can show, from the environment: 24-bit only when `COLORTERM`
/// says `truecolor` or `24bit`; 256 when `TERM` names a 256-colour terminal; otherwise the 16 ANSI colours.
public enum ColorDepth: Hashable, Sendable {
    /// 24-bit colour (`ESC[38;2;r;g;bm`).
    case trueColor
    /// The xterm 256-colour palette (`ESC[38;5;nm`).
    case palette256
    /// The 16 ANSI colours (`ESC[30–37m`, `ESC[90–97m`).
    case basic16

    /// The depth the environment announces (`COLORTERM`, `TERM`).
    public init(environment: [String: String]) {
        let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
        let term = environment["TERM"]?.lowercased() ?? ""
        if colorTerm == "truecolor" || colorTerm == "24bit" {
            self = .trueColor
        } else if term.hasSuffix("256color") || term.contains("256color-") {
            self = .palette256
        } else {
            self = .basic16
        }
    }
}
