/// The store's tables, created and migrated by version (`PRAGMA user_version`).
///
/// Each migration runs in its own transaction with the version bump, so a crash leaves the
/// file at a whole version. Append new migrations; never edit a shipped one.
public enum StoreSchema {
    /// One step from version `version - 1` to `version`.
    public struct Migration: Sendable {
        /// Creates a step.
        public init(version: Int, summary: String, sql: String) {
            self.version = version
            self.summary = summary
            self.sql = sql
        }


        /// The version the database has after this step.
        public var version: Int
        /// What the step does, for logs.
        public var summary: String
        /// The statements to run.
        public var sql: String
    }

    /// Every migration, in order; the last one's version is the current schema version.
    public static let migrations: [Migration] = [
        Migration(version: 1, summary: "catalogue, bids, accounts and chat", sql: """
            CREATE TABLE users (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL UNIQUE,
                password_hash TEXT NOT NULL,
                created_at INTEGER NOT NULL
            );
            CREATE TABLE sessions (
                token_hash TEXT PRIMARY KEY,
                user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                created_at INTEGER NOT NULL,
                expires_at INTEGER NOT NULL,
                revoked_at INTEGER
            ) WITHOUT ROWID;
            CREATE INDEX sessions_by_user ON sessions(user_id);
            CREATE TABLE products (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL,
                seller TEXT NOT NULL,
                description TEXT NOT NULL DEFAULT '',
                start_price INTEGER NOT NULL CHECK (start_price >= 0),
                current_price INTEGER NOT NULL,
                last_change INTEGER NOT NULL DEFAULT 0,
                last_change_at INTEGER NOT NULL,
                min_increment INTEGER CHECK (min_increment IS NULL OR min_increment > 0),
                listed_at INTEGER NOT NULL,
                ends_at INTEGER,
                closed_at INTEGER,
                winner_id INTEGER REFERENCES users(id),
                final_price INTEGER
            );
            CREATE TABLE images (
                id INTEGER PRIMARY KEY,
                product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
                position INTEGER NOT NULL DEFAULT 0,
                bytes BLOB NOT NULL
            );
            CREATE INDEX images_by_product ON images(product_id, position);
            CREATE TABLE price_history (
                product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
                date TEXT NOT NULL,
                price INTEGER NOT NULL,
                PRIMARY KEY (product_id, date)
            ) WITHOUT ROWID;
            CREATE TABLE bids (
                id INTEGER PRIMARY KEY,
                product_id INTEGER NOT NULL REFERENCES products(id),
                price INTEGER NOT NULL,
                previous_price INTEGER NOT NULL,
                user_id INTEGER REFERENCES users(id),
                accepted_at INTEGER NOT NULL
            );
            CREATE INDEX bids_by_product ON bids(product_id, id);
            CREATE INDEX bids_by_user ON bids(user_id) WHERE user_id IS NOT NULL;
            CREATE TABLE chat_messages (
                id INTEGER PRIMARY KEY,
                room TEXT NOT NULL,
                sender TEXT NOT NULL,
                text TEXT NOT NULL,
                time INTEGER NOT NULL
            );
            CREATE INDEX chat_messages_by_room ON chat_messages(room, id);
            """),
        Migration(version: 2, summary: "proxy bids, soft close, reserve, buy-now, notifications, watchlist", sql: """
            ALTER TABLE products ADD COLUMN reserve_price INTEGER CHECK (reserve_price IS NULL OR reserve_price > 0);
            ALTER TABLE products ADD COLUMN buy_now_price INTEGER CHECK (buy_now_price IS NULL OR buy_now_price > 0);
            ALTER TABLE products ADD COLUMN extend_window_ms INTEGER CHECK (extend_window_ms IS NULL OR extend_window_ms >= 0);
            ALTER TABLE products ADD COLUMN extend_by_ms INTEGER CHECK (extend_by_ms IS NULL OR extend_by_ms >= 0);
            ALTER TABLE products ADD COLUMN max_extensions INTEGER CHECK (max_extensions IS NULL OR max_extensions >= 0);
            ALTER TABLE products ADD COLUMN extensions INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE products ADD COLUMN bought_at INTEGER;
            ALTER TABLE bids ADD COLUMN automatic INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE bids ADD COLUMN idempotency_key TEXT;
            CREATE UNIQUE INDEX bids_by_key ON bids(user_id, idempotency_key)
                WHERE idempotency_key IS NOT NULL AND user_id IS NOT NULL;
            CREATE TABLE proxy_maximums (
                product_id INTEGER NOT NULL REFERENCES products(id),
                user_id INTEGER NOT NULL REFERENCES users(id),
                maximum INTEGER NOT NULL CHECK (maximum > 0),
                placed_at INTEGER NOT NULL,
                PRIMARY KEY (product_id, user_id)
            ) WITHOUT ROWID;
            CREATE TABLE notifications (
                id INTEGER PRIMARY KEY,
                user_id INTEGER NOT NULL REFERENCES users(id),
                kind TEXT NOT NULL,
                product_id INTEGER NOT NULL,
                price INTEGER,
                maximum INTEGER,
                created_at INTEGER NOT NULL,
                seen_at INTEGER
            );
            CREATE INDEX notifications_unseen ON notifications(user_id, id) WHERE seen_at IS NULL;
            CREATE TABLE watchlist (
                user_id INTEGER NOT NULL REFERENCES users(id),
                product_id INTEGER NOT NULL,
                added_at INTEGER NOT NULL,
                PRIMARY KEY (user_id, product_id)
            ) WITHOUT ROWID;
            """),
        Migration(version: 3, summary: "uploaded images by content hash", sql: """
            CREATE TABLE image_blobs (
                hash TEXT PRIMARY KEY CHECK (length(hash) = 64),
                content_type TEXT NOT NULL,
                width INTEGER NOT NULL CHECK (width > 0),
                height INTEGER NOT NULL CHECK (height > 0),
                bytes BLOB NOT NULL,
                created_at INTEGER NOT NULL
            );
            ALTER TABLE images ADD COLUMN blob_hash TEXT REFERENCES image_blobs(hash);
            CREATE INDEX images_by_blob ON images(blob_hash) WHERE blob_hash IS NOT NULL;
            """),
        Migration(version: 4, summary: "notifications by user and id, for pruning", sql: """
            CREATE INDEX notifications_by_user ON notifications(user_id, id);
            """),
        Migration(version: 6, summary: "full-text search and sort indexes for catalogue queries", sql: """
            CREATE VIRTUAL TABLE product_search USING fts5(
                name, description, seller, content='products', content_rowid='id', tokenize='trigram'
            );
            INSERT INTO product_search(product_search) VALUES ('rebuild');
            CREATE TRIGGER product_search_insert AFTER INSERT ON products BEGIN
                INSERT INTO product_search(rowid, name, description, seller) VALUES (new.id, new.name, new.description, new.seller);
            END;
            CREATE TRIGGER product_search_delete AFTER DELETE ON products BEGIN
                INSERT INTO product_search(product_search, rowid, name, description, seller)
                    VALUES ('delete', old.id, old.name, old.description, old.seller);
            END;
            CREATE TRIGGER product_search_update AFTER UPDATE OF name, description, seller ON products BEGIN
                INSERT INTO product_search(product_search, rowid, name, description, seller)
                    VALUES ('delete', old.id, old.name, old.description, old.seller);
                INSERT INTO product_search(rowid, name, description, seller) VALUES (new.id, new.name, new.description, new.seller);
            END;
            ALTER TABLE products ADD COLUMN bid_count INTEGER NOT NULL DEFAULT 0;
            UPDATE products SET bid_count = (SELECT COUNT(*) FROM bids WHERE bids.product_id = products.id);
            CREATE TRIGGER products_bid_count AFTER INSERT ON bids BEGIN
                UPDATE products SET bid_count = bid_count + 1 WHERE id = new.product_id;
            END;
            CREATE INDEX products_by_ending ON products(IFNULL(ends_at, 9223372036854775807), id);
            CREATE INDEX products_by_price ON products(current_price, id);
            CREATE INDEX products_by_newest ON products(-listed_at, id);
            CREATE INDEX products_by_change ON products(-last_change, id);
            CREATE INDEX products_by_bids ON products(-bid_count, id);
            CREATE INDEX products_by_seller ON products(seller);
            """),
        Migration(version: 7, summary: "sellers are users: lots listed, edited and withdrawn by them", sql: """
            ALTER TABLE products ADD COLUMN seller_id INTEGER REFERENCES users(id);
            ALTER TABLE products ADD COLUMN withdrawn_at INTEGER;
            ALTER TABLE products ADD COLUMN edited_at INTEGER;
            CREATE INDEX products_by_seller_id ON products(seller_id, id) WHERE seller_id IS NOT NULL;
            """),
        Migration(version: 8, summary: "search at scale: names-only trigrams for ranking, words and CJK pairs for short terms", sql: """
            CREATE VIRTUAL TABLE product_names USING fts5(name, content='products', content_rowid='id', tokenize='trigram');
            INSERT INTO product_names(product_names) VALUES ('rebuild');
            CREATE VIRTUAL TABLE product_words USING fts5(
                name, description, seller, content='products', content_rowid='id',
                tokenize='unicode61 remove_diacritics 0', prefix='1 2'
            );
            INSERT INTO product_words(product_words) VALUES ('rebuild');
            CREATE TRIGGER product_names_insert AFTER INSERT ON products BEGIN
                INSERT INTO product_names(rowid, name) VALUES (new.id, new.name);
                INSERT INTO product_words(rowid, name, description, seller) VALUES (new.id, new.name, new.description, new.seller);
            END;
            CREATE TRIGGER product_names_delete AFTER DELETE ON products BEGIN
                INSERT INTO product_names(product_names, rowid, name) VALUES ('delete', old.id, old.name);
                INSERT INTO product_words(product_words, rowid, name, description, seller)
                    VALUES ('delete', old.id, old.name, old.description, old.seller);
            END;
            CREATE TRIGGER product_names_update AFTER UPDATE OF name, description, seller ON products BEGIN
                INSERT INTO product_names(product_names, rowid, name) VALUES ('delete', old.id, old.name);
                INSERT INTO product_names(rowid, name) VALUES (new.id, new.name);
                INSERT INTO product_words(product_words, rowid, name, description, seller)
                    VALUES ('delete', old.id, old.name, old.description, old.seller);
                INSERT INTO product_words(rowid, name, description, seller) VALUES (new.id, new.name, new.description, new.seller);
            END;
            CREATE TABLE product_pairs (
                pair TEXT NOT NULL,
                in_name INTEGER NOT NULL,
                product_id INTEGER NOT NULL,
                PRIMARY KEY (pair, in_name, product_id)
            ) WITHOUT ROWID;
            INSERT OR IGNORE INTO product_pairs(pair, in_name, product_id)
                WITH RECURSIVE s(id, rest) AS (SELECT id, name FROM products UNION ALL SELECT id, substr(rest, 2) FROM s WHERE length(rest) > 2)
                SELECT substr(rest, 1, 2), 1, id FROM s
                WHERE unicode(rest) BETWEEN 11904 AND 64255 AND unicode(substr(rest, 2)) BETWEEN 11904 AND 64255;
            INSERT OR IGNORE INTO product_pairs(pair, in_name, product_id)
                WITH RECURSIVE s(id, name, rest) AS (
                    SELECT id, name, description || ' ' || seller FROM products
                    UNION ALL SELECT id, name, substr(rest, 2) FROM s WHERE length(rest) > 2)
                SELECT substr(rest, 1, 2), 0, id FROM s
                WHERE unicode(rest) BETWEEN 11904 AND 64255 AND unicode(substr(rest, 2)) BETWEEN 11904 AND 64255
                    AND instr(name, substr(rest, 1, 2)) = 0;
            CREATE TRIGGER product_pairs_insert AFTER INSERT ON products BEGIN
                INSERT OR IGNORE INTO product_pairs(pair, in_name, product_id)
                    WITH RECURSIVE s(rest) AS (SELECT new.name UNION ALL SELECT substr(rest, 2) FROM s WHERE length(rest) > 2)
                    SELECT substr(rest, 1, 2), 1, new.id FROM s
                    WHERE unicode(rest) BETWEEN 11904 AND 64255 AND unicode(substr(rest, 2)) BETWEEN 11904 AND 64255;
                INSERT OR IGNORE INTO product_pairs(pair, in_name, product_id)
                    WITH RECURSIVE s(rest) AS (
                        SELECT new.description || ' ' || new.seller UNION ALL SELECT substr(rest, 2) FROM s WHERE length(rest) > 2)
                    SELECT substr(rest, 1, 2), 0, new.id FROM s
                    WHERE unicode(rest) BETWEEN 11904 AND 64255 AND unicode(substr(rest, 2)) BETWEEN 11904 AND 64255
                        AND instr(new.name, substr(rest, 1, 2)) = 0;
            END;
            CREATE TRIGGER product_pairs_delete AFTER DELETE ON products BEGIN
                DELETE FROM product_pairs WHERE in_name IN (0, 1) AND product_id = old.id AND pair IN (
                    WITH RECURSIVE s(rest) AS (
                        SELECT old.name || ' ' || old.description || ' ' || old.seller
                        UNION ALL SELECT substr(rest, 2) FROM s WHERE length(rest) > 2)
                    SELECT substr(rest, 1, 2) FROM s);
            END;
            CREATE TRIGGER product_pairs_update AFTER UPDATE OF name, description, seller ON products BEGIN
                DELETE FROM product_pairs WHERE in_name IN (0, 1) AND product_id = old.id AND pair IN (
                    WITH RECURSIVE s(rest) AS (
                        SELECT old.name || ' ' || old.description || ' ' || old.seller
                        UNION ALL SELECT substr(rest, 2) FROM s WHERE length(rest) > 2)
                    SELECT substr(rest, 1, 2) FROM s);
                INSERT OR IGNORE INTO product_pairs(pair, in_name, product_id)
                    WITH RECURSIVE s(rest) AS (SELECT new.name UNION ALL SELECT substr(rest, 2) FROM s WHERE length(rest) > 2)
                    SELECT substr(rest, 1, 2), 1, new.id FROM s
                    WHERE unicode(rest) BETWEEN 11904 AND 64255 AND unicode(substr(rest, 2)) BETWEEN 11904 AND 64255;
                INSERT OR IGNORE INTO product_pairs(pair, in_name, product_id)
                    WITH RECURSIVE s(rest) AS (
                        SELECT new.description || ' ' || new.seller UNION ALL SELECT substr(rest, 2) FROM s WHERE length(rest) > 2)
                    SELECT substr(rest, 1, 2), 0, new.id FROM s
                    WHERE unicode(rest) BETWEEN 11904 AND 64255 AND unicode(substr(rest, 2)) BETWEEN 11904 AND 64255
                        AND instr(new.name, substr(rest, 1, 2)) = 0;
            END;
            """),
        Migration(version: 9, summary: "moderators: the role on the account", sql: """
            ALTER TABLE users ADD COLUMN moderator INTEGER NOT NULL DEFAULT 0 CHECK (moderator IN (0, 1));
            """),
        Migration(version: 10, summary: "moderation: removed lots, suspended users, retracted bids, reports and the log", sql: """
            ALTER TABLE products ADD COLUMN removed_reason TEXT;
            ALTER TABLE bids ADD COLUMN retracted_at INTEGER;
            ALTER TABLE bids ADD COLUMN placed_by INTEGER REFERENCES users(id);
            ALTER TABLE bids ADD COLUMN placed_price INTEGER;
            ALTER TABLE bids ADD COLUMN placed_maximum INTEGER;
            ALTER TABLE users ADD COLUMN suspended_at INTEGER;
            ALTER TABLE users ADD COLUMN suspended_until INTEGER;
            ALTER TABLE users ADD COLUMN suspension_reason TEXT;
            ALTER TABLE notifications ADD COLUMN note TEXT;
            CREATE TABLE moderation_log (
                id INTEGER PRIMARY KEY,
                moderator_id INTEGER NOT NULL REFERENCES users(id),
                action TEXT NOT NULL,
                product_id INTEGER,
                user_id INTEGER REFERENCES users(id),
                bid_id INTEGER,
                report_id INTEGER,
                reason TEXT NOT NULL,
                details TEXT NOT NULL DEFAULT '{}',
                created_at INTEGER NOT NULL
            );
            CREATE INDEX moderation_log_by_product ON moderation_log(product_id, id) WHERE product_id IS NOT NULL;
            CREATE INDEX moderation_log_by_user ON moderation_log(user_id, id) WHERE user_id IS NOT NULL;
            CREATE INDEX moderation_log_by_moderator ON moderation_log(moderator_id, id);
            CREATE TRIGGER moderation_log_no_update BEFORE UPDATE ON moderation_log BEGIN
                SELECT RAISE(ABORT, 'the moderation log is append-only');
            END;
            CREATE TRIGGER moderation_log_no_delete BEFORE DELETE ON moderation_log BEGIN
                SELECT RAISE(ABORT, 'the moderation log is append-only');
            END;
            CREATE TABLE reports (
                id INTEGER PRIMARY KEY,
                product_id INTEGER NOT NULL REFERENCES products(id),
                reporter_id INTEGER NOT NULL REFERENCES users(id),
                reason TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                resolved_at INTEGER,
                resolved_by INTEGER REFERENCES users(id),
                resolution TEXT
            );
            CREATE INDEX reports_open ON reports(id) WHERE resolved_at IS NULL;
            CREATE UNIQUE INDEX reports_one_open_per_reporter ON reports(product_id, reporter_id) WHERE resolved_at IS NULL;
            CREATE INDEX reports_by_reporter ON reports(reporter_id, created_at);
            """),
        Migration(version: 11, summary: "user names unique by their key: case and look-alikes folded (NameKey)", sql: """
            ALTER TABLE users ADD COLUMN name_key TEXT;
            UPDATE users SET name_key = \(NameKey.sql(of: "name"))
                WHERE id IN (SELECT MIN(id) FROM users GROUP BY \(NameKey.sql(of: "name")));
            CREATE UNIQUE INDEX users_by_name_key ON users(name_key);
            """),
        Migration(version: 12, summary: "the lot log: hash-chained entries per lot, signed heads, the house's keys and secret", sql: LotLogSchema.sql),
    ]

    /// The schema version this program writes.
    public static var currentVersion: Int { migrations.last?.version ?? 0 }

    /// Brings the database up to the last of `migrations`; returns the versions applied (empty when up to date).
    ///
    /// An up-to-date file is only read, so opening never waits for a writer. Each pending step
    /// takes the write lock and re-reads the version, so two processes can start at once.
    @discardableResult
    public static func migrate(_ database: SQLiteDatabase, migrations: [Migration] = migrations) throws(StoreError) -> [Int] {
        let target = migrations.last?.version ?? 0
        let found = try version(of: database)
        guard found < target else {
            if found > target {
                throw StoreError.schemaTooNew(path: database.path, found: found, supported: target)
            }
            return []
        }
        var applied: [Int] = []
        for migration in migrations where migration.version > found {
            let ran = try database.transaction(.immediate) { () throws(StoreError) -> Bool in
                guard try version(of: database) < migration.version else { return false }
                try database.execute(migration.sql)
                try database.execute("PRAGMA user_version = \(migration.version)")
                return true
            }
            if ran { applied.append(migration.version) }
        }
        return applied
    }

    /// The file's schema version (`PRAGMA user_version`).
    public static func version(of database: SQLiteDatabase) throws(StoreError) -> Int {
        Int(try database.scalarInteger("PRAGMA user_version") ?? 0)
    }
}
