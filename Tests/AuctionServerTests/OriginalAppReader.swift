import AuctionInfrastructure
import AuctionTestSupport
import Glibc

/// Reads a socket exactly as the original iOS app does: reads of at most 4,096 bytes; each read split
/// on `/`; each piece decoded strictly as a reply (`dataType` 1: `completionId`, `result`) or a price
/// push (2: `product_id`, `product_price`, `state`, `auction_date`, `beforePrice`). Any other piece (an
/// unknown type, a frame cut between two reads) throws, and the app discards the whole read.
struct OriginalAppReader {
    /// What the app got.
    struct Outcome: Sendable {
        /// Replies by completion id.
        var replies: [Int64: Bool] = [:]
        /// Price pushes as (product, price), in order.
        var prices: [(product: Int64, price: Int64)] = []
        /// Reads thrown away because a piece did not decode.
        var discardedReads = 0
        /// The pieces that did not decode.
        var badPieces: [String] = []
    }

    /// Reads (blocking, off the pool) until `done` holds, EOF, or the socket's 10 s receive timeout.
    static func read(_ socket: RawSocket, until done: @escaping @Sendable (Outcome) -> Bool) async -> Outcome {
        let fd = socket.fd
        return await offPool {
            var outcome = Outcome()
            var buffer = [UInt8](repeating: 0, count: 4_096)
            while !done(outcome) {
                let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, 4_096, 0) }
                guard count > 0 else { break }
                var replies: [(Int64, Bool)] = [], prices: [(product: Int64, price: Int64)] = []
                var failed: String?
                for piece in buffer[0..<count].split(separator: UInt8(ascii: "/")) {
                    guard let frame = try? JSONValue.parse(Array(piece)), let type = frame["dataType"]?.intValue,
                          let data = frame["data"] else {
                        failed = String(decoding: piece, as: UTF8.self)
                        break
                    }
                    if type == 1, let id = data["completionId"]?.intValue, let result = data["result"]?.boolValue {
                        replies.append((id, result))
                    } else if type == 2, let product = data["product_id"]?.intValue, let price = data["product_price"]?.intValue,
                              data["state"]?.boolValue != nil, data["auction_date"]?.stringValue != nil,
                              data["beforePrice"]?.intValue != nil {
                        prices.append((product, price))
                    } else {
                        failed = String(decoding: piece, as: UTF8.self)
                        break
                    }
                }
                if let failed {
                    outcome.discardedReads += 1
                    outcome.badPieces.append(failed)
                    continue
                }
                for (id, result) in replies { outcome.replies[id] = result }
                outcome.prices += prices
            }
            return outcome
        }
    }
}
