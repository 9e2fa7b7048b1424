import AuctionInfrastructure

extension FrameDecoder {
    /// Every event available after feeding `bytes`.
    mutating func feed(_ bytes: [UInt8]) -> [FrameEvent] {
        append(bytes)
        var events: [FrameEvent] = []
        while let event = nextEvent() { events.append(event) }
        return events
    }
}
