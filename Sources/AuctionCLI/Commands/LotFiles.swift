import AuctionCore
import Foundation

/// Reads the local files a lot names (`--description-file`, `--image`), refusing before reading
/// anything too large to send (a usage error, exit 2: nothing was sent).
public enum LotFiles {
    /// The description: given text, or the file's UTF-8 text (at most 4 bytes a character of the limit).
    public static func description(_ source: LotOptions.DescriptionSource?, command: String) throws(CommandError) -> String? {
        switch source {
        case nil: return nil
        case .text(let text): return text
        case .file(let path):
            let bytes = try read(path, limit: LotRules.maximumDescriptionLength * 4, what: "description file", command: command)
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw .usage(command, "the description file \(TerminalText.sanitized(path)) is not UTF-8 text; nothing was sent")
            }
            return text
        }
    }

    /// The images at `paths`, each checked for count and size before it is read.
    public static func images(_ paths: [String], command: String) throws(CommandError) -> [LotImage] {
        if let problem = LotRules.imagesProblem(Array(repeating: 1, count: paths.count)) { throw .usage(command, problem + "; nothing was sent") }
        var images: [LotImage] = []
        for (index, path) in paths.enumerated() {
            let bytes = try read(path, limit: LotRules.maximumImageBytes, what: "image \(index + 1)", command: command)
            if let problem = LotRules.imagesProblem([bytes.count]) {
                throw .usage(command, problem.replacingOccurrences(of: "image 1", with: "image \(index + 1) (\(TerminalText.sanitized(path)))")
                             + "; nothing was sent")
            }
            images.append(LotImage(filename: String(path.split(separator: "/").last ?? Substring(path)), bytes: bytes))
        }
        return images
    }

    /// The file's bytes when it is a regular file of at most `limit` bytes.
    private static func read(_ path: String, limit: Int, what: String, command: String) throws(CommandError) -> [UInt8] {
        let shown = TerminalText.sanitized(path)
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              attributes[.type] as? FileAttributeType == .typeRegular, let size = attributes[.size] as? Int else {
            throw .usage(command, "cannot read the \(what) \(shown): no such file; nothing was sent")
        }
        guard size <= limit else {
            throw .usage(command, "the \(what) \(shown) has \(size) bytes; at most \(limit) are accepted; nothing was sent")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .usage(command, "cannot read the \(what) \(shown); nothing was sent")
        }
        return [UInt8](data)
    }
}
