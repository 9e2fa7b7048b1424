import AuctionTestSupport
import Foundation
import Testing

/// `auction verify` against a real `auction-server` whose SQLite file was tampered with while it was
/// stopped, as a dishonest house could: each tampering is named at its entry (exit 6), and a lot
/// nobody touched still verifies after the restart.
@Suite(.serialized) struct CLIVerifyTamperEndToEndTests {
    /// Tampers lot 1–6's logs in the database at `argv[1]`, one way each (the append-only triggers dropped
    /// first, as anyone with the file can); lot 5's head is re-signed with the key in `argv[2]`.
    private static let tamper = #"""
        import hashlib, sqlite3, struct, subprocess, sys
        db = sqlite3.connect(sys.argv[1])
        db.executescript("DROP TRIGGER lot_log_no_update; DROP TRIGGER lot_log_no_delete;")
        def row(lot, seq):
            return db.execute("SELECT entry, hash, signature_id FROM lot_log WHERE product_id=? AND seq=?", (lot, seq)).fetchone()
        # 1: bid entry 3's price raised by 1,000 (the header is version, kind, lot, seq at 10, time; then bid_seq, price at 34)
        entry = bytearray(row(1, 3)[0]); price = struct.unpack(">q", entry[34:42])[0]
        entry[34:42] = struct.pack(">q", price + 1000)
        db.execute("UPDATE lot_log SET entry=? WHERE product_id=1 AND seq=3", (bytes(entry),))
        # 2: bid entry 3 deleted
        db.execute("DELETE FROM lot_log WHERE product_id=2 AND seq=3")
        # 3: bid entries 2 and 3 swapped
        a, b = row(3, 2), row(3, 3)
        db.execute("UPDATE lot_log SET entry=?, hash=? WHERE product_id=3 AND seq=2", (b[0], b[1]))
        db.execute("UPDATE lot_log SET entry=?, hash=? WHERE product_id=3 AND seq=3", (a[0], a[1]))
        # 4: a phantom bid inserted as entry 3 (bid 2's bytes as entry 3 at a higher price, chained properly),
        # the later entries renumbered
        db.execute("UPDATE lot_log SET seq=seq+1000 WHERE product_id=4 AND seq>=3")
        db.execute("UPDATE lot_log SET seq=seq-999 WHERE product_id=4 AND seq>=1000")
        entry, previous, signature_id = row(4, 2)
        entry = bytearray(entry); entry[10:18] = struct.pack(">Q", 3)
        entry[34:42] = struct.pack(">q", struct.unpack(">q", entry[34:42])[0] + 100000)
        db.execute("INSERT INTO lot_log (product_id, seq, entry, hash, signature_id) VALUES (4, 3, ?, ?, ?)",
                   (bytes(entry), hashlib.sha256(previous + bytes(entry)).digest(), signature_id))
        # 5: the head's commit re-signed with another key
        signature_id = db.execute("SELECT signature_id FROM lot_log WHERE product_id=5 ORDER BY seq DESC LIMIT 1").fetchone()[0]
        signed_at, leaves = db.execute("SELECT signed_at, leaves FROM log_signatures WHERE id=?", (signature_id,)).fetchone()
        def root(nodes):
            if len(nodes) == 1: return nodes[0]
            k = 1
            while k * 2 < len(nodes): k *= 2
            return hashlib.sha256(b"\x01" + root(nodes[:k]) + root(nodes[k:])).digest()
        hashed = [hashlib.sha256(b"\x00" + leaves[i:i + 48]).digest() for i in range(0, len(leaves), 48)]
        public = subprocess.run(["openssl", "pkey", "-in", sys.argv[2], "-pubout", "-outform", "DER"], capture_output=True, check=True).stdout[-32:]
        key_id = hashlib.sha256(public).digest()[:8]
        message = b"AUCTION-LOG-HEADS-1" + key_id + struct.pack(">qI", signed_at, len(hashed)) + root(hashed)
        # OpenSSL's one-shot Ed25519 signing reads a file, not a pipe.
        open(sys.argv[2] + ".message", "wb").write(message)
        signature = subprocess.run(["openssl", "pkeyutl", "-sign", "-inkey", sys.argv[2], "-rawin", "-in", sys.argv[2] + ".message"],
                                   capture_output=True, check=True).stdout
        db.execute("UPDATE log_signatures SET key_id=?, signature=? WHERE id=?", (key_id, signature, signature_id))
        print(key_id.hex())
        # 6: the last entry (alice's second bid) cut off; the log ends at entry 3 under its own signed head
        db.execute("DELETE FROM lot_log WHERE product_id=6 AND seq=4")
        db.commit()
        """#

    @Test func eachTamperingInTheStoreIsNamedAtItsEntry() async throws {
        let (server, directory) = try await CLI.server([])
        defer { server.stop(); directory.remove() }
        let alice = try await AccountEndToEndTests.register("alice", on: server, in: directory)
        let bob = try await AccountEndToEndTests.register("bob", on: server, in: directory)
        // Given seven lots, each listed (entry 1) with three bids (entries 2-4): alice, bob, alice
        for lot in 1...7 {
            #expect(try await alice.run(["bid", "\(lot)", "9,000,000", "--yes"]).status == 0)
            #expect(try await bob.run(["bid", "\(lot)", "9,500,000", "--yes"]).status == 0)
            #expect(try await alice.run(["bid", "\(lot)", "10,000,000", "--yes"]).status == 0)
            let before = try await alice.run(["verify", "\(lot)"])
            #expect(before.status == 0 && before.stdout.hasPrefix("verified: 4 entries"), "lot \(lot): \(before.stdout)\(before.stderr)")
        }
        // When the house's file is changed while it is stopped, and it starts again
        server.stop()
        let key = directory.file("other-key.pem")
        let made = try ProcessRunner.run("/usr/bin/env", ["openssl", "genpkey", "-algorithm", "ed25519", "-out", key], timeout: 30)
        #expect(made.status == 0, "\(made.stderr)")
        let tamperer = directory.file("tamper.py")
        try Self.tamper.write(toFile: tamperer, atomically: true, encoding: .utf8)
        let tampered = try ProcessRunner.run("/usr/bin/env", ["python3", tamperer, server.databasePath, key], timeout: 60)
        #expect(tampered.status == 0, "\(tampered.stdout)\(tampered.stderr)")
        let otherKeyID = tampered.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        try await offPool { try server.restart() }
        // Then each lot's verify names the entry tampered with, and why
        let named: [(lot: Int, failure: String)] = [
            (1, "entry 3: the hash does not follow the entry before it"),
            (2, "entry 3: it is served as entry 4"),
            (3, "entry 2: its bytes say it is entry 3"),
            // The phantom chains and sits in its place, but the replay finds it repeats bid 1's number.
            (4, "entry 3: the bid's number is not 2, the next after the lot's bids"),
            (5, "entry 4: the log's signed head: it is signed by key \(otherKeyID), which the house does not list"),
            (6, "entry 4: your receipt's entry is missing: the log ends at entry 3"),
        ]
        for (lot, failure) in named {
            let run = try await alice.run(["verify", "\(lot)"])
            #expect(run.status == 6 && run.stderr.contains("verification failed at " + failure), "lot \(lot): \(run.stdout)\(run.stderr)")
        }
        // And the second verifier, from PROTOCOL.md alone, refuses lots 1-5 too (lot 6 is whole but for alice's receipt)
        for lot in 1...5 {
            let outside = try ProcessRunner.run("/usr/bin/env", ["python3", CLIVerifyEndToEndTests.script, "--base", server.httpURL, "\(lot)"], timeout: 120)
            #expect(outside.status != 0 && !outside.stdout.hasPrefix("verified"), "lot \(lot): \(outside.stdout)\(outside.stderr)")
        }
        // And bob, whose receipt on lot 6 is entry 3, finds that lot's shortened log consistent; lot 7 still verifies
        let bobs = try await bob.run(["verify", "6"])
        #expect(bobs.status == 0 && bobs.stdout.contains("your bid included"), "\(bobs.stdout)\(bobs.stderr)")
        let untouched = try await alice.run(["verify", "7"])
        #expect(untouched.status == 0 && untouched.stdout.hasPrefix("verified: 4 entries"), "\(untouched.stdout)\(untouched.stderr)")
    }
}
