/// One request/response over its own connection. Its loop-thread state completes exactly once:
/// with the response, a mapped connect error, a timeout, an early close, or cancellation.
/// `@unchecked Sendable`: `start` and `cancel` hop to the loop; all state is touched there.
final class HTTPClientExchange: @unchecked Sendable {
    private let request: HTTPRequest
    private let baseURL: HTTPBaseURL
    private let configuration: HTTPClient.Configuration
    private let loop: EventLoop
    private var parser: HTTPResponseParser
    private var connection: TCPConnection?
    private var timer: TimerID?
    private var completion: ((Result<HTTPResponse, HTTPError>) -> Void)?
    private var cancelled = false

    init(request: HTTPRequest, baseURL: HTTPBaseURL, configuration: HTTPClient.Configuration, loop: EventLoop) {
        self.request = request
        self.baseURL = baseURL
        self.configuration = configuration
        self.loop = loop
        parser = HTTPResponseParser(requestMethod: request.method, limits: configuration.limits)
    }

    /// Connects and sends; `completion` runs once on the loop thread.
    func start(_ completion: @escaping @Sendable (Result<HTTPResponse, HTTPError>) -> Void) {
        loop.execute { [self] in
            self.completion = completion
            guard !cancelled else { return finish(.failure(.connectionClosed(address: baseURL.authority, detail: "cancelled"))) }
            TCPConnection.connect(host: baseURL.host, port: baseURL.port,
                                  timeoutMilliseconds: configuration.connectTimeoutMilliseconds, on: loop) { [self] result in
                switch result {
                case .success(let connection): connected(connection)
                case .failure(let error): finish(.failure(unreachable(error)))
                }
            }
        }
    }

    /// Gives up: the connection is dropped and the caller gets an error.
    func cancel() {
        loop.execute { [self] in
            cancelled = true
            finish(.failure(.connectionClosed(address: baseURL.authority, detail: "cancelled")))
        }
    }

    private func connected(_ connection: TCPConnection) {
        guard completion != nil else { return connection.abort() }
        self.connection = connection
        connection.outputLimit = max(connection.outputLimit, request.body.count + 65_536)
        connection.onRead = { [self] bytes in
            parser.append(bytes)
            do throws(HTTPError) {
                if let response = try parser.next() { finish(.success(response)) }
            } catch {
                finish(.failure(error))
            }
        }
        connection.onClose = { [self] error in
            self.connection = nil
            do throws(HTTPError) {
                if let response = try parser.finish() { return finish(.success(response)) }
                let detail = error.map(\.description) ?? "the server closed the connection"
                finish(.failure(.connectionClosed(address: baseURL.authority, detail: detail)))
            } catch {
                finish(.failure(error))
            }
        }
        timer = loop.schedule(afterMilliseconds: configuration.responseTimeoutMilliseconds) { [self] in
            timer = nil
            finish(.failure(.responseTimeout(address: baseURL.authority, milliseconds: configuration.responseTimeoutMilliseconds)))
        }
        if !connection.write(request.serialized()) {
            finish(.failure(.connectionClosed(address: baseURL.authority, detail: "could not send the request")))
        }
    }

    private func finish(_ result: Result<HTTPResponse, HTTPError>) {
        guard let completion else { return }
        self.completion = nil
        if let timer { loop.cancel(timer) }
        timer = nil
        if let connection {
            self.connection = nil
            connection.onRead = nil
            connection.onClose = nil
            if case .success = result { connection.close() } else { connection.abort() }
        }
        completion(result)
    }

    /// The connect error in words for "cannot reach <address>: <detail>".
    private func unreachable(_ error: SocketError) -> HTTPError {
        let detail: String
        switch error {
        case .connectionRefused: detail = "connection refused"
        case .timedOut(_, let milliseconds): detail = "no answer within \(milliseconds) ms"
        case .resolve(_, let reason): detail = "cannot resolve host (\(reason))"
        case .connect(_, let errno): detail = errno.phrase
        case .invalidPort(let port): detail = "invalid port \(port)"
        case .eventLoopShutdown: detail = "the client is shutting down"
        default: detail = error.description
        }
        return .unreachable(address: baseURL.authority, detail: detail)
    }
}
