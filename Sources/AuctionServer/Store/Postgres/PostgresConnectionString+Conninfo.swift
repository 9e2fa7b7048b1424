extension PostgresConnectionString {
    /// The settings as libpq's `key='value'` string (quotes and backslashes escaped), to connect with.
    public var conninfo: String { conninfo(adding: []) }

    /// The settings as libpq's `key='value'` string, with `defaults` for the keys the settings leave out.
    func conninfo(adding defaults: [(String, String)]) -> String {
        var keys = self.keys, values = self.values
        for (key, value) in defaults where !keys.contains(key) {
            keys.append(key)
            values.append(value)
        }
        return zip(keys, values).map { key, value in
            var quoted = ""
            for character in value {
                if character == "'" || character == "\\" { quoted.append("\\") }
                quoted.append(character)
            }
            return "\(key)='\(quoted)'"
        }.joined(separator: " ")
    }
}
