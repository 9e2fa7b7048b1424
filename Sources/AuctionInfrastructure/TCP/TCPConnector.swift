import Glibc

/// One outgoing connect: resolve, then try each address with a non-blocking `connect`, waiting
/// for `EPOLLOUT` and reading `SO_ERROR`, all under one deadline. Completes exactly once, on the loop.
final class TCPConnector: EventHandler {
    private let loop: EventLoop
    private let target: SocketAddress
    private let timeoutMilliseconds: Int64
    /// The numeric address to connect from (a loopback alias in tests and benchmarks), or nil for the kernel's choice.
    private let localHost: String?
    private var completion: ((Result<TCPConnection, SocketError>) -> Void)?
    private var addresses: [SocketAddressStorage] = []
    private var nextIndex = 0
    private var fd: CInt = -1
    private var registration: UInt64?
    private var timer: TimerID?
    private var lastError: SocketError?
    private var tracking: UInt64?

    init(target: SocketAddress, timeoutMilliseconds: Int64, localHost: String? = nil, on loop: EventLoop,
         completion: @escaping (Result<TCPConnection, SocketError>) -> Void) {
        self.loop = loop
        self.localHost = localHost
        self.target = target
        self.timeoutMilliseconds = timeoutMilliseconds
        self.completion = completion
    }

    /// Starts the deadline and makes the loop's shutdown fail this connect (loop thread).
    func start() {
        tracking = loop.track(self)
        timer = loop.scheduleOnLoop(afterMilliseconds: timeoutMilliseconds) { [self] in
            timer = nil
            finish(.failure(.timedOut(target, milliseconds: timeoutMilliseconds)))
        }
    }

    /// Resolution finished: try the addresses in order (loop thread).
    func resolved(_ result: Result<[SocketAddressStorage], SocketError>) {
        guard completion != nil else { return }
        switch result {
        case let .success(addresses):
            self.addresses = addresses
            tryNextAddress()
        case let .failure(error):
            finish(.failure(error))
        }
    }

    private func tryNextAddress() {
        while nextIndex < addresses.count {
            let address = addresses[nextIndex]
            nextIndex += 1
            do {
                fd = try Syscall.socket(family: address.family)
            } catch {
                lastError = .systemCall("socket", error)
                continue
            }
            if let localHost {
                do {
                    try Syscall.bind(fd, SocketAddressStorage(numericHost: localHost, port: 0) ?? SocketAddressStorage())
                } catch {
                    lastError = .systemCall("bind", error)
                    closeSocket()
                    continue
                }
            }
            do {
                try Syscall.connect(fd, address)
                return connected()
            } catch .inProgress {
                do {
                    registration = try loop.register(fd, events: LinuxConstants.epollOut, handler: self)
                    return
                } catch {
                    lastError = .systemCall("epoll_ctl", error)
                }
            } catch {
                lastError = connectError(error)
            }
            closeSocket()
        }
        finish(.failure(lastError ?? .connect(target, .connectionRefused)))
    }

    func handleEvents(_ events: UInt32) {
        if let registration {
            loop.unregister(fd, registration: registration)
            self.registration = nil
        }
        let code: CInt
        do {
            code = try Syscall.option(fd, level: SOL_SOCKET, name: SO_ERROR)
        } catch {
            code = error.rawValue
        }
        guard code != 0 else { return connected() }
        lastError = connectError(Errno(rawValue: code))
        closeSocket()
        tryNextAddress()
    }

    func loopDidShutDown() {
        registration = nil
        finish(.failure(.eventLoopShutdown))
    }

    private func connected() {
        let socket = fd
        fd = -1
        do {
            let connection = try TCPConnection(adopting: socket, on: loop)
            finish(.success(connection))
        } catch {
            Syscall.close(socket)
            finish(.failure(.systemCall("epoll_ctl", error)))
        }
    }

    private func connectError(_ error: Errno) -> SocketError {
        error == .connectionRefused ? .connectionRefused(target) : .connect(target, error)
    }

    private func closeSocket() {
        guard fd >= 0 else { return }
        if let registration { loop.unregister(fd, registration: registration) }
        registration = nil
        Syscall.close(fd)
        fd = -1
    }

    private func finish(_ result: Result<TCPConnection, SocketError>) {
        guard let completion else { return }
        self.completion = nil
        if let timer { loop.cancel(timer) }
        timer = nil
        if let tracking { loop.untrack(tracking) }
        tracking = nil
        closeSocket()
        completion(result)
    }
}
