import Foundation

/// Finds the executables SwiftPM built next to the running test bundle.
public enum BuildProducts {
    /// The build products folder (e.g. `.build/debug`), taken from the running test binary's path.
    public static var directory: String {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        var url = URL(fileURLWithPath: exe).deletingLastPathComponent()
        // Inside an .xctest bundle directory on some layouts: climb out of it.
        while url.path.contains(".xctest") { url.deleteLastPathComponent() }
        return url.path
    }

    /// The path of a built executable such as `auction` or `auction-server`.
    public static func executable(_ name: String) -> String { "\(directory)/\(name)" }
}
