// OpenSSL's TLS library (Debian's libssl-dev). Swift cannot call OpenSSL's function-like macros,
// so the few this project needs are wrapped here as static inline functions.
#include <openssl/ssl.h>
#include <openssl/err.h>
#include <openssl/x509v3.h>
#include <openssl/pem.h>
#include <string.h>
#include <time.h>
#include "socket_bio.h"

/// TLS 1.2 at least, TLS 1.3 at most; partial writes from a buffer that may move; buffers freed while idle; reads ahead.
static inline int auction_tls_configure(SSL_CTX *context) {
    if (SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION) != 1) return 0;
    if (SSL_CTX_set_max_proto_version(context, TLS1_3_VERSION) != 1) return 0;
    SSL_CTX_set_mode(context, SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER
                     | SSL_MODE_RELEASE_BUFFERS);
    // Read what has arrived in one recv(2), not a record header and then its body in two.
    SSL_CTX_set_read_ahead(context, 1);
    SSL_CTX_set_options(context, SSL_OP_NO_COMPRESSION | SSL_OP_NO_RENEGOTIATION | SSL_OP_CIPHER_SERVER_PREFERENCE);
    // TLS 1.3 suites in the order a server prefers: AES-128-GCM first, the cheapest per record with AES
    // instructions (every push is its own small record per watcher), as strong as TLS 1.3 requires.
    if (SSL_CTX_set_ciphersuites(context, "TLS_AES_128_GCM_SHA256:TLS_AES_256_GCM_SHA384:TLS_CHACHA20_POLY1305_SHA256") != 1)
        return 0;
    // TLS 1.2 suites: forward secrecy and AEAD only (TLS 1.3's own suites are all of that kind), AES-128 first.
    return SSL_CTX_set_cipher_list(context, "ECDHE+AES128+AESGCM:ECDHE+AESGCM:ECDHE+CHACHA20");
}

/// The server's ALPN choice: http/1.1 when the client offers it; otherwise no ALPN at all.
static inline int auction_tls_select_http11(SSL *ssl, const unsigned char **out, unsigned char *outlen,
                                            const unsigned char *in, unsigned int inlen, void *arg) {
    (void)ssl; (void)arg;
    static const unsigned char http11[] = "\x08http/1.1";
    unsigned char *selected = NULL;
    if (SSL_select_next_proto(&selected, outlen, http11, sizeof(http11) - 1, in, inlen) != OPENSSL_NPN_NEGOTIATED)
        return SSL_TLSEXT_ERR_NOACK;
    *out = selected;
    return SSL_TLSEXT_ERR_OK;
}

/// Makes a server context answer ALPN with http/1.1.
static inline void auction_tls_select_alpn_http11(SSL_CTX *context) {
    SSL_CTX_set_alpn_select_cb(context, auction_tls_select_http11, NULL);
}

/// Offers ALPN http/1.1 from a client.
static inline int auction_tls_offer_alpn_http11(SSL *ssl) {
    static const unsigned char http11[] = "\x08http/1.1";
    return SSL_set_alpn_protos(ssl, http11, sizeof(http11) - 1) == 0;
}

/// Sends `name` as SNI (a DNS name, never an address literal).
static inline int auction_tls_set_server_name(SSL *ssl, const char *name) {
    return (int)SSL_set_tlsext_host_name(ssl, name);
}

/// The negotiated ALPN protocol into `out` (empty when none).
static inline void auction_tls_selected_alpn(const SSL *ssl, char *out, size_t size) {
    const unsigned char *data = NULL;
    unsigned int length = 0;
    SSL_get0_alpn_selected(ssl, &data, &length);
    if (length >= size) length = (unsigned int)size - 1;
    if (data != NULL) memcpy(out, data, length);
    out[length] = 0;
}

/// The leaf certificate the peer sent (also after a failed verification), not owned; NULL if none.
static inline X509 *auction_tls_peer_leaf(const SSL *ssl) {
    STACK_OF(X509) *chain = SSL_get_peer_cert_chain(ssl);
    if (chain == NULL || sk_X509_num(chain) < 1) return NULL;
    return sk_X509_value(chain, 0);
}

/// The DNS names and IP addresses a certificate is for (subjectAltName; else its common name),
/// comma-separated into `out`.
static inline void auction_tls_certificate_names(X509 *cert, char *out, size_t size) {
    out[0] = 0;
    size_t used = 0;
    GENERAL_NAMES *names = X509_get_ext_d2i(cert, NID_subject_alt_name, NULL, NULL);
    int count = names ? sk_GENERAL_NAME_num(names) : 0;
    for (int index = 0; index < count; index++) {
        GENERAL_NAME *name = sk_GENERAL_NAME_value(names, index);
        char text[256] = {0};
        if (name->type == GEN_DNS) {
            int length = ASN1_STRING_length(name->d.dNSName);
            if (length <= 0 || length >= (int)sizeof(text)) continue;
            memcpy(text, ASN1_STRING_get0_data(name->d.dNSName), (size_t)length);
        } else if (name->type == GEN_IPADD) {
            const unsigned char *bytes = ASN1_STRING_get0_data(name->d.iPAddress);
            int length = ASN1_STRING_length(name->d.iPAddress);
            if (length == 4) snprintf(text, sizeof(text), "%u.%u.%u.%u", bytes[0], bytes[1], bytes[2], bytes[3]);
            else if (length == 16) snprintf(text, sizeof(text), "IPv6 address");
            else continue;
        } else {
            continue;
        }
        size_t needed = strlen(text) + (used ? 2 : 0);
        if (used + needed + 1 > size) break;
        if (used) { memcpy(out + used, ", ", 2); used += 2; }
        memcpy(out + used, text, strlen(text));
        used += strlen(text);
        out[used] = 0;
    }
    GENERAL_NAMES_free(names);
    if (used == 0) X509_NAME_get_text_by_NID(X509_get_subject_name(cert), NID_commonName, out, (int)size);
}

/// -1 when the certificate is not yet valid, 1 when it has expired, 0 when now is inside its dates.
static inline int auction_tls_certificate_timing(X509 *cert) {
    if (X509_cmp_current_time(X509_get0_notBefore(cert)) > 0) return -1;
    if (X509_cmp_current_time(X509_get0_notAfter(cert)) < 0) return 1;
    return 0;
}

/// A certificate date (`notBefore` when `end` is 0, else `notAfter`) as text into `out`.
static inline void auction_tls_certificate_date(X509 *cert, int end, char *out, size_t size) {
    out[0] = 0;
    BIO *memory = BIO_new(BIO_s_mem());
    if (memory == NULL) return;
    if (ASN1_TIME_print(memory, end ? X509_get0_notAfter(cert) : X509_get0_notBefore(cert)) == 1) {
        int length = BIO_read(memory, out, (int)size - 1);
        out[length > 0 ? length : 0] = 0;
    }
    BIO_free(memory);
}
