/// Splits a byte stream into frames incrementally and decodes them.
///
/// A frame ends at a `/` outside any JSON string at nesting depth 0, so peers that do not escape `/`
/// inside strings (the original Node backend) still decode. The scan position and state are kept
/// between reads: bytes are scanned once. Whitespace between frames is ignored. Not thread-safe:
/// one decoder belongs to one connection. After each `append`, call `nextEvent()` until it returns nil;
/// memory then stays within the frame limit plus one read.
public struct FrameDecoder {
    /// Limits for one connection.
    public struct Configuration: Hashable, Sendable {
        /// A frame longer than this (not counting the splitter) is fatal.
        public var maximumFrameBytes: Int
        /// More malformed frames than this from one peer is fatal.
        public var maximumMalformedFrames: Int
        /// JSON nested deeper than this inside a frame is malformed.
        public var maximumDepth: Int

        /// Creates limits; the defaults suit the auction protocol.
        public init(maximumFrameBytes: Int = 65_536, maximumMalformedFrames: Int = 16, maximumDepth: Int = 32) {
            self.maximumFrameBytes = maximumFrameBytes
            self.maximumMalformedFrames = maximumMalformedFrames
            self.maximumDepth = maximumDepth
        }
    }

    /// The limits in force.
    public let configuration: Configuration
    /// How many malformed frames were skipped so far.
    public private(set) var malformedCount = 0
    /// Whether a fatal error stopped decoding; later bytes are ignored.
    public private(set) var hasFailed = false

    private var buffer: [UInt8] = []
    /// Where the current frame starts in `buffer`.
    private var start = 0
    /// The next byte to scan.
    private var cursor = 0
    private var scan = FrameScanState()
    private var pendingFatal: FramingError?
    private var keyCache = JSONKeyCache()

    /// Creates a decoder with the given limits.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Creates a decoder with a frame size limit and otherwise default limits.
    public init(maximumFrameBytes: Int, maximumMalformedFrames: Int = 16) {
        self.init(configuration: Configuration(maximumFrameBytes: maximumFrameBytes,
                                               maximumMalformedFrames: maximumMalformedFrames))
    }

    /// Bytes held for a frame not yet complete.
    public var bufferedByteCount: Int { buffer.count - start }

    /// Adds bytes as they arrived from the socket.
    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard !hasFailed, !bytes.isEmpty else { return }
        compact()
        buffer.append(contentsOf: bytes.bindMemory(to: UInt8.self))
    }

    /// Adds bytes as they arrived from the socket.
    public mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// The next frame, malformed frame or fatal error; nil when more bytes are needed (or after a fatal error).
    public mutating func nextEvent() -> FrameEvent? {
        while !hasFailed {
            let event: FrameEvent?
            if !scan.started, let fast = readWholeFrame() {
                event = fast
            } else if let end = scanToSplitter() {
                let frameStart = start
                start = end + 1
                cursor = start
                scan = FrameScanState()
                event = decodeFrame(from: frameStart, to: end)
            } else {
                guard let fatal = pendingFatal else { return nil }
                return fail(fatal)
            }
            guard let event else { continue }
            if case .malformed = event {
                malformedCount += 1
                if malformedCount > configuration.maximumMalformedFrames {
                    return fail(.tooManyMalformedFrames(limit: configuration.maximumMalformedFrames))
                }
            }
            return event
        }
        return nil
    }

    private mutating func fail(_ error: FramingError) -> FrameEvent {
        hasFailed = true
        pendingFatal = nil
        buffer = []
        start = 0
        cursor = 0
        return .fatal(error)
    }

    /// Drops bytes of frames already returned so the buffer only holds the frame in progress.
    private mutating func compact() {
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 4 * configuration.maximumFrameBytes)
            start = 0
            cursor = 0
        } else if start > 0 {
            buffer.removeSubrange(0..<start)
            cursor -= start
            start = 0
        }
    }

    /// The hot path: a whole, well-formed frame at `start` is parsed in one pass, without the splitter scan.
    ///
    /// Returns nil (having only skipped whitespace) when the frame is incomplete or anything is unusual;
    /// the scan then takes over from the frame's first byte and remembers its state across reads.
    private mutating func readWholeFrame() -> FrameEvent? {
        while start < buffer.count {
            switch buffer[start] {
            case 0x20, 0x0A, 0x0D, 0x09, WireProtocol.splitter: start += 1
            default:
                cursor = start
                guard buffer[start] == UInt8(ascii: "{") else { return nil }
                let limit = configuration.maximumFrameBytes
                let outcome = withReader(from: start, to: min(buffer.count, start + limit + 1)) { reader -> (Int, Result<Frame, FramingError>)? in
                    guard let envelope = try? reader.readEnvelope() else { return nil }
                    reader.skipWhitespace()
                    guard reader.index < reader.count, reader.base[reader.index] == WireProtocol.splitter,
                          reader.index <= limit else { return nil }
                    return (reader.index, Result { () throws(FramingError) -> Frame in try envelope.frame() })
                }
                guard let (length, result) = outcome else { return nil }
                start += length + 1
                cursor = start
                switch result {
                case .success(let frame): return .frame(frame)
                case .failure(let error): return .malformed(error)
                }
            }
        }
        cursor = start
        return nil
    }

    /// Runs `body` with a JSON reader over `buffer[from..<to]` that shares the decoder's key cache.
    private mutating func withReader<R>(from: Int, to: Int, _ body: (inout JSONReader) -> R) -> R {
        let depth = configuration.maximumDepth
        return withUnsafeMutablePointer(to: &keyCache) { cache in
            buffer.withUnsafeBufferPointer { bytes in
                // A non-empty range of a non-empty buffer always has a base address.
                let base = bytes.baseAddress.map { $0 + from } ?? UnsafePointer(bitPattern: 1).unsafelyUnwrapped
                var reader = JSONReader(base: base, count: to - from, maximumDepth: depth, keyCache: cache)
                return body(&reader)
            }
        }
    }

    /// Scans from `cursor`; returns the splitter's index, or nil at the end of the bytes.
    private mutating func scanToSplitter() -> Int? {
        let limit = configuration.maximumFrameBytes
        var state = scan
        var frameStart = start
        var index = cursor
        var fatal = false
        let found = buffer.withUnsafeBufferPointer { bytes -> Int? in
            let count = bytes.count
            if !state.started {
                while index < count {
                    switch bytes[index] {
                    case 0x20, 0x0A, 0x0D, 0x09, WireProtocol.splitter: index += 1
                    default: state.started = true
                    }
                    if state.started { break }
                }
                frameStart = index
            }
            // Content may occupy indices frameStart ..< frameStart + limit; the splitter may come right after.
            let end = min(count, frameStart + limit + 1)
            while index < end {
                let byte = bytes[index]
                if state.inString {
                    if state.escaped {
                        state.escaped = false
                    } else if byte == UInt8(ascii: "\\") {
                        state.escaped = true
                    } else if byte == UInt8(ascii: "\"") {
                        state.inString = false
                    }
                } else {
                    switch byte {
                    case UInt8(ascii: "\""): state.inString = true
                    case UInt8(ascii: "{"), UInt8(ascii: "["): state.depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"): if state.depth > 0 { state.depth -= 1 }
                    case WireProtocol.splitter where state.depth == 0: return index
                    default: break
                    }
                }
                index += 1
            }
            fatal = index == frameStart + limit + 1
            return nil
        }
        scan = state
        start = frameStart
        cursor = index
        if fatal { pendingFatal = .frameTooLarge(limit: limit) }
        return found
    }

    /// Decodes the bytes of one frame (from its first non-whitespace byte to before the splitter).
    private mutating func decodeFrame(from frameStart: Int, to end: Int) -> FrameEvent? {
        let result: Result<Frame, FramingError>
        if buffer[frameStart] == UInt8(ascii: "{") {
            let envelope = withReader(from: frameStart, to: end) { reader in
                Result { () throws(JSONError) -> FrameEnvelope in
                    let envelope = try reader.readEnvelope()
                    reader.skipWhitespace()
                    guard reader.index == reader.count else { throw .trailingBytes(offset: reader.index) }
                    return envelope
                }
            }
            result = envelope.mapError { .invalidJSON($0) }.flatMap { envelope in
                Result { () throws(FramingError) -> Frame in try envelope.frame() }
            }
        } else {
            let depth = configuration.maximumDepth
            let parsed = buffer.withUnsafeBytes { bytes in
                Result { () throws(JSONError) -> JSONValue in
                    try JSONParser(maximumDepth: depth).parse(UnsafeRawBufferPointer(rebasing: bytes[frameStart..<end]))
                }
            }
            result = parsed.mapError { .invalidJSON($0) }.flatMap { json in
                Result { () throws(FramingError) -> Frame in try Frame(json: json) }
            }
        }
        switch result {
        case .success(let frame): return .frame(frame)
        case .failure(let error): return .malformed(error)
        }
    }
}

/// Where the splitter scan stands inside the frame in progress.
struct FrameScanState {
    /// A non-whitespace byte of the frame was seen.
    var started = false
    /// Inside a JSON string.
    var inString = false
    /// The previous byte was a backslash inside a string.
    var escaped = false
    /// Open `{` / `[` outside strings.
    var depth = 0
}
