/// The key two user names collide on, so look-alike accounts cannot be told apart in masked views:
/// the NFKC case fold (names are ASCII letters, digits, `-` and `_`, so this is ASCII lower case; a
/// full-width or Cyrillic look-alike is refused by the character rule before it gets here), then a small
/// skeleton map in the spirit of Unicode TR39's confusables: `1`, `i` → `l`; `0` → `o`; `rn` → `m`;
/// `vv` → `w`. `Alice`, `alice` and `a1ice` share the key `allce`. The store computes the same key in
/// SQL (`sql(of:)`) for the accounts it held before keys were stored (migration 11 / PostgreSQL 8).
enum NameKey {
    /// The key of `name` (a name the rules accepted).
    static func of(_ name: String) -> String {
        var folded = ""
        folded.unicodeScalars.reserveCapacity(name.utf8.count)
        for scalar in name.lowercased().unicodeScalars {
            switch scalar {
            case "1", "i": folded.unicodeScalars.append("l")
            case "0": folded.unicodeScalars.append("o")
            default: folded.unicodeScalars.append(scalar)
            }
        }
        return folded.replacingAll("rn", with: "m").replacingAll("vv", with: "w")
    }

    /// The same key in SQL (SQLite and PostgreSQL alike) over the column `column`, in the same order.
    static func sql(of column: String) -> String {
        "replace(replace(replace(replace(replace(lower(\(column)), '1', 'l'), 'i', 'l'), '0', 'o'), 'rn', 'm'), 'vv', 'w')"
    }
}

extension String {
    /// Every non-overlapping `target`, left to right, replaced (as SQL's `replace` does); Foundation-free.
    fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
        let pattern = Array(target.utf8)
        let bytes = Array(utf8)
        guard !pattern.isEmpty, bytes.count >= pattern.count else { return self }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if index + pattern.count <= bytes.count, bytes[index..<index + pattern.count].elementsEqual(pattern) {
                out.append(contentsOf: replacement.utf8)
                index += pattern.count
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
