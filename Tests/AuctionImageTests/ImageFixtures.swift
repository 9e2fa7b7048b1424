import AuctionImage

/// Test pictures: a 16×16 image of four solid quadrants, easy to check after lossy compression.
enum ImageFixtures {
    /// Top-left red, top-right green, bottom-left blue, bottom-right white; all opaque.
    static let quadrantColors: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)]

    /// The quadrant image, `size`×`size` pixels.
    static func quadrants(size: Int = 16) -> RGBAImage {
        var pixels: [UInt8] = []
        for y in 0..<size {
            for x in 0..<size {
                let (r, g, b) = quadrantColors[(y < size / 2 ? 0 : 2) + (x < size / 2 ? 0 : 1)]
                pixels += [r, g, b, 255]
            }
        }
        return RGBAImage(width: size, height: size, pixels: pixels)
    }

    /// Whether each quadrant's centre pixel is within `tolerance` of its colour (lossy codecs).
    static func looksLikeQuadrants(_ image: RGBAImage, tolerance: Int) -> Bool {
        let quarter = image.width / 4
        let centres = [(quarter, quarter), (3 * quarter, quarter), (quarter, 3 * quarter), (3 * quarter, 3 * quarter)]
        return zip(centres, quadrantColors).allSatisfy { centre, colour in
            let (r, g, b, a) = image.pixel(x: centre.0, y: centre.1)
            return abs(Int(r) - Int(colour.0)) <= tolerance && abs(Int(g) - Int(colour.1)) <= tolerance
                && abs(Int(b) - Int(colour.2)) <= tolerance && a == 255
        }
    }
}
