/// One request/response on a reused or new connection. Its loop-thread state completes exactly
/// once: with the response, a mapped connect error, a timeout, an early close, or cancellation.
/// A reused connection that closes before any byte of the answer is replaced by a new one, once.
/// Used only on the loop thread (`HTTPClient.send` hands it over in a `LoopBound`); deliberately not `Sendable`.
final class HTTPClientExchange {
    private let request: HTTPRequest
    private let baseURL: HTTPBaseURL
    private let configuration: HTTPClient.Configuration
    private let loop: EventLoop
    private let pool: LoopBound<HTTPConnectionPool>?
    private var parser: HTTPResponseParser
    private var connection: TCPConnection?
    private var reused = false
    private var receivedBytes = 0
    private var timer: TimerID?
    private var completion: ((Result<HTTPResponse, HTTPError>) -> Void)?
    private var cancelled = false
    /// The `connectionClosed` detail of a request its caller cancelled.
    static let cancelledDetail = "cancelled"

    private let onUploadProgress: (@Sendable (Int, Int) -> Void)?
    private var progressTimer: TimerID?
    /// Requests smaller than this go out at once: no progress is told.
    static let progressThreshold = 256 * 1024
    /// How often the upload's progress is told.
    static let progressMilliseconds: Int64 = 100

    init(request: HTTPRequest, baseURL: HTTPBaseURL, configuration: HTTPClient.Configuration, loop: EventLoop,
         pool: LoopBound<HTTPConnectionPool>?, onUploadProgress: (@Sendable (Int, Int) -> Void)? = nil) {
        self.onUploadProgress = onUploadProgress
        self.request = request
        self.baseURL = baseURL
        self.configuration = configuration
        self.loop = loop
        self.pool = pool
        parser = HTTPResponseParser(requestMethod: request.method, limits: configuration.limits)
    }

    /// Sends on a kept connection or a new one; `completion` runs once (loop thread).
    func start(_ completion: @escaping (Result<HTTPResponse, HTTPError>) -> Void) {
        self.completion = completion
        guard !cancelled else { return finish(.failure(.connectionClosed(address: baseURL.authority, detail: Self.cancelledDetail))) }
        if let kept = pool?.value.take() {
            reused = true
            connected(kept)
        } else {
            connect()
        }
    }

    /// Gives up: the connection is dropped and the caller gets an error (loop thread).
    func cancel() {
        cancelled = true
        finish(.failure(.connectionClosed(address: baseURL.authority, detail: Self.cancelledDetail)))
    }

    private func connect() {
        var tls: TLSContext?
        if baseURL.isSecure {
            do {
                tls = try TLSContext.client(caFile: configuration.caFile, http: true)
            } catch {
                return finish(.failure(.unreachable(address: baseURL.authority, detail: error.description)))
            }
        }
        TCPConnection.connect(host: baseURL.host, port: baseURL.port,
                              timeoutMilliseconds: configuration.connectTimeoutMilliseconds, on: loop, tls: tls) { [self] result in
            switch result {
            case .success(let connection): connected(connection)
            case .failure(let error): finish(.failure(unreachable(error)))
            }
        }
    }

    private func connected(_ connection: TCPConnection) {
        guard completion != nil else { return connection.abort() }
        self.connection = connection
        connection.outputLimit = max(connection.outputLimit, request.body.count + 65_536)
        connection.readsInputBeforeSendFailure = true  // a refusal sent while the body was going out is still read
        connection.onRead = { [self] bytes in
            receivedBytes += bytes.count
            parser.append(bytes)
            do throws(HTTPError) {
                if let response = try parser.next() { finish(.success(response)) }
            } catch {
                finish(.failure(error))
            }
        }
        connection.onClose = { [self] error in
            self.connection = nil
            if reused && receivedBytes == 0 && completion != nil {
                // The server closed the kept connection as we reused it: try once more on a new one.
                reused = false
                if let timer { loop.cancel(timer) }
                timer = nil
                return connect()
            }
            do throws(HTTPError) {
                if let response = try parser.finish() { return finish(.success(response)) }
                let detail = error.map(\.description) ?? "the server closed the connection"
                finish(.failure(.connectionClosed(address: baseURL.authority, detail: detail)))
            } catch {
                finish(.failure(error))
            }
        }
        if let timer { loop.cancel(timer) }
        timer = loop.scheduleOnLoop(afterMilliseconds: configuration.responseTimeoutMilliseconds) { [self] in
            timer = nil
            finish(.failure(.responseTimeout(address: baseURL.authority, milliseconds: configuration.responseTimeoutMilliseconds)))
        }
        let bytes = request.serialized()
        if !connection.write(bytes) {
            return finish(.failure(.connectionClosed(address: baseURL.authority, detail: "could not send the request")))
        }
        if onUploadProgress != nil, bytes.count >= Self.progressThreshold { tellProgress(of: connection, total: bytes.count) }
    }

    /// Tells how much of the request the connection has handed to the kernel, again every tenth of a
    /// second until all of it has gone (loop thread).
    private func tellProgress(of connection: TCPConnection, total: Int) {
        guard completion != nil, let onUploadProgress else { return }
        let sent = max(0, total - connection.bufferedOutputBytes)
        onUploadProgress(sent, total)
        guard sent < total else { return }
        progressTimer = loop.scheduleOnLoop(afterMilliseconds: Self.progressMilliseconds) { [self] in
            progressTimer = nil
            tellProgress(of: connection, total: total)
        }
    }

    private func finish(_ result: Result<HTTPResponse, HTTPError>) {
        guard let completion else { return }
        self.completion = nil
        if let timer { loop.cancel(timer) }
        timer = nil
        if let progressTimer { loop.cancel(progressTimer) }
        progressTimer = nil
        if let connection {
            self.connection = nil
            connection.onRead = nil
            connection.onClose = nil
            switch result {
            case .success(let response) where pool != nil && !response.closesConnection && parser.bufferedBytes == 0:
                pool?.value.give(connection)
            case .success:
                connection.close()
            case .failure:
                connection.abort()
            }
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
        case .tlsVerification(_, let sentence): detail = sentence
        default: detail = error.description
        }
        return .unreachable(address: baseURL.authority, detail: detail)
    }
}
