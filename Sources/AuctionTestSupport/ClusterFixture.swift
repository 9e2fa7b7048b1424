import AuctionInfrastructure
import Foundation
import Glibc

/// N real `auction-server` nodes sharing one PostgreSQL database (`--store URL`), each on free
/// loopback ports with its `listening` line parsed, for cluster and fault tests. `stop()` (and
/// deinit) ends every node that still runs; a node can be killed with SIGKILL mid-test.
public final class ClusterFixture: Sendable {
    /// The nodes in start order (a killed node stays in the list, no longer running).
    public let nodes: [ServerProcess]
    /// The store every node was given.
    public let storeURL: String
    /// A folder of the fixture's own (each node's `XDG_DATA_HOME`, so nothing lands in the user's).
    public let directory: TemporaryDirectory

    /// Starts `count` nodes on `storeURL` with `arguments` added to each (e.g. `--allow-anonymous-bids`,
    /// a short store timeout); the first node starts alone (it migrates the schema and seeds the demo
    /// catalogue), the others together. Throws when any node does not print its line within `timeout`.
    public init(nodes count: Int, storeURL: String, arguments: [String] = [], timeout: TimeInterval = 60) throws {
        self.storeURL = storeURL
        directory = try TemporaryDirectory(prefix: "auction-cluster")
        let directory = directory
        let start = { @Sendable (index: Int) throws -> ServerProcess in
            try ServerProcess(arguments: ["--store", storeURL] + arguments,
                              environment: ["XDG_DATA_HOME": directory.file("node-\(index)")], timeout: timeout)
        }
        var started: [ServerProcess] = []
        do {
            started.append(try start(1))
            let others = Mutex<[Int: Result<ServerProcess, Error>]>([:])
            DispatchQueue.concurrentPerform(iterations: max(0, count - 1)) { offset in
                let result = Result { try start(offset + 2) }
                others.withLock { $0[offset + 2] = result }
            }
            let results = others.withLock { $0 }
            for index in results.keys.sorted() { started.append(try results[index]!.get()) }
        } catch {
            started.forEach { $0.process.kill() }
            directory.remove()
            throw error
        }
        nodes = started
    }

    /// The nodes' socket ports, in node order.
    public var socketPorts: [Int] { nodes.map(\.socketPort) }

    /// The nodes' HTTP ports, in node order.
    public var httpPorts: [Int] { nodes.map(\.httpPort) }

    /// Kills node `index` with SIGKILL and waits until it is gone.
    public func kill(_ index: Int) {
        nodes[index].process.kill()
    }

    /// Whether node `index` still runs.
    public func isRunning(_ index: Int) -> Bool { nodes[index].process.isRunning }

    /// Everything node `index` wrote to standard error (its log).
    public func log(_ index: Int) -> String { nodes[index].stderr }

    /// Stops every running node (SIGTERM, SIGKILL after `timeout` seconds) and removes the folder.
    public func stop(timeout: TimeInterval = 10) {
        for node in nodes where node.process.isRunning { node.send(SIGTERM) }
        for node in nodes where node.waitForExit(timeout: timeout) == nil { node.process.kill() }
        directory.remove()
    }

    deinit { stop() }
}
