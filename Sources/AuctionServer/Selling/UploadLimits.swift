/// What one user may put on the server, however images enter (`POST /images`, `POST /products`),
/// and what the server takes in at once (issue 19). Settings: `image_uploads_per_hour` (images, kept
/// in `ServerConfiguration.imageUploadsPerHour`), `image_bytes_per_hour`, `lots_per_hour`,
/// `max_open_lots`, `image_storage_per_user`, `max_body_bytes_in_flight`, `image_decode_queue`.
public struct UploadLimits: Hashable, Sendable {
    /// Image bytes one user may upload an hour, by any route (burst as large).
    public var imageBytesPerHour = 100 << 20
    /// Lots one user may list an hour (burst as large).
    public var lotsPerHour = 30
    /// Lots one user may have open (listed, not ended nor withdrawn) at once.
    public var maximumOpenLots = 100
    /// Image bytes the lots of one user may hold in all (each stored image counted once).
    public var storedImageBytesPerUser = 500 << 20
    /// Request body bytes the HTTP server holds at once, from every client together.
    public var maximumBodyBytesInFlight = 128 << 20
    /// Upload requests waiting for the image and body decoding worker; more are answered 503.
    public var decodeQueue = 8

    /// The defaults.
    public init() {}
}
