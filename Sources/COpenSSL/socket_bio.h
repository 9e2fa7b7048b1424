// A BIO over a non-blocking socket that sends with send(2) and MSG_NOSIGNAL and receives with recv(2).
// OpenSSL's own socket BIO uses write(2) and read(2): every record then pays the file layer's
// bookkeeping (vfs_write, the file position lock) and a gone peer raises SIGPIPE.
#include <openssl/bio.h>
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <sys/socket.h>

/// The socket a BIO of this kind carries.
static inline int auction_socket_bio_fd(BIO *bio) {
    return (int)(intptr_t)BIO_get_data(bio);
}

/// Whether `errno` after a failed call means "try again when the socket is ready".
static inline int auction_socket_bio_retry(void) {
    return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR;
}

static inline int auction_socket_bio_write(BIO *bio, const char *data, int length) {
    BIO_clear_retry_flags(bio);
    ssize_t sent = send(auction_socket_bio_fd(bio), data, (size_t)length, MSG_NOSIGNAL);
    if (sent < 0 && auction_socket_bio_retry()) BIO_set_retry_write(bio);
    return (int)sent;
}

static inline int auction_socket_bio_read(BIO *bio, char *data, int length) {
    BIO_clear_retry_flags(bio);
    ssize_t received = recv(auction_socket_bio_fd(bio), data, (size_t)length, 0);
    if (received < 0 && auction_socket_bio_retry()) BIO_set_retry_read(bio);
    if (received == 0) BIO_set_flags(bio, BIO_FLAGS_IN_EOF);  // OpenSSL tells a clean EOF from a cut one by it
    return (int)received;
}

static inline long auction_socket_bio_ctrl(BIO *bio, int command, long number, void *pointer) {
    (void)number;
    switch (command) {
    case BIO_CTRL_FLUSH: return 1;  // nothing is buffered here
    case BIO_CTRL_EOF: return BIO_test_flags(bio, BIO_FLAGS_IN_EOF) != 0;
    case BIO_C_GET_FD:
        if (pointer != NULL) *(int *)pointer = auction_socket_bio_fd(bio);
        return auction_socket_bio_fd(bio);
    default: return 0;
    }
}

static inline int auction_socket_bio_create(BIO *bio) {
    BIO_set_init(bio, 1);
    return 1;
}

/// The one method table, made on first use (a function's statics: Swift emits no header-level ones).
static inline BIO_METHOD **auction_socket_bio_method_slot(void) {
    static BIO_METHOD *method = NULL;
    return &method;
}

static inline void auction_socket_bio_make_method(void) {
    BIO_METHOD *method = BIO_meth_new(BIO_get_new_index() | BIO_TYPE_SOURCE_SINK | BIO_TYPE_DESCRIPTOR, "auction socket");
    if (method == NULL) return;
    BIO_meth_set_write(method, auction_socket_bio_write);
    BIO_meth_set_read(method, auction_socket_bio_read);
    BIO_meth_set_ctrl(method, auction_socket_bio_ctrl);
    BIO_meth_set_create(method, auction_socket_bio_create);
    *auction_socket_bio_method_slot() = method;
}

/// The method table (NULL when OpenSSL could not make it).
static inline BIO_METHOD *auction_socket_bio_method(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, auction_socket_bio_make_method);
    return *auction_socket_bio_method_slot();
}

/// Makes `ssl` read and write `fd` through the send/recv BIO (the descriptor stays the caller's).
/// 0 when OpenSSL could not make the BIO.
static inline int auction_tls_attach_socket(SSL *ssl, int fd) {
    BIO_METHOD *method = auction_socket_bio_method();
    if (method == NULL) return 0;
    BIO *bio = BIO_new(method);
    if (bio == NULL) return 0;
    BIO_set_data(bio, (void *)(intptr_t)fd);
    SSL_set_bio(ssl, bio, bio);
    return 1;
}
