extension String {
    /// For a single-quoted fish string: `\` and `'` escaped with a backslash.
    func replacingBackslashesAndQuotes() -> String {
        var out = ""
        for character in self {
            if character == "\\" || character == "'" { out.append("\\") }
            out.append(character)
        }
        return out
    }
}
