/// An optional text argument (`watchlist [<action>]`), kept beside the commands so the parser stays small.
extension Argument where Value == String? {
    /// Declares `[<name>]`, optional text; `choices` lists its values when they are a fixed few.
    public init(text name: String, help: String, choices: [String] = []) {
        self.init(ArgumentSpec(name, kind: .text, help: help, isOptional: true, choices: choices), absent: nil)
    }
}
