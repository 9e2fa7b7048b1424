import AuctionCLI
import AuctionImage
import Testing

/// `auction show` on a colour terminal: the picture is decoded by its first bytes whatever it is
/// called or served as, fitted to the terminal, or replaced by one line saying why.
@Suite struct CommandShowPictureTests {
    /// A 32×32 picture: red on top, blue below.
    static let picture = RGBAImage(width: 32, height: 32, pixels: (0..<(32 * 32)).flatMap { $0 < 512 ? [255, 0, 0, 255] : [0, 0, 255, 255] as [UInt8] })

    /// Runs `auction show 7` against a server whose image 7 is `image`, on a colour terminal.
    func show(serving image: [UInt8], terminal: TerminalSize = TerminalSize(rows: 40, columns: 100),
              depth: ColorDepth = .trueColor) async throws -> CommandRun {
        let server = try CommandTestServer(products: 10)
        defer { server.stop() }
        server.catalogue.images.withLock { $0[7] = image }
        let out = MemorySink(), err = MemorySink()
        var environment = server.environment()
        environment["HOME"] = "/nonexistent/auction-test-home"
        let app = AuctionApp(environment: environment) { noColor in
            Console(output: out, errors: err, outputIsTerminal: true, size: terminal, color: !noColor, colorDepth: depth)
        }
        let status = await app.run(["show", "7"])
        return CommandRun(status: status, stdout: out.text, stderr: err.text)
    }

    /// The half-block lines of an output.
    func pictureLines(_ run: CommandRun) -> [Substring] { run.stdout.split(separator: "\n").filter { $0.contains("▀") } }

    @Test func drawsAJPEGServedUnderAPNGName() async throws {
        let run = try await show(serving: try JPEGEncoder.encode(Self.picture, quality: 95))
        #expect(run.status == .success, "stderr: \(run.stderr)")
        let lines = pictureLines(run)
        #expect(lines.count == 16, "\(run.stdout)")
        #expect(lines.first?.hasPrefix("\u{1B}[38;2;25") == true) // red, within JPEG tolerance
        #expect(!run.stdout.contains("picture: not shown"))
    }

    @Test func drawsAWebPInTheTerminalsColourDepth() async throws {
        let run = try await show(serving: try WebPEncoder.encode(Self.picture), depth: .palette256)
        let lines = pictureLines(run)
        #expect(lines.count == 16, "\(run.stdout)")
        #expect(lines.first?.hasPrefix("\u{1B}[38;5;196m\u{1B}[48;5;196m▀") == true)
        #expect(lines.last?.hasPrefix("\u{1B}[38;5;21m\u{1B}[48;5;21m▀") == true)
        #expect(!run.stdout.contains("38;2;"))
    }

    @Test func thePictureFitsTheTerminalsHeight() async throws {
        let run = try await show(serving: PNGEncoder.encode(Self.picture), terminal: TerminalSize(rows: 9, columns: 100))
        let lines = pictureLines(run)
        #expect(lines.count == 8)
        #expect(lines.allSatisfy { $0.filter { $0 == "▀" }.count == 16 })
    }

    @Test func anUnsupportedFormatGetsOneLine() async throws {
        let run = try await show(serving: Array("GIF89a\u{1}\u{0}\u{1}\u{0}".utf8))
        #expect(run.status == .success)
        #expect(run.stdout.hasSuffix("\n\npicture: not shown (GIF is not supported)\n"), "\(run.stdout)")
        #expect(pictureLines(run).isEmpty)
    }

    @Test func aTruncatedJPEGGetsOneLine() async throws {
        let jpeg = try JPEGEncoder.encode(Self.picture, quality: 95)
        let run = try await show(serving: Array(jpeg.dropLast(6)))
        #expect(run.status == .success)
        #expect(run.stdout.hasSuffix("\n\npicture: not shown (JPEG image corrupt: Premature end of JPEG file)\n"), "\(run.stdout)")
    }

    @Test func aMissingImageGetsOneLine() async throws {
        let server = try CommandTestServer(products: 10)
        defer { server.stop() }
        let run = await CommandHarness.run(["show", "7"], environment: server.environment(), terminal: TerminalSize(rows: 40, columns: 100), color: true)
        #expect(run.status == .success)
        #expect(run.stdout.hasSuffix("\n\npicture: not shown (could not load it: not found: image 7)\n"), "\(run.stdout)")
    }

    @Test func withoutColourTheNoteSaysThePictureWasLeftOut() async throws {
        let server = try CommandTestServer(products: 10)
        defer { server.stop() }
        server.catalogue.images.withLock { $0[7] = Array("GIF89a".utf8) }
        let run = await CommandHarness.run(["show", "7"], environment: server.environment(), terminal: TerminalSize(rows: 40, columns: 100))
        #expect(run.stdout.contains("picture: not shown (colours are off") && !run.stdout.contains("▀"), "\(run.stdout)")
    }
}
