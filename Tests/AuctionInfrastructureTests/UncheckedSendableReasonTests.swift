import Foundation
import Testing

/// Every `@unchecked Sendable` in `Sources/` says why it is sound, in a comment line right above
/// it (`// @unchecked Sendable: <reason>`), so the promise is checked, not forgotten.
@Suite struct UncheckedSendableReasonTests {
    @Test func everyUncheckedSendableCarriesItsReason() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let sources = root.appendingPathComponent("Sources").path
        var offenders: [String] = []
        for case let relative as String in FileManager.default.enumerator(atPath: sources) ?? NSEnumerator() where relative.hasSuffix(".swift") {
            let lines = try String(contentsOfFile: sources + "/" + relative, encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() where Self.declaresUncheckedSendable(line) {
                if !Self.hasReason(above: index, in: lines) {
                    offenders.append("\(relative):\(index + 1)")
                }
            }
        }
        #expect(offenders == [])
    }

    /// The rule itself: a reason in the comment block right above counts; none, or an empty one, does not.
    @Test func theRuleSeesAMissingOrEmptyReason() {
        let declaration: Substring = "final class Box: @unchecked Sendable {"
        #expect(Self.hasReason(above: 1, in: ["// @unchecked Sendable: set once, then only read", declaration]))
        #expect(Self.hasReason(above: 2, in: ["/// A box.", "/// `@unchecked Sendable`: locked", declaration]))
        #expect(!Self.hasReason(above: 1, in: ["/// A box.", declaration]))
        #expect(!Self.hasReason(above: 1, in: ["// @unchecked Sendable:", declaration]))
        #expect(!Self.hasReason(above: 2, in: ["// @unchecked Sendable: far away", "", declaration]))
        #expect(!Self.declaresUncheckedSendable("/// it is `@unchecked Sendable` only to travel"))
    }

    /// Whether `line` is code (not a comment) conforming something to `@unchecked Sendable`.
    static func declaresUncheckedSendable(_ line: Substring) -> Bool {
        let code = line.drop { $0 == " " }
        return !code.hasPrefix("//") && code.contains("@unchecked Sendable")
    }

    /// Whether the comment lines directly above `index` hold `@unchecked Sendable: <reason>`.
    static func hasReason(above index: Int, in lines: [Substring]) -> Bool {
        let reason = #/^//+ *`?@unchecked Sendable`?: *\S/#
        var above = index - 1
        while above >= 0 {
            let comment = lines[above].drop { $0 == " " }
            guard comment.hasPrefix("//") else { return false }
            if comment.contains(reason) { return true }
            above -= 1
        }
        return false
    }
}
