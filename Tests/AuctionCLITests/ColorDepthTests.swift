import AuctionCLI
import AuctionImage
import Testing

@Suite struct ColorDepthTests {
    @Test func trueColorOnlyWhenCOLORTERMSaysSo() {
        #expect(ColorDepth(environment: ["COLORTERM": "truecolor", "TERM": "xterm-256color"]) == .trueColor)
        #expect(ColorDepth(environment: ["COLORTERM": "24bit", "TERM": "xterm"]) == .trueColor)
        #expect(ColorDepth(environment: ["TERM": "xterm-256color"]) == .palette256)
        #expect(ColorDepth(environment: ["COLORTERM": "yes", "TERM": "tmux-256color"]) == .palette256)
        #expect(ColorDepth(environment: ["TERM": "xterm"]) == .basic16)
        #expect(ColorDepth(environment: ["TERM": "linux"]) == .basic16)
        #expect(ColorDepth(environment: [:]) == .basic16)
    }

    @Test func escapeCodesForEachDepth() {
        let truecolor = ColorDepth(environment: ["COLORTERM": "truecolor"])
        let red24 = TerminalColor(red: 255, green: 0, blue: 0, depth: truecolor)
        #expect(red24.foreground == "\u{1B}[38;2;255;0;0m" && red24.background == "\u{1B}[48;2;255;0;0m")

        let xterm256 = ColorDepth(environment: ["TERM": "xterm-256color"])
        let red256 = TerminalColor(red: 255, green: 0, blue: 0, depth: xterm256)
        #expect(red256.foreground == "\u{1B}[38;5;196m" && red256.background == "\u{1B}[48;5;196m")

        let xterm = ColorDepth(environment: ["TERM": "xterm"])
        let red16 = TerminalColor(red: 255, green: 0, blue: 0, depth: xterm)
        #expect(red16.foreground == "\u{1B}[91m" && red16.background == "\u{1B}[101m")
        let darkBlue16 = TerminalColor(red: 0, green: 0, blue: 200, depth: xterm)
        #expect(darkBlue16.foreground == "\u{1B}[34m" && darkBlue16.background == "\u{1B}[44m")
    }

    @Test func quantisesToTheNearestPaletteEntry() {
        #expect(TerminalColor(red: 0, green: 0, blue: 0, depth: .palette256) == .indexed(16))
        #expect(TerminalColor(red: 255, green: 255, blue: 255, depth: .palette256) == .indexed(231))
        #expect(TerminalColor(red: 128, green: 128, blue: 128, depth: .palette256) == .indexed(244)) // grey ramp: 128
        #expect(TerminalColor(red: 95, green: 135, blue: 175, depth: .palette256) == .indexed(67)) // cube (1, 2, 3)
        #expect(TerminalColor(red: 10, green: 10, blue: 10, depth: .basic16) == .basic(0))
        #expect(TerminalColor(red: 250, green: 250, blue: 250, depth: .basic16) == .basic(15))
        #expect(TerminalColor(red: 0, green: 200, blue: 0, depth: .basic16) == .basic(2))
    }

    @Test func halfBlocksUseTheEscapesOfTheDepth() {
        let image = RGBAImage(width: 1, height: 2, pixels: [255, 0, 0, 255, 0, 0, 255, 255])
        #expect(HalfBlockImage.render(image, width: 1, depth: .palette256) == ["\u{1B}[38;5;196m\u{1B}[48;5;21m▀" + ANSI.reset])
        #expect(HalfBlockImage.render(image, width: 1, depth: .basic16) == ["\u{1B}[91m\u{1B}[44m▀" + ANSI.reset])
    }

    @Test func aTallPictureFitsTheLinesGivenKeepingItsShape() {
        let image = RGBAImage(width: 100, height: 400, pixels: [UInt8](repeating: 90, count: 100 * 400 * 4))
        let lines = HalfBlockImage.render(image, width: 48, maximumLines: 10)
        #expect(lines.count == 10)
        // 20 pixel rows of a 1:4 picture are 5 pixels wide.
        #expect(lines.allSatisfy { $0.filter { $0 == "▀" }.count == 5 })
        #expect(HalfBlockImage.render(image, width: 48, maximumLines: 0).count == 1)
    }
}
