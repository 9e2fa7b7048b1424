import AuctionInfrastructure

extension Console {
    /// Writes one JSON document and a newline to standard output, for people's scripts: `/` is
    /// written as is (the `\u002f` escaping belongs to socket frames only).
    public func printJSON(_ value: JSONValue) {
        output.write(value.serializedForReading() + [UInt8(ascii: "\n")])
    }
}
