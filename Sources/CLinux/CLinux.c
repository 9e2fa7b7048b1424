// The `_GNU_SOURCE` calls, compiled here so the header itself needs no feature macro.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <spawn.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>
#include "CLinux.h"

int CLinux_accept_nonblocking(int fd) { return accept4(fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC); }

int CLinux_pipe_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }

int CLinux_set_thread_name(const char *name) { return pthread_setname_np(pthread_self(), name); }

long CLinux_getrandom(void *buffer, size_t length) { return (long)getrandom(buffer, length, 0); }

int CLinux_spawn_close_from(void *actions, int lowest) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    return posix_spawn_file_actions_addclosefrom_np((posix_spawn_file_actions_t *)actions, lowest);
#else
    (void)actions;
    (void)lowest;
    return ENOSYS;
#endif
}

int CLinux_set_thread_nice(int nice) { return setpriority(PRIO_PROCESS, (id_t)gettid(), nice); }
