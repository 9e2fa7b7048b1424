import AuctionCore
import AuctionData
import AuctionInfrastructure
import Testing

/// The hello, the capabilities read from its reply, and what each dialect replays.
@Suite struct DialectTests {
    @Test func helloRoundTripsAndKeepsUnknownFeatureNames() throws {
        let hello = ClientMessage.hello(WireHello(client: "auction", version: "1.2", features: [.closing, ProtocolFeature("later")]))
        let bytes = FrameEncoder.encode(hello.frame(completionID: 3))
        #expect(String(decoding: bytes, as: UTF8.self)
            == #"{"dataType":11,"completionId":3,"data":{"client":"auction","version":"1.2","features":["closing","later"]}}/"#)
        var decoder = FrameDecoder()
        decoder.append(bytes)
        guard case .frame(let frame)? = decoder.nextEvent() else { Issue.record("no frame"); return }
        #expect(try ClientMessage(frame: frame) == hello)
    }

    @Test func aHelloWithFeaturesThatAreNotStringsIsMalformed() {
        let frame = Frame(dataType: 11, data: ["features": .array([.int(1)])])
        #expect(throws: WireError.self) { try ClientMessage(frame: frame) }
    }

    @Test func pushTypesNeedTheirFeatures() {
        #expect(ProtocolFeature.required(forServerDataType: 1) == nil)
        #expect(ProtocolFeature.required(forServerDataType: 2) == nil)
        #expect(ProtocolFeature.required(forServerDataType: 3) == .chat)
        #expect(ProtocolFeature.required(forServerDataType: 4) == .chat)
        #expect(ProtocolFeature.required(forServerDataType: 5) == .closing)
        #expect(ProtocolFeature.required(forServerDataType: 6) == .errors)
        #expect(ProtocolFeature.required(forServerDataType: 12) == .chatLotEvents)
        #expect(ProtocolFeature.required(forServerDataType: 13) == ProtocolFeature("push-13"))
    }

    @Test func capabilitiesComeFromTheHelloReply() {
        let reply = WireReply(completionID: 1, result: true, fields: JSONObject([
            ("server", .string("auction-server")), ("version", .string("0.1.0")),
            ("features", .array([.string("subscribe"), .string("closing")])),
        ]))
        let capabilities = ServerCapabilities(helloReply: reply)
        #expect(capabilities?.dialect == .auction)
        #expect(capabilities?.supports(.subscribe) == true)
        #expect(capabilities?.supports(.chat) == false)
        #expect(ServerCapabilities(helloReply: WireReply(completionID: 1, result: false)) == nil, "a refused hello is the original")
    }

    @Test func anOriginalSessionReplaysOnlyItsListState() {
        let session = SocketSession(dialect: .original)
        session.token = "t"
        session.loadedPages = 2
        session.subscribe([3])
        session.join(room: "product-3")
        let messages = session.replayFrames().compactMap { try? ClientMessage(frame: $0) }
        #expect(messages == [.listState(stateNumber: 1)])
    }

    @Test func anAutoSessionLeavesTheListStateToItsProbe() {
        let session = SocketSession(dialect: .auto)
        session.token = "t"
        session.loadedPages = 2
        let messages = session.replayFrames().compactMap { try? ClientMessage(frame: $0) }
        #expect(messages == [.login(token: "t")])
    }
}

extension DialectTests {
    @Test func aHelloWithAnOverlongClientNameIsMalformed() {
        let frame = Frame(dataType: 11, data: ["client": .string(String(repeating: "x", count: 65)), "features": .array([])])
        #expect(throws: WireError.self) { try ClientMessage(frame: frame) }
    }
}
