import AuctionCore
import AuctionEngine
import AuctionInfrastructure
import AuctionLotLog

/// Readies a store for the lot log at start: the house's alias secret (made once, shared by every
/// node of the store) and the signing key's public half in `log_keys`. On one node a new key
/// replaces the old one, whose validity ends now (old keys stay listed, so old heads still check);
/// on a shared store a node's key joins the others, so nodes started with different keys never
/// void each other's heads (a cluster should still share one, `--log-key`).
enum LotLogSetup {
    /// The signer for `key` on `database`, registering the key at `now`.
    static func prepare(key: Ed25519PrivateKey, softClose: SoftClose, now: Timestamp, replacesOthers: Bool,
                        on database: any StoreDatabase) throws(StoreError) -> LotLogSigner {
        let keyID = KeyID.of(publicKey: key.publicKey)
        let secret = try database.inTransaction { () throws(StoreError) -> [UInt8] in
            try database.serialize(lock: .migration)
            let stored = try database.rows("SELECT value FROM house_secrets WHERE name = 'lot_aliases'", []) { $0.blob(0) }
            let secret: [UInt8]
            if let found = stored.first {
                secret = found
            } else {
                do throws(Errno) {
                    secret = try SystemRandom.bytes(32)
                } catch {
                    throw StoreError.unexpectedValue(path: database.location, detail: "no random bytes for the alias secret: \(error)")
                }
                try database.write("INSERT INTO house_secrets (name, value) VALUES ('lot_aliases', ?)", [.blob(secret)])
            }
            let known = try database.scalarInteger("SELECT COUNT(*) FROM log_keys WHERE key_id = ?", [.blob(keyID)]) ?? 0
            let time = now.millisecondsSinceEpoch
            if replacesOthers {
                try database.write("UPDATE log_keys SET valid_until = ? WHERE valid_until IS NULL AND key_id <> ?",
                                   [.integer(time), .blob(keyID)])
            }
            if known == 0 {
                try database.write("INSERT INTO log_keys (key_id, public_key, valid_from) VALUES (?, ?, ?)",
                                   [.blob(keyID), .blob(key.publicKey), .integer(time)])
            } else {
                // A key taken back into use signs again from now on.
                try database.write("UPDATE log_keys SET valid_until = NULL WHERE key_id = ?", [.blob(keyID)])
            }
            return secret
        }
        return LotLogSigner(key: key, secret: secret, softClose: softClose)
    }
}
