/// Where the table and the panes go on the terminal: the table alone, the detail pane beside it (wide
/// terminals) or below it (tall ones), the lot's chat under the detail when there is room. At small sizes
/// panes are dropped first (chat, then detail); the table's own columns give way after that.
struct AppLayout: Hashable, Sendable {
    /// A rectangle of the screen, 1-based.
    struct Box: Hashable, Sendable {
        let top: Int
        let left: Int
        let width: Int
        let height: Int
    }

    /// The table's region: from row 1, column 1, this many rows and columns.
    let table: TerminalSize
    /// The detail pane, when shown.
    let detail: Box?
    /// The chat pane (under the detail), when shown.
    let chat: Box?
    /// The column of the separator between a side pane and the table, if any.
    let separatorColumn: Int?
    /// Whether the detail pane is open but the terminal is too small to show it.
    let dropsDetail: Bool

    /// The narrowest terminal on which the pane goes beside the table rather than below it.
    static let sideFrom = 100
    /// The narrowest and widest a side pane is.
    static let sideWidths = 40...64
    /// The fewest rows a pane below the table takes, and the fewest the table keeps above it.
    static let belowPaneRows = 8
    static let belowTableRows = 8
    /// The fewest rows the chat pane takes (its title, two lines, its input); the fewest the detail keeps above it.
    static let chatRows = 5
    static let detailRowsBesideChat = 9

    /// The layout for a terminal of `size`: the table alone unless the detail pane is open; with `chat`, room for it too.
    init(size: TerminalSize, detailOpen: Bool, chat wantsChat: Bool) {
        let rows = max(1, size.rows), columns = max(1, size.columns)
        guard detailOpen else {
            self.init(table: size, detail: nil, chat: nil, separator: nil, drops: false)
            return
        }
        if columns >= AppLayout.sideFrom && rows >= AppLayout.belowPaneRows {
            let width = min(AppLayout.sideWidths.upperBound, max(AppLayout.sideWidths.lowerBound, columns * 2 / 5))
            let tableWidth = columns - width - 1
            let (detail, chat) = AppLayout.split(Box(top: 1, left: tableWidth + 2, width: width, height: rows), chat: wantsChat)
            self.init(table: TerminalSize(rows: rows, columns: tableWidth), detail: detail, chat: chat,
                      separator: tableWidth + 1, drops: false)
        } else if rows >= AppLayout.belowPaneRows + AppLayout.belowTableRows {
            let tableRows = max(AppLayout.belowTableRows, rows * 2 / 5)
            let (detail, chat) = AppLayout.split(Box(top: tableRows + 1, left: 1, width: columns, height: rows - tableRows),
                                                 chat: wantsChat)
            self.init(table: TerminalSize(rows: tableRows, columns: columns), detail: detail, chat: chat, separator: nil, drops: false)
        } else {
            self.init(table: size, detail: nil, chat: nil, separator: nil, drops: true)
        }
    }

    private init(table: TerminalSize, detail: Box?, chat: Box?, separator: Int?, drops: Bool) {
        self.table = table
        self.detail = detail
        self.chat = chat
        separatorColumn = separator
        dropsDetail = drops
    }

    /// A pane's box split into the detail and, when wanted and it leaves the detail its rows, the chat under it.
    private static func split(_ box: Box, chat wantsChat: Bool) -> (Box, Box?) {
        guard wantsChat, box.height >= detailRowsBesideChat + chatRows else { return (box, nil) }
        let chatHeight = max(chatRows, box.height / 3)
        let detail = Box(top: box.top, left: box.left, width: box.width, height: box.height - chatHeight)
        return (detail, Box(top: box.top + detail.height, left: box.left, width: box.width, height: chatHeight))
    }
}
