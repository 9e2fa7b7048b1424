import AuctionImage
import AuctionInfrastructure
import CZlib

/// The PNG decoder (issue 37) on arbitrary files: valid ones built from a random header (every colour
/// type, bit depth, interlace) and random scanlines with correct CRCs, then mutated. Nothing traps; a
/// decoded image keeps the decoder's bounds and holds exactly width × height × 4 bytes, and encoding
/// it again decodes to the same image.
extension FuzzTarget {
    /// PNG files through `PNGDecoder`.
    public static let png = FuzzTarget(name: "png", generate: generatePNG, run: runPNG)

    private static let pngDecoder = PNGDecoder(maximumPixels: 4_096, maximumDimension: 256, maximumDecodedBytes: 1 << 20)
    private static let colourDepths: [(UInt8, [UInt8])] = [(0, [1, 2, 4, 8, 16]), (2, [8, 16]), (3, [1, 2, 4, 8]), (4, [8, 16]), (6, [8, 16])]
    private static let chunkNames = ["IHDR", "PLTE", "tRNS", "IDAT", "IEND", "gAMA", "zTXt"]

    private static func generatePNG(_ random: inout SplitMix64) -> [UInt8] {
        let width = Int.random(in: 1...24, using: &random), height = Int.random(in: 1...24, using: &random)
        let (colour, depths) = colourDepths.randomElement(using: &random) ?? (6, [8])
        let depth = depths.randomElement(using: &random) ?? 8
        let interlace: UInt8 = Bool.random(using: &random) ? 1 : 0
        var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [depth, colour, 0, 0, interlace]
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(colour)] ?? 4
        let rowBytes = (width * channels * Int(depth) + 7) / 8
        // Scanlines as if not interlaced (wrong lengths for Adam7 are part of the point), filters 0–5.
        var raw: [UInt8] = []
        for _ in 0..<height {
            raw.append(UInt8.random(in: 0...5, using: &random))
            raw += (0..<rowBytes).map { _ in UInt8.random(in: 0...255, using: &random) }
        }
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
        if colour == 3 || Bool.random(using: &random) {
            file += chunk("PLTE", (0..<(3 * Int.random(in: 0...20, using: &random))).map { _ in UInt8.random(in: 0...255, using: &random) })
        }
        if Bool.random(using: &random) { file += chunk("tRNS", (0..<Int.random(in: 0...8, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }) }
        let compressed = deflate(raw)
        let split = compressed.isEmpty ? 0 : Int.random(in: 0...compressed.count, using: &random)
        file += chunk("IDAT", Array(compressed[..<split])) + chunk("IDAT", Array(compressed[split...]))
        file += chunk("IEND", [])
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return file
        case 1: return .mutated(file, using: &random, alphabet: Array(chunkNames.joined().utf8) + [0, 0xFF])
        case 2: return Array(file.prefix(Int.random(in: 0...file.count, using: &random)))
        default:  // a chunk of any name and length, CRC right, in the middle
            let name = chunkNames.randomElement(using: &random) ?? "IDAT"
            let body = (0..<Int.random(in: 0...64, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            let at = 33 + Int.random(in: 0...max(0, file.count - 45), using: &random)
            return Array(file[..<min(at, file.count)]) + chunk(name, body) + Array(file[min(at, file.count)...])
        }
    }

    private static func runPNG(_ bytes: [UInt8]) -> String? {
        let image: RGBAImage
        do throws(PNGError) {
            image = try pngDecoder.decode(bytes)
        } catch {
            return nil  // refused in words: what the decoder is for
        }
        guard image.width > 0, image.height > 0, image.width <= 256, image.height <= 256, image.width * image.height <= 4_096 else {
            return "decoded a \(image.width)×\(image.height) image past the decoder's bounds"
        }
        guard image.pixels.count == image.width * image.height * 4 else {
            return "a \(image.width)×\(image.height) image holds \(image.pixels.count) bytes"
        }
        guard let again = try? PNGEncoder.encode(image) else { return "cannot encode a decoded \(image.width)×\(image.height) image" }
        guard (try? pngDecoder.decode(again)) == image else { return "a decoded image does not survive encoding and decoding again" }
        return nil
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16),
         UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }

    /// Length, name, data and the CRC over name and data.
    private static func chunk(_ name: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(name.utf8) + data
        let crc = typed.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        return bigEndian(UInt32(data.count)) + typed + bigEndian(UInt32(truncatingIfNeeded: crc))
    }

    private static func deflate(_ input: [UInt8]) -> [UInt8] {
        var bound = compressBound(uLong(input.count))
        var output = [UInt8](repeating: 0, count: Int(bound))
        let status = output.withUnsafeMutableBufferPointer { out in
            input.withUnsafeBufferPointer { compress2(out.baseAddress, &bound, $0.baseAddress, uLong(input.count), 6) }
        }
        return status == Z_OK ? Array(output.prefix(Int(bound))) : []
    }
}
