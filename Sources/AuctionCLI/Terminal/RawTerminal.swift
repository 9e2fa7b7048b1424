import Glibc

/// Puts a terminal into raw mode (no echo, no line buffering, keys byte by byte) and guarantees it is
/// restored: by `restore()`, at process exit, and on SIGINT, SIGTERM, SIGHUP and SIGQUIT.
///
/// Only one raw session can be active per process (the signal handlers need a process-wide copy of
/// the saved settings). The signals belong to `SignalOwner`: when no `SignalInput` catches one, it
/// restores the terminal and then re-raises the signal with its default action (so the process still ends).
/// Not `Sendable`: enter and restore from the thread that owns the terminal.
public final class RawTerminal {
    /// The terminal's descriptor (stdin by default).
    public let fileDescriptor: Int32
    private var active = true

    /// Why raw mode could not be entered.
    public enum Failure: Error, Hashable, Sendable {
        /// The descriptor is not a terminal.
        case notATerminal
        /// `tcgetattr`/`tcsetattr` failed with this errno.
        case systemCall(Int32)
        /// Another raw session is already active.
        case alreadyActive
    }

    /// Enters raw mode on `fileDescriptor`; `leaveSequence` (e.g. `ANSI.restoreScreen`) is written to
    /// `outputDescriptor` when the terminal is restored, however that happens.
    public init(fileDescriptor: Int32 = STDIN_FILENO, outputDescriptor: Int32 = STDOUT_FILENO, leaveSequence: String = ANSI.restoreScreen) throws(Failure) {
        guard isatty(fileDescriptor) == 1 else { throw .notATerminal }
        var original = termios()
        guard tcgetattr(fileDescriptor, &original) == 0 else { throw .systemCall(errno) }
        guard RawTerminalState.install(fd: fileDescriptor, outputFD: outputDescriptor, settings: original, leave: leaveSequence) else {
            throw .alreadyActive
        }
        var raw = original
        cfmakeraw(&raw)
        raw.c_oflag |= tcflag_t(OPOST | ONLCR) // keep "\n" → "\r\n" so plain prints still work
        guard tcsetattr(fileDescriptor, TCSAFLUSH, &raw) == 0 else {
            let code = errno
            RawTerminalState.uninstall()
            throw .systemCall(code)
        }
        self.fileDescriptor = fileDescriptor
    }

    /// Writes the leave sequence and restores the saved settings; safe to call more than once.
    public func restore() {
        guard active else { return }
        active = false
        RawTerminalState.restoreNow()
        RawTerminalState.uninstall()
    }

    deinit { restore() }
}

/// The process-wide copy of the saved terminal settings that signal handlers and `atexit` restore.
enum RawTerminalState {
    nonisolated(unsafe) private static var fd: Int32 = -1
    nonisolated(unsafe) private static var outputFD: Int32 = -1
    nonisolated(unsafe) private static var settings = termios()
    nonisolated(unsafe) private static var leaveBytes: UnsafeMutablePointer<UInt8>?
    nonisolated(unsafe) private static var leaveCount = 0
    nonisolated(unsafe) private static var installed = false
    nonisolated(unsafe) private static var hooksInstalled = false

    /// Records what to restore and installs the handlers; false when a session is already active.
    static func install(fd: Int32, outputFD: Int32, settings: termios, leave: String) -> Bool {
        guard !installed else { return false }
        let bytes = Array(leave.utf8)
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, bytes.count))
        buffer.initialize(from: bytes, count: bytes.count)
        self.fd = fd
        self.outputFD = outputFD
        self.settings = settings
        self.leaveBytes = buffer
        self.leaveCount = bytes.count
        installed = true
        if !hooksInstalled {
            hooksInstalled = true
            atexit { RawTerminalState.restoreNow() }
            SignalOwner.install()
        }
        return true
    }

    /// Async-signal-safe: writes the leave bytes and puts the settings back (only if a session is active).
    static func restoreNow() {
        guard installed else { return }
        if let leaveBytes, leaveCount > 0 { _ = write(outputFD, leaveBytes, leaveCount) }
        _ = tcsetattr(fd, TCSAFLUSH, &settings)
    }

    /// Forgets the session (the handlers stay installed but do nothing until the next one).
    static func uninstall() {
        installed = false
        leaveBytes?.deallocate()
        leaveBytes = nil
        leaveCount = 0
    }
}
