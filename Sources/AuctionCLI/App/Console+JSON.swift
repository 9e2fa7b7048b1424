import AuctionInfrastructure

extension Console {
    /// Writes one JSON document and a newline to standard output, for people's scripts: `/` is
    /// written as is (the `\u002f` escaping belongs to socket frames only), and times as RFC 3339 (`MachineTime`).
    public func printJSON(_ value: JSONValue) {
        output.write(MachineTime.rewritten(value).serializedForReading() + [UInt8(ascii: "\n")])
    }
}
