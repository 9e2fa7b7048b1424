import AuctionCore
import AuctionInfrastructure
import AuctionLotLog
import AuctionTestSupport
import Foundation
import Testing

/// docs/PROTOCOL.md's test vectors are what the code writes, and read back to what they say: the
/// document and the code cannot drift apart.
@Suite struct ProtocolVectorTests {
    private static let protocolPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/PROTOCOL.md").path

    /// The document has no vectors block.
    private struct NoVectors: Error {}

    /// The lines of the document's ```lotlog-vectors block.
    private func documentBlock() throws -> [String] {
        let text = try String(contentsOfFile: Self.protocolPath, encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: "```lotlog-vectors"), let end = lines[(start + 1)...].firstIndex(of: "```") else {
            throw NoVectors()
        }
        return Array(lines[(start + 1)..<end])
    }

    /// The value after `label ` on the block's line starting with it (the first after `from`).
    private func value(_ label: String, in lines: [String]) throws -> String {
        let line = try #require(lines.first { $0.hasPrefix(label + " ") }, "no `\(label)` line")
        return String(line.dropFirst(label.count + 1))
    }

    @Test func theDocumentHoldsWhatTheCodeWrites() throws {
        let block = try documentBlock().joined(separator: "\n")
        #expect(block == ProtocolVectors.text, "docs/PROTOCOL.md's vectors should read:\n\(ProtocolVectors.text)")
    }

    @Test func theDocumentsEntriesDecodeToTheirFieldsAndChain() throws {
        // Given each entry of the document's block: its fields, bytes and hash
        let lines = try documentBlock()
        var previous = LotLogChain.genesis
        var entries: [ServedEntry] = []
        var kinds: Set<String> = []
        for (index, line) in lines.enumerated() where line.hasPrefix("entry ") {
            let bytes = try #require(Hex.decode(try value("bytes", in: Array(lines[(index + 1)...]))))
            let hash = try #require(Hex.decode(try value("hash", in: Array(lines[(index + 1)...]))))
            // When the bytes are decoded, then they say what the fields line says, encode back alike and chain
            let entry = try LotLogEntry(canonicalBytes: bytes)
            #expect(ProtocolVectors.fields(entry) == line)
            #expect(entry.canonicalBytes == bytes)
            #expect(LotLogChain.hash(of: bytes, after: previous) == hash, "entry \(entry.seq)")
            previous = hash
            entries.append(ServedEntry(seq: entry.seq, bytes: bytes, hash: hash))
            kinds.insert(entry.event.kindName)
        }
        #expect(kinds.isSuperset(of: ["listed", "bid", "extended", "retracted", "closed"]))
        // And the log they make verifies under the auction's rules
        let log = ProtocolVectors.log
        _ = try LotLogVerifierTests.verifier.verify(LotLogVerifier.Input(lot: ProtocolVectors.lot, entries: entries,
                                                                          head: log.signedHead(), keys: [log.houseKey]))
    }

    @Test func theDocumentsSignedHeadVerifies() throws {
        let lines = try documentBlock()
        // The key: RFC 8032 TEST 1's seed, its public key and id
        let seed = try #require(Hex.decode(try value("seed", in: lines)))
        let publicKey = try #require(Hex.decode(try value("public_key", in: lines)))
        #expect(Ed25519PrivateKey(seed: seed)?.publicKey == publicKey)
        #expect(Hex.encode(KeyID.of(publicKey: publicKey)) == (try value("key_id", in: lines)))
        // The leaves, each SHA-256(0x00 ‖ lot ‖ seq ‖ hash)
        var leaves: [[UInt8]] = []
        for line in lines where line.hasPrefix("leaf ") {
            let fields = Dictionary(uniqueKeysWithValues: line.dropFirst(5).split(separator: " ").map { part in
                (String(part.prefix { $0 != "=" }), String(part.drop { $0 != "=" }.dropFirst()))
            })
            let head = LogHead(lot: ProductID(Int(fields["lot"]!)!), seq: UInt64(fields["seq"]!)!, hash: Hex.decode(fields["hash"]!)!)
            #expect(Hex.encode(head.leafHash) == fields["leaf_hash"])
            leaves.append(head.leafHash)
        }
        #expect(leaves.count == 3)
        // The path from the lot's leaf (index 1) leads to the root; the message and signature verify
        let path = try value("path", in: lines).split(separator: " ").compactMap { Hex.decode(String($0)) }
        let root = try #require(HeadTree.root(from: leaves[1], index: 1, count: 3, path: path))
        #expect(Hex.encode(root) == (try value("root", in: lines)))
        #expect(HeadTree.root(leaves[...]) == root)
        let message = try #require(Hex.decode(try value("message", in: lines)))
        #expect(message == SignedHead.signedMessage(keyID: KeyID.of(publicKey: publicKey), signedAt: ProtocolVectors.signedAt,
                                                     leafCount: 3, root: root))
        let signature = try #require(Hex.decode(try value("signature", in: lines)))
        #expect(Ed25519.isValid(signature: signature, of: message, publicKey: publicKey))
    }
}
