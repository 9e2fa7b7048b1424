import CLinux

/// Linux constants from headers Swift's Glibc module does not import, read from `CLinux`.
enum LinuxConstants {
    static let epollIn: UInt32 = CLinux_EPOLLIN
    static let epollOut: UInt32 = CLinux_EPOLLOUT
    static let epollError: UInt32 = CLinux_EPOLLERR
    static let epollHangUp: UInt32 = CLinux_EPOLLHUP
    static let epollReadHangUp: UInt32 = CLinux_EPOLLRDHUP
    static let epollControlAdd: CInt = CLinux_EPOLL_CTL_ADD
    static let epollControlDelete: CInt = CLinux_EPOLL_CTL_DEL
    static let epollControlModify: CInt = CLinux_EPOLL_CTL_MOD
    /// `sizeof(struct epoll_event)`, from the kernel header (packed on x86-64).
    static let epollEventStride = Int(CLinux_epoll_event_size())
}
