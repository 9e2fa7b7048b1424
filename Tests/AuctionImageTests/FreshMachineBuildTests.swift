import Foundation
import Testing

/// The README promises that `swift run auction demo` builds on a fresh machine of this kind, which has
/// libjpeg62-turbo-dev and the runtime libwebp7 but neither libturbojpeg0-dev nor libwebp-dev: no
/// target may include turbojpeg.h or a webp/ header, nor link libturbojpeg or libwebp.
@Suite struct FreshMachineBuildTests {
    /// The package's root, two folders above this file.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

    /// Every C header, C source and module map under `Sources/`, with its text.
    static func cFiles() throws -> [(path: String, text: String)] {
        let sources = root.appendingPathComponent("Sources")
        guard let walker = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil) else { return [] }
        return try walker.compactMap { $0 as? URL }
            .filter { ["h", "c", "modulemap"].contains($0.pathExtension) }
            .map { (path: $0.path, text: try String(contentsOf: $0, encoding: .utf8)) }
    }

    @Test func noTargetIncludesAHeaderFromADevPackageAFreshMachineLacks() throws {
        let files = try Self.cFiles()
        #expect(files.contains { $0.path.hasSuffix("CJPEGCodec.c") }, "the walk found the C targets")
        for file in files {
            for line in file.text.split(separator: "\n") where line.contains("#include") || line.contains("header \"") {
                #expect(!line.contains("turbojpeg.h") && !line.contains("webp/"), "\(file.path): \(line)")
            }
        }
    }

    @Test func noTargetLinksLibturbojpegOrLibwebp() throws {
        for file in try Self.cFiles() where file.path.hasSuffix(".modulemap") {
            #expect(!file.text.contains("link \"turbojpeg\"") && !file.text.contains("link \"webp"), "\(file.path)")
        }
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        for library in ["\"turbojpeg\"", "\"webp", "-lturbojpeg", "-lwebp"] {
            #expect(!manifest.contains(library), "Package.swift names \(library)")
        }
    }
}
