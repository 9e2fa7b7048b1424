// The `codec` suite: frames/s and MB/s for decoding and encoding a typical price push.
#if canImport(Glibc)
import Glibc
#endif
import AuctionCore
import AuctionData
import AuctionInfrastructure

/// Runs the `codec` benchmark suite; returns the process exit status.
///
/// Options: `--frames N` (frames per run, default 500000), `--runs N` (default 7),
/// `--chunk N` (bytes per simulated read, default 1448, a TCP segment's payload; 0 = whole stream).
func runCodecBenchmark(_ arguments: [String]) -> Int32 {
    var options = CodecBenchmarkOptions()
    guard options.parse(arguments) else {
        print("usage: auction-bench codec [--frames N] [--runs N] [--chunk BYTES]")
        return 2
    }
    let pushText = #"{"dataType":2,"data":{"product_id":5,"product_price":35000,"state":true,"auction_date":"2023-02-11","beforePrice":500}}/"#
    let frameBytes = Array(pushText.utf8)
    var stream: [UInt8] = []
    stream.reserveCapacity(frameBytes.count * options.frames)
    for _ in 0..<options.frames { stream.append(contentsOf: frameBytes) }
    let chunk = options.chunk > 0 ? options.chunk : stream.count
    let megabytes = Double(stream.count) / 1_000_000

    print("codec: \(options.frames) price-push frames of \(frameBytes.count) bytes, reads of \(chunk) bytes, median of \(options.runs) runs")
    var failed = false

    let update = PriceUpdate(productID: 5, price: 35000, change: 500, direction: .up, auctionDate: "2023-02-11")
    let frame = ServerMessage.price(update).frame
    // Rounds interleave the four cases so that load from other processes falls on all of them alike.
    let results = measureInterleaved(runs: options.runs, [
        { decodeStream(stream, chunk: chunk) { _ in true } },
        {
            decodeStream(stream, chunk: chunk) { frame in
                if case .price = try? ServerMessage(frame: frame) { return true }
                return false
            }
        },
        { encodeStream(count: options.frames, chunk: chunk) { FrameEncoder.encode(frame, into: &$0) } },
        { encodeStream(count: options.frames, chunk: chunk) { FrameEncoder.encode(ServerMessage.price(update).frame, into: &$0) } },
    ])
    let (decodeFrames, decodeMessages, encodeFrames, encodeMessages) = (results[0], results[1], results[2], results[3])

    for (name, result, expected) in [
        ("decode bytes -> Frame", decodeFrames, options.frames),
        ("decode bytes -> ServerMessage", decodeMessages, options.frames),
        ("encode Frame -> bytes", encodeFrames, stream.count),
        ("encode ServerMessage -> bytes", encodeMessages, stream.count),
    ] {
        if result.checksum != expected {
            print("\(name): wrong result \(result.checksum), expected \(expected)")
            failed = true
        }
        let seconds = result.seconds
        let framesPerSecond = Double(options.frames) / seconds
        print(pad(name, 32) + pad(format(framesPerSecond / 1_000_000, 2) + " M frames/s", 20)
              + format(megabytes / seconds, 1) + " MB/s")
    }
    return failed ? 1 : 0
}

/// Feeds `stream` to a decoder in reads of `chunk` bytes; returns how many frames `accept` took.
private func decodeStream(_ stream: [UInt8], chunk: Int, _ accept: (Frame) -> Bool) -> Int {
    var decoder = FrameDecoder()
    var accepted = 0
    stream.withUnsafeBytes { bytes in
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + chunk)
            decoder.append(UnsafeRawBufferPointer(rebasing: bytes[offset..<end]))
            while let event = decoder.nextEvent() {
                if case .frame(let frame) = event, accept(frame) { accepted += 1 }
            }
            offset = end
        }
    }
    return accepted
}

/// Encodes `count` frames into an output buffer flushed every `chunk` bytes; returns the bytes written.
private func encodeStream(count: Int, chunk: Int, _ encode: (inout [UInt8]) -> Void) -> Int {
    var output: [UInt8] = []
    output.reserveCapacity(chunk + 256)
    var written = 0
    for _ in 0..<count {
        encode(&output)
        if output.count >= chunk {
            written += output.count
            output.removeAll(keepingCapacity: true)
        }
    }
    return written + output.count
}

private struct CodecBenchmarkOptions {
    var frames = 500_000
    var runs = 7
    var chunk = 1_448

    mutating func parse(_ arguments: [String]) -> Bool {
        var index = 0
        while index < arguments.count {
            guard index + 1 < arguments.count, let value = Int(arguments[index + 1]), value >= 0 else { return false }
            switch arguments[index] {
            case "--frames" where value > 0: frames = value
            case "--runs" where value > 0: runs = value
            case "--chunk": chunk = value
            default: return false
            }
            index += 2
        }
        return true
    }
}

private struct Measurement {
    var seconds: Double
    var checksum: Int
}

/// Runs every body once to warm up, then `runs` rounds of each in turn; per body the median time and last result.
private func measureInterleaved(runs: Int, _ bodies: [() -> Int]) -> [Measurement] {
    var checksums = bodies.map { $0() }
    var times = [[Double]](repeating: [], count: bodies.count)
    for _ in 0..<runs {
        for (index, body) in bodies.enumerated() {
            let start = monotonicSeconds()
            checksums[index] = body()
            times[index].append(monotonicSeconds() - start)
        }
    }
    return bodies.indices.map { index in
        let sorted = times[index].sorted()
        return Measurement(seconds: sorted[sorted.count / 2], checksum: checksums[index])
    }
}

private func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}
