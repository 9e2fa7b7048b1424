// Linux calls and layouts Swift's Glibc module does not import: epoll, eventfd, and the
// `_GNU_SOURCE` ones (accept4, pipe2, pthread_setname_np), plus getrandom. Modelled on NIO's
// CNIOLinux: the kernel's own headers give the layouts, so no struct stride is hand-coded.
#ifndef C_LINUX_H
#define C_LINUX_H

#include <stdint.h>
#include <stddef.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>

/// `EPOLLIN`, `EPOLLOUT`, `EPOLLERR`, `EPOLLHUP`, `EPOLLRDHUP` as plain integers.
static const uint32_t CLinux_EPOLLIN = EPOLLIN;
static const uint32_t CLinux_EPOLLOUT = EPOLLOUT;
static const uint32_t CLinux_EPOLLERR = EPOLLERR;
static const uint32_t CLinux_EPOLLHUP = EPOLLHUP;
static const uint32_t CLinux_EPOLLRDHUP = EPOLLRDHUP;
/// `epoll_ctl` operations.
static const int CLinux_EPOLL_CTL_ADD = EPOLL_CTL_ADD;
static const int CLinux_EPOLL_CTL_DEL = EPOLL_CTL_DEL;
static const int CLinux_EPOLL_CTL_MOD = EPOLL_CTL_MOD;

/// `epoll_create1(EPOLL_CLOEXEC)`.
static inline int CLinux_epoll_create_cloexec(void) { return epoll_create1(EPOLL_CLOEXEC); }

/// `epoll_ctl` with the event's data as one 64-bit number.
static inline int CLinux_epoll_ctl(int epfd, int operation, int fd, uint32_t events, uint64_t data) {
    struct epoll_event event;
    event.events = events;
    event.data.u64 = data;
    return epoll_ctl(epfd, operation, fd, &event);
}

/// `sizeof(struct epoll_event)` (12 on x86-64, where the struct is packed; 16 elsewhere).
static inline size_t CLinux_epoll_event_size(void) { return sizeof(struct epoll_event); }

/// `epoll_wait` into a buffer of `capacity` events.
static inline int CLinux_epoll_wait(int epfd, void *events, int capacity, int timeout) {
    return epoll_wait(epfd, (struct epoll_event *)events, capacity, timeout);
}

/// The readiness bits of event `index` in a buffer filled by `CLinux_epoll_wait`.
static inline uint32_t CLinux_epoll_event_events(const void *events, int index) {
    return ((const struct epoll_event *)events)[index].events;
}

/// The 64-bit data of event `index` in a buffer filled by `CLinux_epoll_wait`.
static inline uint64_t CLinux_epoll_event_data(const void *events, int index) {
    return ((const struct epoll_event *)events)[index].data.u64;
}

/// `eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC)`.
static inline int CLinux_eventfd_nonblocking(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }

/// `accept4(fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC)`.
int CLinux_accept_nonblocking(int fd);

/// `pipe2(fds, O_CLOEXEC)`.
int CLinux_pipe_cloexec(int fds[2]);

/// `pthread_setname_np(pthread_self(), name)`; the name is cut to 15 bytes by the caller.
int CLinux_set_thread_name(const char *name);

/// `getrandom(2)`: fills up to `length` bytes; -1 and `errno` on failure.
long CLinux_getrandom(void *buffer, size_t length);

/// `posix_spawn_file_actions_addclosefrom_np` on a `posix_spawn_file_actions_t *` (glibc 2.34); ENOSYS where missing.
int CLinux_spawn_close_from(void *actions, int lowest);

/// `setpriority(PRIO_PROCESS, gettid(), nice)`: the calling thread alone yields the CPU to the process's others.
int CLinux_set_thread_nice(int nice);

#endif
