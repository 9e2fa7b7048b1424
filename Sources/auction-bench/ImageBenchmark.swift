// The `image` suite: how long `show` takes to decode a phone-sized photo, whole and at reduced scale.
#if canImport(Glibc)
import Glibc
#endif
import AuctionCLI
import AuctionImage

/// Runs the `image` benchmark suite; returns the process exit status.
///
/// Options: `--width N`, `--height N` (default 4032×3024, a 12-megapixel phone photo), `--runs N` (default 5),
/// `--server PATH` (the `auction-server` the hostile uploads go to; default the one beside this binary).
func runImageBenchmark(_ arguments: [String]) -> Int32 {
    var width = 4_032, height = 3_024, runs = 5
    var server = siblingBinary("auction-server")
    var index = 0
    while index < arguments.count {
        if arguments[index] == "--server", index + 1 < arguments.count {
            server = arguments[index + 1]
            index += 2
            continue
        }
        guard index + 1 < arguments.count, let value = Int(arguments[index + 1]), value > 0 else { break }
        switch arguments[index] {
        case "--width": width = value
        case "--height": height = value
        case "--runs": runs = value
        default: index = arguments.count + 1; continue
        }
        index += 2
    }
    guard index == arguments.count, width * height <= ImageLimits().maximumPixels else {
        print("usage: auction-bench image [--width N] [--height N] [--runs N] [--server PATH]  (at most \(ImageLimits().maximumPixels) pixels)")
        return 2
    }
    let photo = syntheticPhoto(width: width, height: height)
    let jpeg: [UInt8], webp: [UInt8]
    do throws(ImageError) {
        jpeg = try JPEGEncoder.encode(photo, quality: 90)
        webp = try WebPEncoder.encode(photo, lossless: false, quality: 80)
    } catch {
        print("image: could not encode the test photo: \(error)")
        return 1
    }
    print("image: \(width)×\(height) photo, JPEG \(jpeg.count / 1_000) kB, WebP \(webp.count / 1_000) kB, median of \(runs) runs")
    let whole = ImageDecoder(), reduced = ImageDecoder(minimumDecodedSide: ProductPicture.decodedSide)
    let cases: [(String, () -> RGBAImage?)] = [
        ("JPEG decode, whole", { try? whole.decode(jpeg) }),
        ("JPEG decode, reduced (show)", { try? reduced.decode(jpeg) }),
        ("WebP decode", { try? whole.decode(webp) }),
        ("show picture: JPEG to 48×23 cells", {
            guard let image = try? reduced.decode(jpeg) else { return nil }
            return HalfBlockImage.render(image, width: 48, maximumLines: 23).isEmpty ? nil : image
        }),
    ]
    guard let uploadJPEG = uploadSizedJPEG(photo, targetBytes: 2_000_000) else {
        print("image: could not encode the upload JPEG")
        return 1
    }
    var failed = false
    for (name, body) in cases {
        var times: [Double] = []
        var decoded: RGBAImage?
        for _ in 0..<runs {
            let start = imageBenchmarkSeconds()
            decoded = body()
            times.append(imageBenchmarkSeconds() - start)
        }
        guard let decoded else {
            print("\(name): failed")
            failed = true
            continue
        }
        let median = times.sorted()[times.count / 2]
        print(pad(name, 36) + pad(format(median * 1_000, 1) + " ms", 12)
              + "\(decoded.width)×\(decoded.height), \(format(Double(decoded.pixels.count) / 1_048_576, 1)) MiB of RGBA")
    }
    if !runUploadBenchmarks(uploadJPEG, runs: runs, seconds: imageBenchmarkSeconds) { failed = true }
    if !runHostileUploadBenchmark(binary: server, runs: runs) { failed = true }
    return failed ? 1 : 0
}

/// Smooth gradients with a little noise, so the codecs work about as hard as on a photograph.
func syntheticPhoto(width: Int, height: Int) -> RGBAImage {
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    var state: UInt32 = 2_463_534_242
    for y in 0..<height {
        for x in 0..<width {
            state ^= state << 13; state ^= state >> 17; state ^= state << 5
            let noise = Int(state & 15)
            let offset = (y * width + x) * 4
            pixels[offset] = UInt8(min(255, x * 255 / width + noise))
            pixels[offset + 1] = UInt8(min(255, y * 255 / height + noise))
            pixels[offset + 2] = UInt8(min(255, (x + y) * 128 / (width + height) + 64 + noise))
        }
    }
    return RGBAImage(width: width, height: height, pixels: pixels)
}

func imageBenchmarkSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}
