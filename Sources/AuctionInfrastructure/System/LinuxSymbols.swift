import Glibc

/// Linux calls that Swift's Glibc module does not import (`sys/epoll.h`, `sys/eventfd.h`,
/// `_GNU_SOURCE` ones), resolved once from the C library with `dlsym`.
enum LinuxSymbols {
    typealias EpollCreate1 = @convention(c) (CInt) -> CInt
    typealias EpollControl = @convention(c) (CInt, CInt, CInt, UnsafeMutableRawPointer?) -> CInt
    typealias EpollWait = @convention(c) (CInt, UnsafeMutableRawPointer?, CInt, CInt) -> CInt
    typealias EventFD = @convention(c) (CUnsignedInt, CInt) -> CInt
    typealias Accept4 = @convention(c) (
        CInt, UnsafeMutablePointer<sockaddr>?, UnsafeMutablePointer<socklen_t>?, CInt
    ) -> CInt
    typealias SetThreadName = @convention(c) (pthread_t, UnsafePointer<CChar>) -> CInt

    /// `epoll_create1(2)`.
    static let epollCreate1: EpollCreate1? = load("epoll_create1")
    /// `epoll_ctl(2)`.
    static let epollControl: EpollControl? = load("epoll_ctl")
    /// `epoll_wait(2)`.
    static let epollWait: EpollWait? = load("epoll_wait")
    /// `eventfd(2)`.
    static let eventFD: EventFD? = load("eventfd")
    /// `accept4(2)`.
    static let accept4: Accept4? = load("accept4")
    /// `pthread_setname_np(3)`.
    static let setThreadName: SetThreadName? = load("pthread_setname_np")

    private static func load<Function>(_ name: String) -> Function? {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, name) else { return nil }
        return unsafeBitCast(symbol, to: Function.self)
    }
}

/// Linux constants from headers Swift's Glibc module does not import.
enum LinuxConstants {
    static let epollIn: UInt32 = 0x001
    static let epollOut: UInt32 = 0x004
    static let epollError: UInt32 = 0x008
    static let epollHangUp: UInt32 = 0x010
    static let epollReadHangUp: UInt32 = 0x2000
    static let epollControlAdd: CInt = 1
    static let epollControlDelete: CInt = 2
    static let epollControlModify: CInt = 3
    static let closeOnExec: CInt = 0o2_000_000
    static let nonBlocking: CInt = 0o4_000
    #if arch(x86_64)
    /// `struct epoll_event` is packed on x86-64: 4 bytes of events, then 8 bytes of data.
    static let epollEventStride = 12
    static let epollEventDataOffset = 4
    #else
    static let epollEventStride = 16
    static let epollEventDataOffset = 8
    #endif
}
