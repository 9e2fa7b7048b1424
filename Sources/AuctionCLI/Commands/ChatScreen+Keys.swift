/// The chat screen's keys: history (Up/Down), scrollback (PgUp/PgDn/End), the line editor, and
/// what a submitted line asks for.
extension ChatScreen {
    /// What a key leaves for the run loop to do.
    enum KeyOutcome {
        /// Hand this request to the sender.
        case send(ChatRequest)
        /// Leave the room and quit.
        case quit
    }

    /// Applies a key (loop task); returns what the run loop must do beyond redrawing.
    func handle(_ key: Key) -> KeyOutcome? {
        switch key {
        case .character("?") where editor.characters.isEmpty:
            show(.notice(ChatCommand.keysText))
        case .up:
            if let line = history.older(than: editor.text) { editor.replace(with: line) }
            redrawInput()
        case .down:
            if let line = history.newer() { editor.replace(with: line) }
            redrawInput()
        case .pageUp:
            let all = ChatRenderer.screenLines(scrollback.entries, width: size.columns, clock: clock, style: style)
            let wasLive = scrollback.isLive
            scrollback.pageUp(page: page, totalLines: all.count)
            if !(wasLive && scrollback.isLive) { repaint() }
        case .pageDown where !scrollback.isLive:
            scrollback.pageDown(page: page)
            repaint()
        case .end where !scrollback.isLive:
            scrollback.toBottom()
            repaint()
        default:
            return edit(key)
        }
        return nil
    }

    /// Screen lines a page moves: the conversation's rows less one, so a line of context stays.
    private var page: Int { max(1, size.rows - 3) }

    private func edit(_ key: Key) -> KeyOutcome? {
        switch editor.handle(key) {
        case .edited:
            redrawInput()
        case .submit(let line):
            history.record(line)
            redrawInput()
            return submitted(line)
        case .interrupt, .endOfInput:
            return .quit
        case .ignored:
            break
        }
        return nil
    }

    private func submitted(_ line: String) -> KeyOutcome? {
        switch ChatCommand(line: line) {
        case .send(let text): return .send(.send(text))
        case .action(let text): return .send(.action(text))
        case .join(let name): return .send(.join(name))
        case .who: return .send(.who)
        case .part, .quit: return .quit
        case .help: show(.notice(ChatCommand.helpText))
        case .usage(let text): show(.notice(text))
        case .unknown(let name): show(.notice(ChatCommand.unknownText(name)))
        case .nothing: break
        }
        return nil
    }
}
