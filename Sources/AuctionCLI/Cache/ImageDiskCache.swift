import Foundation

/// Product images kept on disk between runs, so `show` of a seen lot revalidates (`If-None-Match`,
/// answered `304` without image bytes) instead of downloading again. Under
/// `$XDG_CACHE_HOME/auction/images`, else `~/.cache/auction/images` (directories 0700, files 0600,
/// each written under a temporary name and renamed into place); bounded in total size, the least
/// recently used files evicted first (a hit renews the file's modification time). Every failure
/// only means "not cached": the cache never makes a command fail.
public struct ImageDiskCache: Hashable, Sendable {
    /// A cached image and the entity tag it was served with.
    public struct Entry: Hashable, Sendable {
        /// The image's bytes.
        public var bytes: [UInt8]
        /// The `ETag` the server sent with them.
        public var entityTag: String
    }

    /// The directory holding the files.
    public let directory: String
    /// The most bytes the files may take together.
    public let maximumBytes: Int

    /// The first line of every cache file (a file without it is ignored and replaced).
    static let magic = "auction-image-cache 1"

    /// A cache in `directory` holding at most `maximumBytes`.
    public init(directory: String, maximumBytes: Int) {
        self.directory = directory
        self.maximumBytes = maximumBytes
    }

    /// The cache for an environment's `XDG_CACHE_HOME` (absolute) or `HOME`, nil when neither is set or `megabytes` is 0.
    public init?(environment: [String: String], megabytes: Int) {
        guard megabytes > 0 else { return nil }
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            self.init(directory: xdg + "/auction/images", maximumBytes: megabytes << 20)
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            self.init(directory: home + "/.cache/auction/images", maximumBytes: megabytes << 20)
        } else {
            return nil
        }
    }

    /// The cached image for `key`, if any (its file is marked used).
    public func entry(for key: String) -> Entry? {
        let path = self.path(for: key)
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let bytes = [UInt8](data)
        var lines: [String] = [], offset = 0
        while lines.count < 3, let end = bytes[offset...].firstIndex(of: 0x0A) {
            lines.append(String(decoding: bytes[offset..<end], as: UTF8.self))
            offset = end + 1
        }
        guard lines.count == 3, lines[0] == Self.magic, lines[1] == key, !lines[2].isEmpty else { return nil }
        utimensat(AT_FDCWD, path, nil, 0)  // used now: last in line for eviction
        return Entry(bytes: Array(bytes[offset...]), entityTag: lines[2])
    }

    /// Keeps `bytes` for `key` with their entity tag, then evicts the least recently used files over the limit.
    public func store(_ bytes: [UInt8], entityTag: String, for key: String) {
        guard !key.contains("\n"), !entityTag.contains("\n"), !entityTag.isEmpty,
              bytes.count + 512 <= maximumBytes, createDirectories() else { return }
        let contents = Array("\(Self.magic)\n\(key)\n\(entityTag)\n".utf8) + bytes
        guard Self.writeAtomically(contents, to: path(for: key)) else { return }
        evict()
    }

    /// The file of a key: the FNV-1a hash of the key (the key itself is checked inside the file).
    func path(for key: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        let hex = String(hash, radix: 16)
        return directory + "/" + String(repeating: "0", count: 16 - hex.count) + hex + ".image"
    }

    /// Deletes the least recently used files until the rest fit in `maximumBytes`.
    func evict() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        var files: [(path: String, size: Int, used: Int64)] = []
        for name in names where name.hasSuffix(".image") {
            var info = stat()
            let path = directory + "/" + name
            guard lstat(path, &info) == 0 else { continue }
            files.append((path, Int(info.st_size), Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)))
        }
        var total = files.reduce(0) { $0 + $1.size }
        for file in files.sorted(by: { $0.used < $1.used }) where total > maximumBytes {
            if unlink(file.path) == 0 { total -= file.size }
        }
    }

    /// Creates the directory and any missing parents with mode 0700.
    private func createDirectories() -> Bool {
        var path = ""
        for component in directory.split(separator: "/") {
            path += "/" + component
            if mkdir(path, 0o700) != 0, errno != EEXIST { return false }
        }
        var info = stat()
        return lstat(directory, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Writes a file with mode 0600 under a temporary name, then renames it into place.
    static func writeAtomically(_ contents: [UInt8], to path: String) -> Bool {
        let temporary = path + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, mode_t(0o600))
        guard fd >= 0 else { return false }
        var written = 0
        let complete = contents.withUnsafeBytes { buffer -> Bool in
            while written < buffer.count {
                let count = write(fd, buffer.baseAddress! + written, buffer.count - written)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                written += count
            }
            return true
        }
        guard close(fd) == 0, complete, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }
}
