import COpenSSL
import Glibc

/// Ed25519 signatures (RFC 8032) through OpenSSL's EVP interface: the house signs its log heads
/// with a private key; anyone checks them with the 32-byte public key.
public struct Ed25519PrivateKey: Sendable {
    /// The 32-byte seed the key is made from (what a key file holds).
    public let seed: [UInt8]
    /// The raw 32-byte public key.
    public let publicKey: [UInt8]
    /// OpenSSL's key, made once: building it costs as much as a signature.
    private let handle: KeyHandle

    /// The key made from a 32-byte seed; nil for another length or when OpenSSL refuses it.
    public init?(seed: [UInt8]) {
        guard seed.count == 32, let key = seed.withUnsafeBufferPointer({
            EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, nil, $0.baseAddress, 32)
        }) else { return nil }
        defer { EVP_PKEY_free(key) }
        var raw = [UInt8](repeating: 0, count: 32)
        var length = 32
        guard EVP_PKEY_get_raw_public_key(key, &raw, &length) == 1, length == 32,
              let kept = seed.withUnsafeBufferPointer({ EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, nil, $0.baseAddress, 32) })
        else { return nil }
        self.seed = seed
        publicKey = raw
        guard let handle = KeyHandle(kept) else { return nil }
        self.handle = handle
    }

    /// A fresh key from the kernel's random bytes.
    public static func generate() throws(Errno) -> Ed25519PrivateKey {
        guard let key = Ed25519PrivateKey(seed: try SystemRandom.bytes(32)) else { throw Errno(rawValue: EINVAL) }
        return key
    }

    /// The key in a PEM file's text (PKCS #8, as `openssl genpkey -algorithm ed25519` writes it); nil
    /// when it is not an Ed25519 private key.
    public init?(pem: [UInt8]) {
        guard let bio = pem.withUnsafeBufferPointer({ BIO_new_mem_buf($0.baseAddress, Int32(clamping: $0.count)) }) else { return nil }
        defer { BIO_free(bio) }
        guard let key = PEM_read_bio_PrivateKey(bio, nil, nil, nil) else { return nil }
        defer { EVP_PKEY_free(key) }
        var seed = [UInt8](repeating: 0, count: 32)
        var length = 32
        guard EVP_PKEY_get_base_id(key) == EVP_PKEY_ED25519, EVP_PKEY_get_raw_private_key(key, &seed, &length) == 1,
              length == 32 else { return nil }
        self.init(seed: seed)
    }

    /// The key as PEM text (PKCS #8), unencrypted: the file that holds it must be the owner's only (0600).
    public var pem: [UInt8] {
        guard let key = seed.withUnsafeBufferPointer({ EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, nil, $0.baseAddress, 32) }),
              let bio = BIO_new(BIO_s_mem()) else { return [] }
        defer {
            BIO_free(bio)
            EVP_PKEY_free(key)
        }
        guard PEM_write_bio_PrivateKey(bio, key, nil, nil, 0, nil, nil) == 1 else { return [] }
        var start: UnsafeMutableRawPointer?
        let count = BIO_ctrl(bio, BIO_CTRL_INFO, 0, &start)
        guard count > 0, let start else { return [] }
        return Array(UnsafeRawBufferPointer(start: start, count: count))
    }

    /// The 64-byte signature of `message`.
    public func signature(of message: [UInt8]) -> [UInt8] {
        guard let context = EVP_MD_CTX_new() else { return [] }
        defer { EVP_MD_CTX_free(context) }
        var signature = [UInt8](repeating: 0, count: 64)
        var length = 64
        // A copy of a context set up once: OpenSSL 3 looks the algorithm up again on every init.
        guard EVP_MD_CTX_copy_ex(context, handle.template) == 1,
              EVP_DigestSign(context, &signature, &length, message, message.count) == 1, length == 64 else { return [] }
        return signature
    }
}

/// Owns an OpenSSL key for the `Ed25519PrivateKey` values that share it.
///
/// `@unchecked Sendable`: the key and its template are never changed after they are made, and
/// OpenSSL signs with one key (copying the template) from several threads at once.
private final class KeyHandle: @unchecked Sendable {
    let key: OpaquePointer
    /// A signing context initialised with `key`, only ever copied from.
    let template: OpaquePointer

    init?(_ key: OpaquePointer) {
        guard let template = EVP_MD_CTX_new() else {
            EVP_PKEY_free(key)
            return nil
        }
        guard EVP_DigestSignInit(template, nil, nil, nil, key) == 1 else {
            EVP_MD_CTX_free(template)
            EVP_PKEY_free(key)
            return nil
        }
        self.key = key
        self.template = template
    }

    deinit {
        EVP_MD_CTX_free(template)
        EVP_PKEY_free(key)
    }
}

/// Checks Ed25519 signatures against raw public keys.
public enum Ed25519 {
    /// Whether `signature` is `publicKey`'s signature of `message`.
    public static func isValid(signature: [UInt8], of message: [UInt8], publicKey: [UInt8]) -> Bool {
        guard signature.count == 64, publicKey.count == 32,
              let key = publicKey.withUnsafeBufferPointer({ EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, nil, $0.baseAddress, 32) }),
              let context = EVP_MD_CTX_new() else { return false }
        defer {
            EVP_MD_CTX_free(context)
            EVP_PKEY_free(key)
        }
        guard EVP_DigestVerifyInit(context, nil, nil, nil, key) == 1 else { return false }
        return EVP_DigestVerify(context, signature, signature.count, message, message.count) == 1
    }
}
