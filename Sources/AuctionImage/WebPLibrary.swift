import CWebPRuntime

/// libwebp's runtime library (`libwebp.so.7`, Debian package libwebp7), loaded with `dlopen` so that
/// building needs no libwebp-dev: a fresh machine of this kind has the runtime but not the headers.
/// `@unchecked Sendable`: the function table is written once, before it is shared, and never changes.
struct WebPLibrary: @unchecked Sendable {
    /// The looked-up functions.
    let functions: UnsafePointer<CWebPLibrary>

    /// The error when the library or one of its functions is missing.
    static let missing = ImageError.libraryMissing(.webp, library: "libwebp", package: "libwebp7")

    /// The process's copy of libwebp.so.7, loaded on first use.
    static func shared() throws(ImageError) -> WebPLibrary {
        guard let functions = cwebp_library_shared() else { throw missing }
        return WebPLibrary(functions: functions)
    }

    /// The library named `soname`, loaded afresh (a test names one that does not exist).
    static func open(soname: String) throws(ImageError) -> WebPLibrary {
        guard let functions = cwebp_library_open(soname) else { throw missing }
        return WebPLibrary(functions: functions)
    }
}
