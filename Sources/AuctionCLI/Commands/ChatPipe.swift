import AuctionCore
import AuctionData
import AuctionInfrastructure
import Glibc

/// `auction chat` without a terminal: every stdin line is sent, every message printed as one line
/// (`[HH:MM:SS] alice: text`, an action `[HH:MM:SS] * alice waves`, newlines inside a message shown
/// as spaces); notices go to stderr. Lines are sent as they are: `/me` is text here, as any `/`.
/// At the end of stdin it waits (a few seconds at most) until its own last message came back.
struct ChatPipe {
    let room: SocketChatRoom
    let login: LoginCredential
    let console: Console

    /// Chats until stdin ends; false when a line was refused or not sent (the command then exits 1).
    func run(events: AsyncStream<ChatEvent>) async -> Bool {
        let console = self.console
        let clock = TimeOfDay.local()
        let printed = Mutex<Int64>(0)
        let (requests, requestInput) = AsyncStream.makeStream(of: ChatRequest.self)
        let printer = Task {
            var wasDown = false
            for await event in events {
                switch event {
                case .message(let message):
                    console.print(ChatRenderer.format(ChatEntry(message), clock: clock))
                    printed.withLock { $0 = max($0, message.sequence) }
                case .presence(let presence):
                    console.print(ChatRenderer.format(.presence(user: presence.user, joined: presence.event == .join, time: presence.time), clock: clock))
                case .lot(let event):
                    console.print(ChatRenderer.format(.lot(event), clock: clock))
                case .connection(.reconnecting):
                    if !wasDown { console.errors.write("auction: connection lost; reconnecting…\n") }
                    wasDown = true
                case .connection(.connected):
                    if wasDown { console.errors.write("auction: reconnected\n") }
                    wasDown = false
                case .connection:
                    break
                }
            }
        }
        let signals = SignalInput { _ in requestInput.finish() }
        Self.readLines(into: requestInput)
        let (last, failed) = await ChatSender.run(requests, room: room, login: login) { text in
            console.errors.write("auction: \(text)\n")
        }
        signals.stop()
        if let last {
            let deadline = MonotonicClock.milliseconds() + 5_000
            while printed.withLock({ $0 }) < last && MonotonicClock.milliseconds() < deadline {
                try? await Task.sleep(nanoseconds: 10_000_000)
            }
        }
        printer.cancel()
        return !failed
    }

    /// Reads stdin on a thread of its own (blocking reads stay off Swift's cooperative threads).
    private static func readLines(into input: AsyncStream<ChatRequest>.Continuation) {
        // Never joined: a read blocked on a terminal that never ends must not hold up the exit.
        WorkerThread(name: "auction-stdin").submit {
            while let line = readLine(strippingNewline: true) {
                // A blank or whitespace-only line is not a message.
                guard line.contains(where: { !$0.isWhitespace }) else { continue }
                input.yield(.send(line))
            }
            input.finish()
        }
    }
}
