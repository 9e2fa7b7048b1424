import AuctionCore
import AuctionEngine
import AuctionInfrastructure
import AuctionLotLog

/// Readies a store for the lot log at start: the house's alias secret (made once, shared by every
/// node of the store) and the signing key's public half in `log_keys`, closing the validity of the
/// key it replaces (rotation: old keys stay listed, so old heads still check).
enum LotLogSetup {
    /// The signer for `key` on `database`, registering the key at `now`.
    static func prepare(key: Ed25519PrivateKey, softClose: SoftClose, now: Timestamp,
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
            if known == 0 {
                let time = now.millisecondsSinceEpoch
                try database.write("UPDATE log_keys SET valid_until = ? WHERE valid_until IS NULL", [.integer(time)])
                try database.write("INSERT INTO log_keys (key_id, public_key, valid_from) VALUES (?, ?, ?)",
                                   [.blob(keyID), .blob(key.publicKey), .integer(time)])
            } else {
                // A key taken back into use signs again from now on, and the one it replaces stops.
                try database.write("UPDATE log_keys SET valid_until = ? WHERE valid_until IS NULL AND key_id <> ?",
                                   [.integer(now.millisecondsSinceEpoch), .blob(keyID)])
                try database.write("UPDATE log_keys SET valid_until = NULL WHERE key_id = ?", [.blob(keyID)])
            }
            return secret
        }
        return LotLogSigner(key: key, secret: secret, softClose: softClose)
    }
}
