@testable import AuctionCLI

/// A terminal in memory for tests: applies what the watch writes (cursor moves, clears, text; colours
/// ignored) to rows of cells, so a test reads the screen as a user would see it, however few bytes
/// a change was written with.
struct VirtualScreen {
    private(set) var cells: [[Character]]
    private var row = 0, column = 0

    /// A blank screen of `rows` × `columns`.
    init(rows: Int = 24, columns: Int = 100) {
        cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
    }

    /// Row `number` (from 1) as text, without trailing spaces.
    func row(_ number: Int) -> String {
        String(String(cells[number - 1]).reversed().drop { $0 == " " }.reversed()).replacingOccurrences(of: "\u{0}", with: "")
    }

    /// Every row, joined by newlines.
    var text: String { (1...cells.count).map(row).joined(separator: "\n") }

    /// Applies bytes written to the terminal.
    mutating func apply(_ bytes: [UInt8]) {
        var characters = Array(String(decoding: bytes, as: UTF8.self))[...]
        while let character = characters.popFirst() {
            guard character == "\u{1B}" else { put(character); continue }
            guard characters.first == "[" else { characters = characters.dropFirst(); continue }
            characters = characters.dropFirst()
            var parameters = ""
            while let next = characters.first, !(next.isLetter) { parameters.append(next); characters = characters.dropFirst() }
            guard let command = characters.popFirst() else { return }
            let numbers = parameters.split(separator: ";").map { Int($0) ?? 1 }
            switch command {
            case "H":
                row = max(0, (numbers.first ?? 1) - 1)
                column = max(0, (numbers.count > 1 ? numbers[1] : 1) - 1)
            case "G": column = max(0, (numbers.first ?? 1) - 1)
            case "C": column += max(1, numbers.first ?? 1)
            case "K": if row < cells.count { for index in column..<cells[row].count { cells[row][index] = " " } }
            case "J" where parameters == "2":
                cells = cells.map { Array(repeating: " ", count: $0.count) }
            default: break  // colours, cursor visibility, the alternate screen
            }
        }
    }

    /// Applies every write among `effects`.
    mutating func apply(_ effects: [WatchEffect]) {
        for case .write(let bytes) in effects { apply(bytes) }
    }

    private mutating func put(_ character: Character) {
        guard row < cells.count, column < cells[row].count else { return }
        cells[row][column] = character
        let width = TerminalText.width(of: character)
        if width == 2, column + 1 < cells[row].count { cells[row][column + 1] = "\u{0}" }
        column += max(1, width)
    }
}
