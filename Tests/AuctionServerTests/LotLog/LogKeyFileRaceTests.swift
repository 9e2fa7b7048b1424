import AuctionInfrastructure
@testable import AuctionServer
import AuctionTestSupport
import Dispatch
import Foundation
import Glibc
import Synchronization
import Testing

/// Two nodes given the same key path start together. Once the second node's `O_EXCL` create failed
/// with "File exists" (seen in the suite's two-node start), and a node could read the other's key
/// half written. Now every starter ends with the one key on disk.
@Suite struct LogKeyFileRaceTests {
    @Test func startersRacingOnOneKeyPathAllGetTheKeyOnDisk() throws {
        let directory = try TemporaryDirectory(prefix: "auction-log-key-race")
        defer { directory.remove() }
        for round in 0..<200 {
            let path = directory.file("key-\(round).pem")
            let outcomes = Mutex<[Result<[UInt8], ServerError>]>([])
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                let outcome: Result<[UInt8], ServerError>
                do throws(ServerError) {
                    outcome = .success(try LogKeyFile.loadOrCreate(path).publicKey)
                } catch {
                    outcome = .failure(error)
                }
                outcomes.withLock { $0.append(outcome) }
            }
            let keys = try outcomes.withLock { all in try all.map { try $0.get() } }
            let onDisk = try LogKeyFile.loadOrCreate(path).publicKey
            #expect(keys.allSatisfy { $0 == onDisk }, "round \(round)")
            var status = stat()
            #expect(stat(path, &status) == 0 && status.st_mode & 0o777 == 0o600)
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { !$0.hasSuffix(".pem") }
        #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")
    }
}
