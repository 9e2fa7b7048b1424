import AuctionInfrastructure

/// Drafts parked by the loop until the writer thread takes them, so one transaction stores every
/// notice decided meanwhile.
final class NotificationInbox: Sendable {
    private struct State {
        var drafts: [NotificationDraft] = []
        var scheduled = false
    }

    private let state = Mutex(State())

    /// Parks drafts; true when the caller must schedule the job that takes them.
    func park(_ drafts: [NotificationDraft]) -> Bool {
        state.withLock { state in
            state.drafts.append(contentsOf: drafts)
            defer { state.scheduled = true }
            return !state.scheduled
        }
    }

    /// Takes everything parked; the next `park` schedules a new job.
    func takeAll() -> [NotificationDraft] {
        state.withLock { state in
            state.scheduled = false
            let taken = state.drafts
            state.drafts.removeAll(keepingCapacity: true)
            return taken
        }
    }

    /// Notes that the scheduled job could not be queued (the drafts go with the next one).
    func unschedule() {
        state.withLock { $0.scheduled = false }
    }
}
