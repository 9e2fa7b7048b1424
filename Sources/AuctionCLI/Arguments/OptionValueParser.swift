/// Converts an option's raw text into a typed `OptionValue` according to its spec.
enum OptionValueParser {
    /// The typed value for an option; `raw` is nil for flags. A refusal's usage text is left for the parser to fill in.
    static func value(of option: OptionSpec, from raw: String?) throws(UsageError) -> OptionValue {
        let raw = raw ?? ""
        switch option.kind {
        case .flag:
            return .flag
        case .text:
            guard !raw.isEmpty else { throw UsageError(reason: "`--\(option.name)` needs a non-empty \(option.valueName)", usage: "") }
            return .text(raw)
        case .repeatedText:
            guard !raw.isEmpty else { throw UsageError(reason: "`--\(option.name)` needs a non-empty \(option.valueName)", usage: "") }
            return .texts([raw])
        case .integer(let minimum, let maximum):
            guard let number = Int(raw) else {
                throw UsageError(reason: "`--\(option.name)` needs a whole number, not `\(raw)`", usage: "")
            }
            guard number >= minimum, number <= maximum else {
                throw UsageError(reason: "`--\(option.name)` must be between \(minimum) and \(maximum), not \(number)", usage: "")
            }
            return .integer(number)
        case .integerList:
            let parts = raw.split(separator: ",", omittingEmptySubsequences: false)
            var numbers: [Int] = []
            for part in parts {
                let trimmed = part.trimmingBlanks()
                guard let number = Int(trimmed), number >= 1 else {
                    throw UsageError(reason: "`--\(option.name)` needs ids like 1,5,9; `\(trimmed)` is not one", usage: "")
                }
                if !numbers.contains(number) { numbers.append(number) }
            }
            return .integers(numbers)
        }
    }
}
