import Foundation

/// The `listening http=HOST:PORT socket=HOST:PORT` line `auction-server` prints once it accepts connections.
public struct ListeningLine: Hashable, Sendable {
    /// The line from `listening` on.
    public var text: String
    /// The HTTP address, e.g. `127.0.0.1:41234`.
    public var http: String
    /// The socket address, e.g. `127.0.0.1:41235`.
    public var socket: String

    /// The first such line in `output`, or nil when none is complete yet.
    public init?(in output: String) {
        for line in output.split(separator: "\n") {
            guard let start = line.range(of: "listening http=") else { continue }
            let fields = line[start.lowerBound...].split(separator: " ")
            let http = fields.first { $0.hasPrefix("http=") }.map { String($0.dropFirst(5)) }
            let socket = fields.first { $0.hasPrefix("socket=") }.map { String($0.dropFirst(7)) }
            if let http, let socket {
                self.text = String(line[start.lowerBound...])
                self.http = http
                self.socket = socket
                return
            }
        }
        return nil
    }

    /// The port at the end of a `HOST:PORT` address (0 when there is none).
    public static func port(of address: String) -> Int { Int(address.split(separator: ":").last ?? "") ?? 0 }

    /// Polls `process`'s standard output until the line appears, the process exits or `timeout` seconds pass.
    static func read(from process: SpawnedProcess, within timeout: TimeInterval) -> ListeningLine? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline && process.isRunning {
            if let line = ListeningLine(in: process.stdout) { return line }
            usleep(10_000)
        }
        return ListeningLine(in: process.stdout)
    }
}
