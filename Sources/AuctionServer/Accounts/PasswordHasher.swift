import AuctionLotLog
import CCrypt
import Glibc

/// Password hashing with libcrypt's thread-safe calls (`crypt_gensalt_rn`, `crypt_rn`): yescrypt
/// (`$y$`) where the library has it, else sha512crypt (`$6$`), each with a fresh salt from `getrandom`.
/// Clear passwords are never kept, logged or returned.
public struct PasswordHasher: Sendable {
    /// The method prefix in use: `$y$` or `$6$`.
    public let prefix: String

    /// Picks yescrypt when libcrypt supports it, else sha512crypt.
    public init() {
        prefix = PasswordHasher.supports("$y$") ? "$y$" : "$6$"
    }

    /// Uses a given method prefix (e.g. `$6$` to test the fallback); nil when libcrypt lacks it.
    public init?(prefix: String) {
        guard PasswordHasher.supports(prefix) else { return nil }
        self.prefix = prefix
    }

    /// Passwords longer than this many bytes are first reduced to `sha256:<hex>` (libcrypt takes at most 511).
    public static let prehashThreshold = 256

    /// A new hash of `password` with a fresh random salt, as `crypt` writes it.
    public func hash(_ password: String) throws(AccountError) -> String {
        let setting = try PasswordHasher.setting(prefix: prefix, random: SecureRandom.bytes(32))
        return try PasswordHasher.crypt(PasswordHasher.phrase(password), setting: setting)
    }

    /// Whether `password` matches `storedHash`, compared in constant time.
    public func verify(_ password: String, against storedHash: String) -> Bool {
        guard let computed = try? PasswordHasher.crypt(PasswordHasher.phrase(password), setting: storedHash) else {
            return false
        }
        return PasswordHasher.constantTimeEquals(Array(computed.utf8), Array(storedHash.utf8))
    }

    /// What is handed to `crypt`: the password itself, or `sha256:<hex>` of a long one.
    private static func phrase(_ password: String) -> String {
        password.utf8.count > prehashThreshold ? "sha256:" + SHA256.hexDigest(password.utf8) : password
    }

    /// Compares two byte strings without stopping at the first difference.
    public static func constantTimeEquals(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        var difference = UInt8(truncatingIfNeeded: a.count ^ b.count)
        let length = max(a.count, b.count)
        for i in 0..<length {
            let x = i < a.count ? a[i] : 0
            let y = i < b.count ? b[i] : 0
            difference |= x ^ y
        }
        return difference == 0
    }

    private static func supports(_ prefix: String) -> Bool {
        guard let random = try? SecureRandom.bytes(32) else { return false }
        return (try? setting(prefix: prefix, random: random)) != nil
    }

    /// `crypt_gensalt_rn(prefix, 0, random, …)`: the setting string with the salt.
    private static func setting(prefix: String, random: [UInt8]) throws(AccountError) -> String {
        var output = [CChar](repeating: 0, count: Int(CRYPT_GENSALT_OUTPUT_SIZE))
        let made = random.withUnsafeBufferPointer { bytes in
            output.withUnsafeMutableBufferPointer { out in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    crypt_gensalt_rn(prefix, 0, chars.baseAddress, CInt(chars.count), out.baseAddress, CInt(out.count))
                }
            }
        }
        guard made != nil else { throw AccountError.system("crypt_gensalt_rn does not support \(prefix)") }
        return output.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// `crypt_rn(password, setting, data)` with a zeroed `crypt_data` that is wiped afterwards.
    private static func crypt(_ password: String, setting: String) throws(AccountError) -> String {
        let size = MemoryLayout<crypt_data>.size
        let data = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: MemoryLayout<crypt_data>.alignment)
        data.initializeMemory(as: UInt8.self, repeating: 0, count: size)
        defer {
            data.initializeMemory(as: UInt8.self, repeating: 0, count: size)
            data.deallocate()
        }
        guard let result = crypt_rn(password, setting, data, CInt(size)) else {
            throw AccountError.system("crypt_rn refused the setting")
        }
        let text = String(cString: result)
        guard !text.hasPrefix("*") else { throw AccountError.system("crypt_rn failed") }
        return text
    }
}
