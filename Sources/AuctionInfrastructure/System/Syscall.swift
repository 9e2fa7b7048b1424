import CLinux
import Glibc

/// The one seam every system call goes through; `EINTR` is retried in `retryingOnInterrupt` only.
enum Syscall {
    /// Calls `body` until it does not fail with `EINTR`; a `-1` result becomes the thrown `Errno`.
    @inline(__always)
    static func retryingOnInterrupt<T: FixedWidthInteger>(_ body: () -> T) throws(Errno) -> T {
        while true {
            let result = body()
            if result != -1 { return result }
            let error = Errno.current
            if error == .interrupted { continue }
            throw error
        }
    }

    /// `close(2)`; never retried (Linux releases the fd even when interrupted).
    @discardableResult
    static func close(_ fd: CInt) -> CInt { Glibc.close(fd) }

    /// `socket(2)` with `SOCK_NONBLOCK | SOCK_CLOEXEC`.
    static func socket(family: CInt) throws(Errno) -> CInt {
        let type = CInt(SOCK_STREAM.rawValue) | CInt(SOCK_NONBLOCK.rawValue) | CInt(SOCK_CLOEXEC.rawValue)
        return try retryingOnInterrupt { Glibc.socket(family, type, 0) }
    }

    /// `read(2)` into `buffer`; returns the byte count, 0 at end of stream.
    static func read(_ fd: CInt, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        try retryingOnInterrupt { Glibc.read(fd, buffer.baseAddress, buffer.count) }
    }

    /// `write(2)` from `bytes`; returns the byte count written (0 only for an empty buffer).
    static func write(_ fd: CInt, _ bytes: UnsafeRawBufferPointer) throws(Errno) -> Int {
        try retryingOnInterrupt { Glibc.write(fd, bytes.baseAddress, bytes.count) }
    }

    /// Blocks until `fd` is writable or in error (`poll(2)` for `POLLOUT`, no timeout).
    static func waitWritable(_ fd: CInt) throws(Errno) {
        var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        _ = try retryingOnInterrupt { poll(&ready, 1, -1) }
    }

    /// `send(2)` with `MSG_NOSIGNAL`, so a closed peer gives `EPIPE` instead of `SIGPIPE`.
    static func send(_ fd: CInt, _ bytes: UnsafeRawBufferPointer) throws(Errno) -> Int {
        try retryingOnInterrupt { Glibc.send(fd, bytes.baseAddress, bytes.count, CInt(MSG_NOSIGNAL)) }
    }

    /// `setsockopt(2)` with an `int` value.
    static func setOption(_ fd: CInt, level: CInt, name: CInt, value: CInt) throws(Errno) {
        var value = value
        _ = try retryingOnInterrupt {
            setsockopt(fd, level, name, &value, socklen_t(MemoryLayout<CInt>.size))
        }
    }

    /// `setsockopt(2)` of `SO_LINGER`.
    static func setLinger(_ fd: CInt, seconds: CInt?) throws(Errno) {
        var value = linger(l_onoff: seconds == nil ? 0 : 1, l_linger: seconds ?? 0)
        _ = try retryingOnInterrupt {
            setsockopt(fd, SOL_SOCKET, SO_LINGER, &value, socklen_t(MemoryLayout<linger>.size))
        }
    }

    /// `getsockopt(2)` of an `int` value.
    static func option(_ fd: CInt, level: CInt, name: CInt) throws(Errno) -> CInt {
        var value: CInt = 0
        var length = socklen_t(MemoryLayout<CInt>.size)
        _ = try retryingOnInterrupt { getsockopt(fd, level, name, &value, &length) }
        return value
    }

    /// `bind(2)`.
    static func bind(_ fd: CInt, _ address: SocketAddressStorage) throws(Errno) {
        _ = try retryingOnInterrupt { address.withSockaddr { Glibc.bind(fd, $0, $1) } }
    }

    /// `listen(2)`.
    static func listen(_ fd: CInt, backlog: CInt) throws(Errno) {
        _ = try retryingOnInterrupt { Glibc.listen(fd, backlog) }
    }

    /// `connect(2)`; `EINTR` is not retried (the connect goes on asynchronously) but reported as in progress.
    static func connect(_ fd: CInt, _ address: SocketAddressStorage) throws(Errno) {
        let result = address.withSockaddr { Glibc.connect(fd, $0, $1) }
        guard result == -1 else { return }
        let error = Errno.current
        throw error == .interrupted ? .inProgress : error
    }

    /// `open(2)` of `/dev/null`, read-only, `O_CLOEXEC`: a descriptor held in reserve.
    static func openNullDevice() throws(Errno) -> CInt {
        try retryingOnInterrupt { Glibc.open("/dev/null", O_RDONLY | O_CLOEXEC) }
    }

    /// `accept4(2)` with `SOCK_NONBLOCK | SOCK_CLOEXEC`.
    static func accept(_ fd: CInt) throws(Errno) -> CInt {
        try retryingOnInterrupt { CLinux_accept_nonblocking(fd) }
    }

    /// `shutdown(2)`.
    static func shutdown(_ fd: CInt, how: CInt) throws(Errno) {
        _ = try retryingOnInterrupt { Glibc.shutdown(fd, how) }
    }

    /// `getsockname(2)`.
    static func localAddress(_ fd: CInt) throws(Errno) -> SocketAddressStorage {
        var storage = SocketAddressStorage()
        _ = try retryingOnInterrupt { storage.withMutableSockaddr { getsockname(fd, $0, $1) } }
        return storage
    }

    /// `getpeername(2)`.
    static func remoteAddress(_ fd: CInt) throws(Errno) -> SocketAddressStorage {
        var storage = SocketAddressStorage()
        _ = try retryingOnInterrupt { storage.withMutableSockaddr { getpeername(fd, $0, $1) } }
        return storage
    }

    /// `epoll_create1(EPOLL_CLOEXEC)`.
    static func epollCreate() throws(Errno) -> CInt {
        try retryingOnInterrupt { CLinux_epoll_create_cloexec() }
    }

    /// `epoll_ctl(2)` with the given interest and 64-bit user data.
    static func epollControl(_ epoll: CInt, operation: CInt, fd: CInt, events: UInt32, data: UInt64) throws(Errno) {
        _ = try retryingOnInterrupt { CLinux_epoll_ctl(epoll, operation, fd, events, data) }
    }

    /// `epoll_wait(2)` into `buffer` (raw `struct epoll_event`s); returns the ready count, 0 when interrupted.
    static func epollWait(_ epoll: CInt, buffer: UnsafeMutableRawBufferPointer, timeoutMilliseconds: CInt) throws(Errno) -> Int {
        let capacity = CInt(buffer.count / LinuxConstants.epollEventStride)
        let count = CLinux_epoll_wait(epoll, buffer.baseAddress, capacity, timeoutMilliseconds)
        if count == -1 {
            let error = Errno.current
            if error == .interrupted { return 0 }
            throw error
        }
        return Int(count)
    }

    /// `eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC)`.
    static func eventCreate() throws(Errno) -> CInt {
        try retryingOnInterrupt { CLinux_eventfd_nonblocking() }
    }

    /// Adds one to an eventfd counter (`write(2)` of 8 bytes); a full counter (`EAGAIN`) is already a wake-up.
    static func eventSignal(_ fd: CInt) {
        var one: UInt64 = 1
        _ = try? retryingOnInterrupt { Glibc.write(fd, &one, 8) }
    }

    /// The readiness bits and data of event `index` in a buffer filled by `epollWait`.
    static func epollEvent(in buffer: UnsafeMutableRawBufferPointer, at index: Int) -> (events: UInt32, data: UInt64) {
        (CLinux_epoll_event_events(buffer.baseAddress, CInt(index)), CLinux_epoll_event_data(buffer.baseAddress, CInt(index)))
    }

    /// Names the calling thread (`pthread_setname_np`), cut to the kernel's 15 bytes.
    static func nameThread(_ name: String) {
        var bytes = Array(name.utf8.prefix(15)).map { CChar(bitPattern: $0) }
        bytes.append(0)
        _ = CLinux_set_thread_name(bytes)
    }

    /// Lowers the calling thread's priority to `nice` (`setpriority(2)` on its thread id), best effort.
    static func lowerThreadPriority(nice: CInt) {
        _ = CLinux_set_thread_nice(nice)
    }

    /// The first byte waiting on `fd`, left in place (`recv(2)` with `MSG_PEEK`); nil at end of stream.
    static func peekByte(_ fd: CInt) throws(Errno) -> UInt8? {
        var byte: UInt8 = 0
        let count = try retryingOnInterrupt { Glibc.recv(fd, &byte, 1, CInt(MSG_PEEK)) }
        return count == 0 ? nil : byte
    }

    /// Resets an eventfd counter (`read(2)` of 8 bytes).
    static func eventDrain(_ fd: CInt) {
        var value: UInt64 = 0
        _ = try? retryingOnInterrupt { Glibc.read(fd, &value, 8) }
    }
}
