/// The rules for user names and passwords, checked before anything is stored.
public enum AccountRules {
    /// Longest user name, in characters.
    public static let maximumNameLength = 32
    /// Shortest password, in characters.
    public static let minimumPasswordLength = 8
    /// Longest password, in UTF-8 bytes.
    public static let maximumPasswordBytes = 1024

    /// Throws `invalidName` unless the name is 1–32 ASCII letters, digits, `-` or `_`.
    public static func validate(name: String) throws(AccountError) {
        let bytes = name.utf8
        guard !bytes.isEmpty else { throw AccountError.invalidName("the name is empty") }
        guard bytes.count <= maximumNameLength else {
            throw AccountError.invalidName("at most \(maximumNameLength) characters")
        }
        guard bytes.allSatisfy(isNameByte) else {
            throw AccountError.invalidName("use only letters a–z, A–Z, digits, '-' and '_'")
        }
    }

    /// Throws `invalidPassword` unless the password has 8 characters to 1,024 bytes and no NUL.
    public static func validate(password: String) throws(AccountError) {
        guard password.count >= minimumPasswordLength else {
            throw AccountError.invalidPassword("at least \(minimumPasswordLength) characters")
        }
        guard password.utf8.count <= maximumPasswordBytes else {
            throw AccountError.invalidPassword("at most \(maximumPasswordBytes) bytes")
        }
        guard !password.utf8.contains(0) else { throw AccountError.invalidPassword("it contains a NUL character") }
    }

    /// Whether a password could ever have been registered (a cheap pre-check at login).
    static func isAcceptable(password: String) -> Bool {
        (try? validate(password: password)) != nil
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"): true
        default: false
        }
    }
}
