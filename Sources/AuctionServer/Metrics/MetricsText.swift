/// A page in the Prometheus text exposition format, version 0.0.4: each family's `# HELP` and
/// `# TYPE` lines, then its samples, label values escaped (`\\`, `\"`, `\n`).
struct MetricsText {
    /// What a family measures, as `# TYPE` says it.
    enum Kind: String {
        case counter, gauge, histogram
    }

    /// The media type of the page (`Content-Type`).
    static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    /// The page written so far.
    private(set) var text = ""

    /// Starts a family: its `# HELP` and `# TYPE` lines. Counter names end in `_total`.
    mutating func family(_ name: String, _ kind: Kind, help: String) {
        text += "# HELP \(name) \(Self.escapedHelp(help))\n# TYPE \(name) \(kind.rawValue)\n"
    }

    /// One sample line without labels, `name value`.
    mutating func sample(_ name: String, _ value: Int) {
        line(name, [], String(value))
    }

    /// One sample line, `name{label="value",…} value`.
    mutating func sample(_ name: String, _ labels: [(String, String)], _ value: Int) {
        line(name, labels, String(value))
    }

    /// One sample line whose value is not a whole number (seconds).
    mutating func sample(_ name: String, _ labels: [(String, String)] = [], seconds value: Double) {
        line(name, labels, Self.number(value))
    }

    /// A histogram's samples: cumulative `_bucket{le=…}` lines ending with `le="+Inf"`, then `_sum` and `_count`.
    /// `counts` holds one count per bound and one more above the last bound (not cumulative);
    /// bounds and the sum are divided by `scale` (nanoseconds written as seconds: 1e9).
    mutating func histogram(_ name: String, labels: [(String, String)] = [], bounds: [Int], counts: [Int], sum: Int,
                            scale: Double = 1) {
        var cumulative = 0
        for (index, bound) in bounds.enumerated() {
            cumulative += index < counts.count ? counts[index] : 0
            line(name + "_bucket", labels + [("le", Self.number(Double(bound) / scale))], String(cumulative))
        }
        cumulative += bounds.count < counts.count ? counts[bounds.count] : 0
        line(name + "_bucket", labels + [("le", "+Inf")], String(cumulative))
        line(name + "_sum", labels, scale == 1 ? String(sum) : Self.number(Double(sum) / scale))
        line(name + "_count", labels, String(cumulative))
    }

    private mutating func line(_ name: String, _ labels: [(String, String)], _ value: String) {
        text += name
        if !labels.isEmpty {
            text += "{" + labels.map { "\($0.0)=\"\(Self.escapedLabel($0.1))\"" }.joined(separator: ",") + "}"
        }
        text += " " + value + "\n"
    }

    /// A label value as the format writes it: backslash, double quote and line feed escaped.
    static func escapedLabel(_ value: String) -> String {
        var escaped = ""
        for character in value.unicodeScalars {
            switch character {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }

    /// A help text as the format writes it: backslash and line feed escaped.
    static func escapedHelp(_ value: String) -> String {
        value.replacing("\\", with: "\\\\").replacing("\n", with: "\\n")
    }

    /// A float as the format reads it: `+Inf`, `-Inf`, `NaN`, or Swift's shortest exact digits.
    static func number(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value > 0 ? "+Inf" : "-Inf" }
        return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
