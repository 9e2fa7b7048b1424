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
            guard let end = scanToSplitter() else {
                guard let fatal = pendingFatal else { return nil }
                return fail(fatal)
            }
            let frameStart = start
            start = end + 1
            cursor = start
            let event = decodeFrame(from: frameStart, to: end)
            scan = FrameScanState()
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

    /// Scans from `cursor`; returns the splitter's index, or nil at the end of the bytes.
    private mutating func scanToSplitter() -> Int? {
        let limit = configuration.maximumFrameBytes
        return buffer.withUnsafeBufferPointer { bytes -> Int? in
            var index = cursor
            var state = scan
            defer {
                cursor = index
                scan = state
            }
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                if !state.started {
                    switch byte {
                    case 0x20, 0x0A, 0x0D, 0x09, WireProtocol.splitter:
                        index += 1
                        start = index
                        continue
                    default:
                        state.started = true
                    }
                }
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
                if index - start >= limit {
                    pendingFatal = .frameTooLarge(limit: limit)
                    return nil
                }
                index += 1
            }
            return nil
        }
    }

    /// Decodes the bytes of one frame; nil when they are only whitespace.
    private func decodeFrame(from frameStart: Int, to end: Int) -> FrameEvent? {
        let parser = JSONParser(maximumDepth: configuration.maximumDepth)
        let parsed = buffer.withUnsafeBytes { raw in
            Result { () throws(JSONError) -> JSONValue in
                try parser.parse(UnsafeRawBufferPointer(rebasing: raw[frameStart..<end]))
            }
        }
        switch parsed {
        case .failure(let error):
            return .malformed(.invalidJSON(error))
        case .success(let json):
            do {
                return .frame(try Frame(json: json))
            } catch {
                return .malformed(error)
            }
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
