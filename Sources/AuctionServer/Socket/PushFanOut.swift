import AuctionInfrastructure

/// What the push and output path keeps (loop thread): the write-deadline sweep's timer and the
/// fan-out figures (pushes, push groups, connections visited, connections dropped for lag).
struct SocketOutput {
    /// The next write-deadline check; nil when none is scheduled.
    var stallTimer: TimerID?
    /// What price pushes have cost since the start.
    private(set) var fanOut = FanOutStatistics()

    /// Notes pushes handed to connections one by one.
    mutating func delivered(_ pushes: Int) {
        fanOut.pushes += pushes
    }

    /// Notes one push group: the connections its fan-out visited and the pushes it handed out.
    mutating func pushedGroup(visited: Int, delivered pushes: Int) {
        fanOut.groups += 1
        fanOut.connectionsVisited += visited
        fanOut.pushes += pushes
    }

    /// Notes a connection dropped for lagging.
    mutating func droppedForLag() {
        fanOut.disconnectedForLag += 1
    }
}
