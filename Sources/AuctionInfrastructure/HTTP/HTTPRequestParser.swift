/// An incremental HTTP/1.x request parser: feed it bytes as they arrive (split anywhere), take
/// complete requests out in order. Memory is bounded by the limits; after a failure it stops.
public struct HTTPRequestParser: Sendable {
    /// How large a request may be; each limit has its own status code.
    public struct Limits: Hashable, Sendable {
        /// Longest request line, without its CRLF (longer: 414).
        public var requestLineBytes: Int
        /// Largest header section, CRLFs included (larger: 431).
        public var headerBytes: Int
        /// Most header fields (more: 431).
        public var headerFields: Int
        /// Largest body (larger: 413).
        public var bodyBytes: Int
        /// Larger bodies allowed on some exact paths (e.g. image uploads on `/images`); others keep `bodyBytes`.
        public var bodyBytesByPath: [String: Int] = [:]
        /// Whether a head with a body to follow is announced (`Event.head`) before the body is read.
        public var announcesHeads = false

        /// Creates limits; the defaults suit a JSON API.
        public init(requestLineBytes: Int = 8_192, headerBytes: Int = 16_384, headerFields: Int = 100,
                    bodyBytes: Int = 1_048_576) {
            self.requestLineBytes = requestLineBytes
            self.headerBytes = headerBytes
            self.headerFields = headerFields
            self.bodyBytes = bodyBytes
        }

        /// The most bytes one request can occupy.
        public var requestBytes: Int { requestLineBytes + 2 + headerBytes + bodyBytes }

        /// The largest body accepted for a request target (its path's own limit, else `bodyBytes`).
        public func bodyBytes(forTarget target: String) -> Int {
            guard !bodyBytesByPath.isEmpty else { return bodyBytes }
            let path = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? target
            return bodyBytesByPath[path] ?? bodyBytes
        }
    }

    /// What the parser has for the caller.
    public enum Event: Hashable, Sendable {
        /// A complete request.
        case request(HTTPRequest)
        /// A request's head has arrived and `bodyLength` (> 0) body bytes follow (only with
        /// `Limits.announcesHeads`): the server may refuse it now (authentication, a server-wide bound), before the body is read.
        case head(HTTPRequest, bodyLength: Int)
        /// The request head asked for `Expect: 100-continue` and its body has not all arrived:
        /// the server should send `100 Continue`.
        case expectsContinue
        /// The input is not an acceptable request; answer with the error's status and close.
        case failure(HTTPError)
    }

    private struct Head {
        var method: HTTPMethod
        var target: String
        var version: HTTPVersion
        var headers = HTTPHeaders()
        var headerBytes = 0
    }

    private enum State {
        case requestLine(skipped: Int)
        case headers(Head)
        case body(HTTPRequest, length: Int, continueAnnounced: Bool)
        case failed
    }

    /// The limits this parser enforces.
    public let limits: Limits
    private var buffer = HTTPInputBuffer()
    private var state = State.requestLine(skipped: 0)

    /// Creates a parser with the given limits.
    public init(limits: Limits = Limits()) { self.limits = limits }

    /// Appends bytes as they arrive.
    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        if case .failed = state { return }
        buffer.append(bytes)
    }

    /// Appends bytes as they arrive.
    public mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// Bytes received but not yet returned as part of a request.
    public var bufferedBytes: Int { buffer.count }

    /// Whether part of a request has arrived (the server's request timeout runs), as opposed to
    /// waiting between requests.
    public var hasPartialRequest: Bool {
        switch state {
        case .requestLine(let skipped): skipped > 0 || bufferedBytes > 0
        case .headers, .body: true
        case .failed: false
        }
    }

    /// Whether the parser has failed and will return nothing more.
    public var hasFailed: Bool {
        if case .failed = state { return true }
        return false
    }

    /// The next event, or nil when more bytes are needed.
    public mutating func next() -> Event? {
        while true {
            switch state {
            case .failed:
                return nil
            case .requestLine(let skipped):
                guard let line = buffer.nextLine(limit: limits.requestLineBytes - skipped) else {
                    if bufferedBytes + skipped > limits.requestLineBytes + 1 {
                        return fail(.requestLineTooLong(limit: limits.requestLineBytes))
                    }
                    if !HTTPRequestParser.couldStartRequestLine(buffer.peek(upTo: HTTPRequestParser.longestMethod + 1)) {
                        return fail(.malformedRequest("not an HTTP request line"))
                    }
                    return nil
                }
                switch line {
                case .tooLong:
                    return fail(.requestLineTooLong(limit: limits.requestLineBytes))
                case .line(let line) where line.isEmpty:
                    // Robustness (RFC 9112 §2.2): ignore empty lines before a request line.
                    state = .requestLine(skipped: skipped + 2)
                case .line(let line):
                    switch HTTPRequestParser.parseRequestLine(line) {
                    case .success(let parsed):
                        state = .headers(Head(method: parsed.method, target: parsed.target, version: parsed.version))
                    case .failure(let error): return fail(error)
                    }
                }
            case .headers(var head):
                let budget = limits.headerBytes - head.headerBytes
                guard let line = buffer.nextLine(limit: budget - 2) else {
                    if bufferedBytes > budget { return fail(.headersTooLarge(limit: limits.headerBytes)) }
                    return nil
                }
                guard case .line(let line) = line else { return fail(.headersTooLarge(limit: limits.headerBytes)) }
                head.headerBytes += line.count + 2
                if head.headerBytes > limits.headerBytes { return fail(.headersTooLarge(limit: limits.headerBytes)) }
                if line.isEmpty {
                    switch bodyLength(of: head) {
                    case .failure(let error): return fail(error)
                    case .success(let length):
                        let request = HTTPRequest(method: head.method, target: head.target, version: head.version,
                                                  headers: head.headers)
                        state = .body(request, length: length, continueAnnounced: false)
                        if length > 0 && limits.announcesHeads { return .head(request, bodyLength: length) }
                    }
                } else {
                    if head.headers.count >= limits.headerFields { return fail(.headersTooLarge(limit: limits.headerBytes)) }
                    switch HTTPRequestParser.parseField(line) {
                    case .success(let field): head.headers.add(name: field.name, value: field.value)
                    case .failure(let error): return fail(error)
                    }
                    state = .headers(head)
                }
            case .body(var request, let length, let announced):
                if bufferedBytes >= length {
                    request.body = Array(buffer.take(upTo: length))
                    state = .requestLine(skipped: 0)
                    return .request(request)
                }
                if !announced, request.version == .http1_1,
                   request.headers.contains(token: "100-continue", in: "Expect") {
                    state = .body(request, length: length, continueAnnounced: true)
                    return .expectsContinue
                }
                return nil
            }
        }
    }

    private mutating func fail(_ error: HTTPError) -> Event {
        state = .failed
        buffer.reset()
        return .failure(error)
    }

    private func bodyLength(of head: Head) -> Result<Int, HTTPError> {
        if head.version == .http1_1 {
            let hosts = head.headers.values(for: "Host")
            if hosts.count != 1 { return .failure(.malformedRequest("an HTTP/1.1 request needs exactly one Host header")) }
        }
        let codings = head.headers.values(for: "Transfer-Encoding")
        if let coding = codings.first { return .failure(.unsupportedTransferEncoding(coding)) }
        let lengths = head.headers.values(for: "Content-Length")
        // Without Content-Length a request has no body (RFC 9112 §6.3); bytes that follow are the next request.
        guard !lengths.isEmpty else { return .success(0) }
        var length: Int?
        for value in lengths {
            for item in value.split(separator: ",", omittingEmptySubsequences: false) {
                let text = item.trimmingSpaces
                guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                      let parsed = Int(text) else {
                    return .failure(.malformedRequest("invalid Content-Length '\(value)'"))
                }
                if let known = length, known != parsed {
                    return .failure(.malformedRequest("conflicting Content-Length values"))
                }
                length = parsed
            }
        }
        let body = length ?? 0
        let limit = limits.bodyBytes(forTarget: head.target)
        if body > limit { return .failure(.bodyTooLarge(limit: limit)) }
        return .success(body)
    }
}
