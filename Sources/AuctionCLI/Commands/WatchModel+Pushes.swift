import AuctionCore

/// Pushes 7 (end time) and 8 (notification) in `watch`: the countdown that never goes back, the
/// status line, the bell, and the notify command's slot, queue and timeout.
extension WatchModel {
    /// Soft close moved an end: the row and detail count down to the latest end pushed (an earlier or
    /// older one never replaces it) and show how often it was extended.
    mutating func endTimePushed(_ id: ProductID, endsAt: Timestamp, extensions: Int, now: Timestamp) -> [WatchEffect] {
        // Ranges at the edge: an end before 1970 or a negative count is not an end time.
        guard endsAt.millisecondsSinceEpoch > 0, extensions >= 0 else { return [] }
        let known = alerts.extensions[id]
        let latest = WatchAlerts.Extension(endsAt: max(endsAt, known?.endsAt ?? endsAt), count: max(extensions, known?.count ?? 0))
        alerts.extensions[id] = latest
        guard closings[id] == nil, let index = board.rows.firstIndex(where: { $0.id == id }) else { return [] }
        let row = board.rows[index], updated = Self.extended(row, by: latest)
        guard updated != row else { return [] }
        var rows = board.rows
        rows[index] = updated
        board.replace(with: rows)
        if interactive { return render(now) }
        if json { return [.write(WatchJSON.endTime(updated, at: now))] }
        let end = updated.endsAt.map { clock.dateTime($0) } ?? ""
        return [.notice("\(id) \(TerminalText.sanitized(updated.name)) now ends \(end) (extended \(updated.extensions)×)")]
    }

    /// The product with the later of its end and the pushed one, and the larger extension count.
    static func extended(_ product: Product, by pushed: WatchAlerts.Extension) -> Product {
        var copy = product
        copy.endsAt = copy.endsAt.map { max($0, pushed.endsAt) } ?? pushed.endsAt
        copy.extensions = max(copy.extensions, pushed.count)
        return copy
    }

    /// Applies the pushed end times again over reloaded products (which may predate the pushes).
    mutating func reapplyExtensions() {
        guard !alerts.extensions.isEmpty else { return }
        board.replace(with: board.rows.map { row in alerts.extensions[row.id].map { Self.extended(row, by: $0) } ?? row })
    }

    /// A notification: the status line (a JSON line or standard error when not full-screen), the bell,
    /// the notify command. A repeated id (a replay) is ignored.
    mutating func notified(_ notice: AuctionNotification, now: Timestamp) -> [WatchEffect] {
        guard !alerts.seenIDs.contains(notice.id) else { return [] }
        alerts.seenIDs.append(notice.id)
        if alerts.seenIDs.count > WatchAlerts.rememberedIDs { alerts.seenIDs.removeFirst() }
        let text = NotificationText.line(notice)
        if notice.kind == .outbid { standings[notice.productID] = .outbid }
        var effects: [WatchEffect] = []
        if json {
            effects.append(.write(WatchJSON.notification(notice, text: text, at: now)))
        } else if interactive {
            message = text
        } else {
            effects.append(.notice(text))
        }
        if alerts.bell { effects.append(.write([0x07])) }
        effects += queueCommand(for: notice, now: now)
        return effects + render(now)
    }

    /// Starts the notify command for `notice`, or queues it while one runs (drops it, counted, when full).
    private mutating func queueCommand(for notice: AuctionNotification, now: Timestamp) -> [WatchEffect] {
        guard alerts.runsCommand else { return [] }
        guard alerts.commandStartedAt != nil else {
            alerts.commandStartedAt = now
            alerts.killRequested = false
            return [.runNotifyCommand(notice)]
        }
        guard alerts.queue.count < WatchAlerts.queueLimit else {
            alerts.dropped += 1
            return report("notify command busy: \(alerts.dropped) notification" + (alerts.dropped == 1 ? "" : "s") + " dropped")
        }
        alerts.queue.append(notice)
        return []
    }

    /// The notify command ended: a failure is reported (not the timeout's kill, already reported), and
    /// the next queued notification starts.
    mutating func notifyCommandFinished(_ result: NotifyCommandResult, now: Timestamp) -> [WatchEffect] {
        guard alerts.commandStartedAt != nil else { return [] }
        let killed = alerts.killRequested
        alerts.commandStartedAt = nil
        alerts.killRequested = false
        var effects: [WatchEffect] = []
        if !killed, let failure = Self.failure(result) { effects += report("notify command " + failure) }
        if !alerts.queue.isEmpty {
            alerts.commandStartedAt = now
            effects.append(.runNotifyCommand(alerts.queue.removeFirst()))
        }
        return effects + render(now)
    }

    /// On every tick: a notify command running for 5 s or more is killed (once) and reported.
    mutating func checkNotifyDeadline(now: Timestamp) -> [WatchEffect] {
        guard let started = alerts.commandStartedAt, !alerts.killRequested,
              now.millisecondsSinceEpoch &- started.millisecondsSinceEpoch >= WatchAlerts.commandTimeoutMilliseconds else { return [] }
        alerts.killRequested = true
        return [.stopNotifyCommand] + report("notify command killed after \(WatchAlerts.commandTimeoutMilliseconds / 1000) s")
    }

    /// `exited with status 3`, `ended by signal 15`, `could not start: …`; nil for a clean exit.
    static func failure(_ result: NotifyCommandResult) -> String? {
        switch result {
        case .exited(0): nil
        case .exited(let status): "exited with status \(status)"
        case .signalled(let signal): "ended by signal \(signal)"
        case .couldNotStart(let reason): "could not start: " + reason
        }
    }

    /// A note for the status line when full-screen (painted by the render that follows), else standard error.
    private mutating func report(_ text: String) -> [WatchEffect] {
        guard interactive else { return [.notice(text)] }
        message = text
        return []
    }
}

extension WatchModel {
    /// Push 11: the server's word on where the user stands on a lot (whichever terminal or node bid), or
    /// that their login ended (logged out, suspended): then no standing is shown any more.
    mutating func standingChanged(_ change: StandingChange, now: Timestamp) -> [WatchEffect] {
        switch change {
        case .lot(let id, let standing, _):
            standings[id] = standing
        case .loginEnded(_, let text):
            standings = [:]
            let words = "no longer logged in" + (text.isEmpty ? "" : ": " + TerminalText.sanitized(text))
            guard interactive else { return json ? [] : [.notice(words)] }
            message = words
        }
        return render(now)
    }
}
