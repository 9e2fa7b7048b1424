/// A header value with parameters, `value; name=token; other="quoted \"text\""` (RFC 9110 §5.6.6):
/// names are matched case-insensitively; quoted strings may hold `;` and backslash escapes.
struct HeaderParameters {
    /// The value before the first `;`, trimmed.
    let value: String
    private var parameters: [(name: String, value: String)] = []

    /// Parses a header value.
    init(_ header: String) {
        let scalars = Array(header.unicodeScalars)
        var index = 0
        func skipSpaces() { while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" { index += 1 } }
        var head = ""
        while index < scalars.count, scalars[index] != ";" { head.unicodeScalars.append(scalars[index]); index += 1 }
        value = head.trimmingSpaces
        while index < scalars.count {
            index += 1  // the ';'
            skipSpaces()
            var name = ""
            while index < scalars.count, scalars[index] != "=", scalars[index] != ";" { name.unicodeScalars.append(scalars[index]); index += 1 }
            guard index < scalars.count, scalars[index] == "=" else { continue }
            index += 1
            skipSpaces()
            var text = ""
            if index < scalars.count, scalars[index] == "\"" {
                index += 1
                while index < scalars.count, scalars[index] != "\"" {
                    if scalars[index] == "\\", index + 1 < scalars.count { index += 1 }
                    text.unicodeScalars.append(scalars[index])
                    index += 1
                }
                index += 1  // the closing quote (if any)
                while index < scalars.count, scalars[index] != ";" { index += 1 }
            } else {
                while index < scalars.count, scalars[index] != ";" { text.unicodeScalars.append(scalars[index]); index += 1 }
                text = text.trimmingSpaces
            }
            parameters.append((name.trimmingSpaces.lowercased(), text))
        }
    }

    /// The first parameter named `name` (case-insensitive).
    subscript(name: String) -> String? {
        let wanted = name.lowercased()
        return parameters.first { $0.name == wanted }?.value
    }

    /// Text made safe inside a quoted string.
    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            if character == "\"" || character == "\\" { out.append("\\") }
            if character == "\r" || character == "\n" { continue }
            out.append(character)
        }
        return out
    }
}
