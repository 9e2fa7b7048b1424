/// One server connection's HTTP state as a value: bytes in, actions out. It parses requests
/// in order, lets one request at a time be answered (pipelined ones wait; past a bound the shell
/// stops reading, see `wantsReadingPaused`), decides keep-alive, answers what arrived before the
/// client half-closed, and turns slow, silent and idle clients into 408 or a close. The I/O shell
/// only performs the actions; time is passed in (monotonic milliseconds).
public struct HTTPServerSession: Sendable {
    /// Limits and timeouts for one connection.
    public struct Configuration: Hashable, Sendable {
        /// Request size limits.
        public var limits: HTTPRequestParser.Limits
        /// Time allowed for a request to arrive in full, from its first byte, or from the
        /// connection's start for the first request (late: 408, then close).
        public var requestTimeoutMilliseconds: Int64
        /// Time a kept-alive connection may sit idle between requests (then it is closed).
        public var idleTimeoutMilliseconds: Int64
        /// Most bytes buffered for pipelined requests while one is being answered (more: stop reading).
        public var pipelineBytes: Int
        /// Time a handler may take to answer (late: 503, then close; its answer is dropped).
        public var handlerTimeoutMilliseconds: Int64
        /// Whether request-level refusals (413, 414, 431, 400, 408, 501, 505) carry a JSON body
        /// `{"error": "<sentence>", "reason": "<code>"}` (`HTTPError.reasonCode`) instead of a line of text.
        public var refusesWithJSON = false

        /// Creates a configuration; the defaults suit the catalogue API.
        public init(limits: HTTPRequestParser.Limits = .init(), requestTimeoutMilliseconds: Int64 = 10_000,
                    idleTimeoutMilliseconds: Int64 = 60_000, pipelineBytes: Int? = nil,
                    handlerTimeoutMilliseconds: Int64 = 30_000) {
            self.limits = limits
            self.requestTimeoutMilliseconds = requestTimeoutMilliseconds
            self.idleTimeoutMilliseconds = idleTimeoutMilliseconds
            self.pipelineBytes = pipelineBytes ?? limits.requestBytes
            self.handlerTimeoutMilliseconds = handlerTimeoutMilliseconds
        }
    }

    /// What the I/O shell must do, in order.
    public enum Action: Hashable, Sendable {
        /// Give the request to the handler; answer through `respond`.
        case dispatch(HTTPRequest)
        /// A request's head arrived with `bodyLength` body bytes to come: the shell may refuse it now
        /// (`refuse`), before its body is read.
        case screen(HTTPRequest, bodyLength: Int)
        /// Send these bytes.
        case write([UInt8])
        /// Close the connection after what was written is flushed.
        case close
    }

    private struct Pending: Sendable {
        var isHead: Bool
        var keepAlive: Bool
        var version: HTTPVersion
        var since: Int64
    }

    /// The configuration in force.
    public let configuration: Configuration
    private var parser: HTTPRequestParser
    private var pending: Pending?
    private var closing = false
    private var inputEnded = false
    private var served = 0
    private var openedAt: Int64
    private var partialSince: Int64?
    private var idleSince: Int64

    /// Creates the state of a connection opened at `now`.
    public init(configuration: Configuration = .init(), now: Int64) {
        self.configuration = configuration
        parser = HTTPRequestParser(limits: configuration.limits)
        openedAt = now
        idleSince = now
    }

    /// Whether the connection is being closed; nothing more will be done.
    public var isClosing: Bool { closing }

    /// Whether a request has been dispatched and awaits its response.
    public var isAwaitingResponse: Bool { pending != nil }

    /// Whether the shell should stop reading: pipelined bytes past the bound wait for the answer.
    public var wantsReadingPaused: Bool { pending != nil && parser.bufferedBytes > configuration.pipelineBytes }

    /// Requests answered so far.
    public var requestsServed: Int { served }

    /// When `checkTimeouts` next has something to do, or nil when no timer is needed.
    public var nextDeadline: Int64? {
        if closing { return nil }
        if let pending { return pending.since + configuration.handlerTimeoutMilliseconds }
        if inputEnded { return nil }
        if let since = partialSince { return since + configuration.requestTimeoutMilliseconds }
        if served == 0 { return openedAt + configuration.requestTimeoutMilliseconds }
        return idleSince + configuration.idleTimeoutMilliseconds
    }

    /// Bytes arrived from the client.
    public mutating func receive(_ bytes: UnsafeRawBufferPointer, now: Int64) -> [Action] {
        if closing { return [] }
        parser.append(bytes)
        if pending != nil { return [] }
        return drain(now: now)
    }

    /// Bytes arrived from the client.
    public mutating func receive(_ bytes: [UInt8], now: Int64) -> [Action] {
        bytes.withUnsafeBytes { receive($0, now: now) }
    }

    /// The handler's answer to the dispatched request.
    public mutating func respond(_ response: HTTPResponse, now: Int64, date: String? = nil) -> [Action] {
        guard let request = pending, !closing else { return [] }
        pending = nil
        served += 1
        idleSince = now
        let keepAlive = request.keepAlive && !response.headers.contains(token: "close", in: "Connection")
        let connection: String? = keepAlive ? (request.version == .http1_0 ? "keep-alive" : nil) : "close"
        var bytes: [UInt8] = []
        response.write(into: &bytes, connection: connection, includeBody: !request.isHead, date: date)
        guard keepAlive else {
            closing = true
            return [.write(bytes), .close]
        }
        return [.write(bytes)] + drain(now: now)
    }

    /// Refuses the request being read (its head screened out): `response` is sent with `Connection:
    /// close` and the connection closes; the body is never read.
    public mutating func refuse(_ response: HTTPResponse, date: String? = nil) -> [Action] {
        guard !closing else { return [] }
        closing = true
        pending = nil
        return [.write(response.serialized(connection: "close", date: date)), .close]
    }

    /// The client half-closed (EOF): requests already received are still answered, then the
    /// connection closes; a request cut short is dropped.
    public mutating func inputClosed(now: Int64) -> [Action] {
        if closing { return [] }
        inputEnded = true
        if pending != nil { return [] }
        closing = true
        return [.close]
    }

    /// Applies the timeouts due at `now`.
    public mutating func checkTimeouts(now: Int64) -> [Action] {
        guard let deadline = nextDeadline, now >= deadline else { return [] }
        closing = true
        if pending != nil {
            pending = nil
            let late = HTTPResponse.text(.serviceUnavailable, "the server did not answer in time; try again\n")
            return [.write(late.serialized(connection: "close", date: HTTPDate.format(secondsSinceEpoch: HTTPDate.nowSeconds()))), .close]
        }
        if partialSince == nil && served > 0 { return [.close] }
        return [.write(HTTPServerSession.errorResponse(.requestTimeout, json: configuration.refusesWithJSON)), .close]
    }

    /// The client closed its side or the connection failed.
    public mutating func peerClosed() {
        closing = true
    }

    private mutating func drain(now: Int64) -> [Action] {
        var actions: [Action] = []
        while pending == nil && !closing {
            guard let event = parser.next() else {
                partialSince = parser.hasPartialRequest ? (partialSince ?? now) : nil
                if inputEnded {
                    closing = true
                    actions.append(.close)
                }
                break
            }
            switch event {
            case .head(let request, let length):
                actions.append(.screen(request, bodyLength: length))
            case .expectsContinue:
                actions.append(.write(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)))
            case .request(let request):
                pending = Pending(isHead: request.method == .head, keepAlive: request.keepAlive, version: request.version,
                                  since: now)
                partialSince = nil
                actions.append(.dispatch(request))
            case .failure(let error):
                closing = true
                actions.append(.write(HTTPServerSession.errorResponse(error, json: configuration.refusesWithJSON)))
                actions.append(.close)
            }
        }
        return actions
    }

    /// The bytes of a refusal for a request-level error, closing the connection: a line of text, or
    /// (`json`) `{"error": "<sentence>", "reason": "<code>"}`.
    static func errorResponse(_ error: HTTPError, json: Bool = false) -> [UInt8] {
        let status = error.status ?? .badRequest
        let response = json
            ? HTTPResponse(status: status, contentType: "application/json; charset=utf-8", body: JSONValue.object(JSONObject([
                ("error", .string(error.description)), ("reason", .string(error.reasonCode ?? "malformed_request")),
            ])).serialized())
            : HTTPResponse.text(status, error.description + "\n")
        return response.serialized(connection: "close", date: HTTPDate.format(secondsSinceEpoch: HTTPDate.nowSeconds()))
    }
}
