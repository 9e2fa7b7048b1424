import AuctionCore
import AuctionData

extension ImageDiskCache {
    /// An image through the cache: the cached copy when the server answers `304` to its tag, else
    /// the new bytes (kept when the server tagged them). Without a cache this is a plain fetch.
    public static func image(_ imageID: Int, from repository: HTTPProductRepository,
                             cache: ImageDiskCache?) async throws(AuctionError) -> [UInt8] {
        let key = "\(repository.client.baseURL) productimage \(imageID)"
        let cached = cache?.entry(for: key)
        switch try await repository.image(imageID, ifNoneMatch: cached?.entityTag) {
        case .notModified:
            if let cached { return cached.bytes }
            return try await repository.image(imageID)
        case .fetched(let bytes, let entityTag):
            if let cache, let entityTag { cache.store(bytes, entityTag: entityTag, for: key) }
            return bytes
        }
    }
}
