import AuctionInfrastructure
import AuctionImage

/// Draws a product's demo picture: a gradient and a shape, different for every product id.
enum DemoImage {
    /// Side of the square picture in pixels.
    static let side = 48

    /// The PNG bytes of picture `variant` of product `productID`.
    static func png(productID: Int, variant: Int = 0) -> [UInt8] {
        // A 48×48 buffer in memory: zlib does not fail on it, but a failure means no picture, not a trap.
        (try? PNGEncoder.encode(image(productID: productID, variant: variant))) ?? []
    }

    /// The picture as pixels.
    static func image(productID: Int, variant: Int = 0) -> RGBAImage {
        var random = SplitMix64(seed: 0xD3E0_1A6E ^ UInt64(productID &* 7919 &+ variant &* 104_729))
        let hue = Double(random.int(in: 0...359))
        let top = rgb(hue: hue, saturation: 0.55, value: 0.95)
        let bottom = rgb(hue: (hue + Double(random.int(in: 30...90))).truncatingRemainder(dividingBy: 360), saturation: 0.7, value: 0.55)
        let ink = rgb(hue: (hue + 180).truncatingRemainder(dividingBy: 360), saturation: 0.8, value: 0.9)
        let shape = (productID + variant) % 5
        let size = side
        let centre = Double(size - 1) / 2
        let radius = Double(random.int(in: 11...18))
        var pixels = [UInt8](repeating: 255, count: size * size * 4)
        for y in 0..<size {
            for x in 0..<size {
                let t = Double(x + y) / Double(2 * (size - 1))
                var colour = mix(top, bottom, t)
                let dx = Double(x) - centre, dy = Double(y) - centre
                let inside: Bool
                switch shape {
                case 0: inside = dx * dx + dy * dy <= radius * radius
                case 1: inside = abs(dx) <= radius * 0.8 && abs(dy) <= radius * 0.8
                case 2: inside = abs(dx) + abs(dy) <= radius
                case 3:
                    let distance = (dx * dx + dy * dy).squareRoot()
                    inside = distance <= radius && distance >= radius - 5
                default: inside = (x + y) / 6 % 2 == 0 && abs(dy) <= radius
                }
                if inside { colour = ink }
                let i = (y * size + x) * 4
                pixels[i] = colour.0
                pixels[i + 1] = colour.1
                pixels[i + 2] = colour.2
            }
        }
        return RGBAImage(width: size, height: size, pixels: pixels)
    }

    private static func mix(_ a: (UInt8, UInt8, UInt8), _ b: (UInt8, UInt8, UInt8), _ t: Double) -> (UInt8, UInt8, UInt8) {
        func channel(_ p: UInt8, _ q: UInt8) -> UInt8 { UInt8((Double(p) * (1 - t) + Double(q) * t).rounded()) }
        return (channel(a.0, b.0), channel(a.1, b.1), channel(a.2, b.2))
    }

    private static func rgb(hue: Double, saturation: Double, value: Double) -> (UInt8, UInt8, UInt8) {
        let chroma = value * saturation
        let sector = hue / 60
        let x = chroma * (1 - abs(sector.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double)
        switch Int(sector) {
        case 0: (r, g, b) = (chroma, x, 0)
        case 1: (r, g, b) = (x, chroma, 0)
        case 2: (r, g, b) = (0, chroma, x)
        case 3: (r, g, b) = (0, x, chroma)
        case 4: (r, g, b) = (x, 0, chroma)
        default: (r, g, b) = (chroma, 0, x)
        }
        let m = value - chroma
        func byte(_ v: Double) -> UInt8 { UInt8(max(0, min(255, ((v + m) * 255).rounded()))) }
        return (byte(r), byte(g), byte(b))
    }
}
