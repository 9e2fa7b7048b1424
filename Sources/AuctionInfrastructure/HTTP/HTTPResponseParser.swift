/// An incremental HTTP/1.x response parser for the client side: feed it bytes as they arrive,
/// take the response out when complete. Bodies are framed by `Content-Length`, by chunked
/// transfer coding, or by the end of the connection (see `finish()`). Interim 1xx responses are skipped.
public struct HTTPResponseParser: Sendable {
    /// How large a response may be.
    public struct Limits: Hashable, Sendable {
        /// Largest status line plus header section.
        public var headBytes: Int
        /// Largest body.
        public var bodyBytes: Int

        /// Creates limits; the defaults allow product images.
        public init(headBytes: Int = 65_536, bodyBytes: Int = 16_777_216) {
            self.headBytes = headBytes
            self.bodyBytes = bodyBytes
        }
    }

    private enum Framing {
        case length(Int)
        case chunked
        case untilEnd
    }

    private enum State {
        case statusLine
        case headers(HTTPResponse)
        case body(HTTPResponse, Framing, HTTPChunkedDecoder)
        case done
        case failed
    }

    /// The limits this parser enforces.
    public let limits: Limits
    /// The method of the request being answered (`HEAD` answers have no body).
    public var requestMethod: HTTPMethod
    private var buffer = HTTPInputBuffer()
    private var state = State.statusLine
    private var headBytes = 0

    /// Creates a parser for the answer to a request with this method.
    public init(requestMethod: HTTPMethod = .get, limits: Limits = Limits()) {
        self.requestMethod = requestMethod
        self.limits = limits
    }

    /// Appends bytes as they arrive.
    public mutating func append(_ bytes: UnsafeRawBufferPointer) { buffer.append(bytes) }

    /// Appends bytes as they arrive.
    public mutating func append(_ bytes: [UInt8]) { bytes.withUnsafeBytes { append($0) } }

    /// Bytes received and not yet part of a returned response.
    public var bufferedBytes: Int { buffer.count }

    /// Prepares for the next response on the same connection (keep-alive), answering `method`.
    public mutating func reset(requestMethod method: HTTPMethod) {
        requestMethod = method
        state = .statusLine
        headBytes = 0
    }

    /// The complete response, nil when more bytes are needed; throws on an invalid response.
    public mutating func next() throws(HTTPError) -> HTTPResponse? {
        while true {
            switch state {
            case .done, .failed:
                return nil
            case .statusLine:
                guard let line = try nextHeadLine() else { return nil }
                if line.isEmpty && headBytes == 2 {
                    headBytes = 0  // tolerate a stray CRLF before the status line
                    continue
                }
                state = .headers(try fail(HTTPResponseParser.parseStatusLine(line)))
            case .headers(var response):
                guard let line = try nextHeadLine() else { return nil }
                if !line.isEmpty {
                    let field = try fail(HTTPRequestParser.parseField(line).mapError { error in
                        HTTPError.malformedResponse("invalid header line (\(error))")
                    })
                    response.headers.add(name: field.name, value: field.value)
                    state = .headers(response)
                    continue
                }
                headBytes = 0
                if (100..<200).contains(response.status.code) {
                    state = .statusLine  // interim response such as 100 Continue
                    continue
                }
                let framing = try fail(framing(of: response))
                state = .body(response, framing, HTTPChunkedDecoder())
            case .body(var response, let framing, var chunks):
                state = .done  // drop the state's copy so appending to the body does not copy it
                switch framing {
                case .length(let length):
                    guard buffer.count >= length else {
                        state = .body(response, framing, chunks)
                        return nil
                    }
                    response.body = Array(buffer.take(upTo: length))
                    state = .done
                    return response
                case .untilEnd:
                    response.body.append(contentsOf: buffer.take(upTo: buffer.count))
                    if response.body.count > limits.bodyBytes {
                        throw failed(.responseTooLarge(limit: limits.bodyBytes))
                    }
                    state = .body(response, framing, chunks)
                    return nil
                case .chunked:
                    let complete: Bool
                    do throws(HTTPError) {
                        complete = try chunks.decode(from: &buffer, into: &response.body, limit: limits.bodyBytes)
                    } catch {
                        throw failed(error)
                    }
                    if complete {
                        state = .done
                        return response
                    }
                    state = .body(response, framing, chunks)
                    return nil
                }
            }
        }
    }

    /// Call when the connection has ended: the response if it is complete now (a body read to
    /// the end), nil when the connection ended too early.
    public mutating func finish() throws(HTTPError) -> HTTPResponse? {
        if let response = try next() { return response }
        if case .body(let response, .untilEnd, _) = state {
            state = .done
            return response
        }
        return nil
    }

    private mutating func nextHeadLine() throws(HTTPError) -> ArraySlice<UInt8>? {
        let budget = limits.headBytes - headBytes
        guard let line = buffer.nextLine(limit: budget - 2) else {
            if buffer.count > budget { throw failed(.responseTooLarge(limit: limits.headBytes)) }
            return nil
        }
        guard case .line(let bytes) = line else { throw failed(.responseTooLarge(limit: limits.headBytes)) }
        headBytes += bytes.count + 2
        return bytes
    }

    private func framing(of response: HTTPResponse) -> Result<Framing, HTTPError> {
        if requestMethod == .head || response.status.forbidsBody { return .success(.length(0)) }
        if let coding = response.headers.values(for: "Transfer-Encoding").last {
            guard response.headers.contains(token: "chunked", in: "Transfer-Encoding"),
                  HTTPHeaders.equalNames(coding.split(separator: ",").last?.trimmingSpaces ?? "", "chunked") else {
                return .failure(.malformedResponse("unsupported transfer coding '\(coding)'"))
            }
            return .success(.chunked)
        }
        let lengths = response.headers.values(for: "Content-Length")
        guard let first = lengths.first else { return .success(.untilEnd) }
        let text = first.trimmingSpaces
        guard lengths.allSatisfy({ $0.trimmingSpaces == text }), !text.isEmpty, text.utf8.count <= 18,
              text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let length = Int(text) else {
            return .failure(.malformedResponse("invalid Content-Length '\(first)'"))
        }
        if length > limits.bodyBytes { return .failure(.responseTooLarge(limit: limits.bodyBytes)) }
        return .success(.length(length))
    }

    private mutating func fail<T>(_ result: Result<T, HTTPError>) throws(HTTPError) -> T {
        switch result {
        case .success(let value): return value
        case .failure(let error): throw failed(error)
        }
    }

    private mutating func failed(_ error: HTTPError) -> HTTPError {
        state = .failed
        buffer.reset()
        return error
    }
}

extension HTTPResponseParser {
    /// Parses `HTTP/1.x SP code [SP reason]` into an empty response.
    static func parseStatusLine(_ line: ArraySlice<UInt8>) -> Result<HTTPResponse, HTTPError> {
        let parts = line.split(separator: 0x20, maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, case .success(let version) = HTTPRequestParser.parseVersion(parts[0]) else {
            return .failure(.malformedResponse("invalid status line"))
        }
        let codeBytes = parts[1]
        guard codeBytes.count == 3, codeBytes.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              let code = Int(String(decoding: codeBytes, as: UTF8.self)), code >= 100 else {
            return .failure(.malformedResponse("invalid status code"))
        }
        let reason = parts.count == 3 ? String(decoding: parts[2], as: UTF8.self) : ""
        return .success(HTTPResponse(status: HTTPStatus(code: code, reasonPhrase: reason), version: version))
    }
}
