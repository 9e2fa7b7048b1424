extension PostgresConnectionString {
    /// The settings as libpq's `key='value'` string (quotes and backslashes escaped), to connect with.
    public var conninfo: String {
        zip(keys, values).map { key, value in
            var quoted = ""
            for character in value {
                if character == "'" || character == "\\" { quoted.append("\\") }
                quoted.append(character)
            }
            return "\(key)='\(quoted)'"
        }.joined(separator: " ")
    }
}
