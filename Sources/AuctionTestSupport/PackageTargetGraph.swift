import Foundation

/// Targets and their direct dependencies as `Package.swift` declares them (by name, as written).
public struct PackageTargetGraph {
    /// Each target's direct dependencies, by name.
    public var dependencies: [String: [String]]

    /// Reads the package's manifest (found from this file's place in the package).
    public static func read(filePath: String = #filePath) throws -> PackageTargetGraph {
        let root = URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        return PackageTargetGraph(manifest: text)
    }

    /// Parses each `.target(`, `.executableTarget(`, `.testTarget(` and `.systemLibrary(` entry.
    public init(manifest: String) {
        var graph: [String: [String]] = [:]
        let entries = manifest.split(separator: /\.(?:target|executableTarget|testTarget|systemLibrary)\(/).dropFirst()
        for entry in entries {
            guard let name = entry.firstMatch(of: /name:\s*"([^"]+)"/)?.1 else { continue }
            var names: [String] = []
            if let list = entry.firstMatch(of: /dependencies:\s*\[([^\]]*)\]/)?.1 {
                names = list.matches(of: /"([^"]+)"/).map { String($0.1) }
            }
            graph[String(name)] = names
        }
        dependencies = graph
    }

    /// Every target reachable from `target` through dependencies (not including itself).
    public func dependencies(reachableFrom target: String) -> Set<String> {
        var seen: Set<String> = []
        var pending = dependencies[target] ?? []
        while let next = pending.popLast() {
            guard seen.insert(next).inserted else { continue }
            pending += dependencies[next] ?? []
        }
        return seen
    }
}
