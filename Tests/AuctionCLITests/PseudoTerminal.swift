import Glibc

/// A real pseudo-terminal pair for tests: the `follower` is what a program sees as its terminal,
/// the `leader` is the side a terminal emulator would hold.
final class PseudoTerminal {
    let leader: Int32
    // _IOW('T', 0x31, int) and _IOR('T', 0x30, unsigned int): function-like macros Swift cannot import
    // (same values on x86_64 and arm64 Linux).
    static let setLock: UInt = 0x4004_5431
    static let getNumber: UInt = 0x8004_5430
    let follower: Int32

    init?() {
        // posix_openpt/unlockpt/ptsname are not in the Glibc module; do what they do on Linux.
        let leader = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard leader >= 0, ioctl(leader, PseudoTerminal.setLock, &unlock) == 0, ioctl(leader, PseudoTerminal.getNumber, &number) == 0 else {
            if leader >= 0 { close(leader) }
            return nil
        }
        let follower = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        guard follower >= 0 else { close(leader); return nil }
        self.leader = leader
        self.follower = follower
    }

    deinit {
        close(follower)
        close(leader)
    }

    /// The follower's current local-mode flags.
    var localFlags: tcflag_t {
        var settings = termios()
        tcgetattr(follower, &settings)
        return settings.c_lflag
    }

    /// Whatever the leader can read right now (non-blocking).
    func drainLeader() -> [UInt8] {
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1024)
        while true {
            var descriptor = pollfd(fd: leader, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 50) > 0 else { return out }
            let count = read(leader, &buffer, buffer.count)
            guard count > 0 else { return out }
            out += buffer[0..<count]
        }
    }
}
