import AuctionInfrastructure
import Testing

@Suite struct EndpointRotationTests {
    let a = SocketEndpoint(host: "a", port: 1), b = SocketEndpoint(host: "b", port: 2), c = SocketEndpoint(host: "c", port: 3)

    @Test func failedConnectsTryEachEndpointOnceBeforeWaiting() {
        var rotation = EndpointRotation(a, then: [b, c])
        #expect(rotation.current == a)
        var answers: [(Bool, SocketEndpoint)] = []
        for _ in 0..<4 {
            let tryNow = rotation.connectFailed()
            answers.append((tryNow, rotation.current))
        }
        // All three failed in a row: wait for the backoff; the next round starts with the first again.
        #expect(answers.map(\.0) == [true, true, false, true])
        #expect(answers.map(\.1) == [b, c, a, b])
    }

    @Test func aDropMovesToTheNextEndpointRoundRobin() {
        var rotation = EndpointRotation(a, then: [b, c])
        _ = rotation.connectFailed()
        rotation.connected()
        #expect(rotation.current == b && rotation.failedInRow == 0)
        rotation.dropped()
        #expect(rotation.current == c)
        rotation.dropped()
        #expect(rotation.current == a)
    }

    @Test func oneEndpointStaysAndEveryFailureWaits() {
        var rotation = EndpointRotation(a)
        rotation.dropped()
        #expect(rotation.current == a)
        let tryNow = rotation.connectFailed()
        #expect(!tryNow && rotation.current == a)
    }
}
