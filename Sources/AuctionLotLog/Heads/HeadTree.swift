/// The Merkle tree over a commit batch's heads (RFC 6962's shape: the left subtree holds the
/// largest power of two below the count; inner nodes hash 0x01 and both children), so one
/// signature covers every lot a batch touched and each lot's proof is a few hashes.
public enum HeadTree {
    /// The root over `leaves` (leaf hashes, in the batch's order; at least one).
    public static func root(_ leaves: ArraySlice<[UInt8]>) -> [UInt8] {
        guard leaves.count > 1 else { return leaves.first ?? LotLogChain.genesis }
        let split = leaves.startIndex + largestPowerOfTwo(below: leaves.count)
        return node(root(leaves[..<split]), root(leaves[split...]))
    }

    /// The hashes that lead from leaf `index` to the root, nearest first.
    public static func path(_ leaves: ArraySlice<[UInt8]>, index: Int) -> [[UInt8]] {
        guard leaves.count > 1 else { return [] }
        let split = largestPowerOfTwo(below: leaves.count)
        let start = leaves.startIndex
        if index < split {
            return path(leaves[start..<start + split], index: index) + [root(leaves[(start + split)...])]
        }
        return path(leaves[(start + split)...], index: index - split) + [root(leaves[start..<start + split])]
    }

    /// The root and every leaf's path from one pass, each subtree's root hashed once (about 2n hashes
    /// for n leaves, where n separate `path` calls would hash n² times): a signed commit and its receipts.
    public static func rootAndPaths(_ leaves: [[UInt8]]) -> (root: [UInt8], paths: [[[UInt8]]]) {
        guard !leaves.isEmpty else { return (LotLogChain.genesis, []) }
        var memo: [Int: [UInt8]] = [:]
        func subtree(_ start: Int, _ count: Int) -> [UInt8] {
            if count == 1 { return leaves[start] }
            let key = start &* 65_536 &+ count
            if let known = memo[key] { return known }
            let split = largestPowerOfTwo(below: count)
            let hash = node(subtree(start, split), subtree(start + split, count - split))
            memo[key] = hash
            return hash
        }
        func path(_ index: Int, _ start: Int, _ count: Int) -> [[UInt8]] {
            guard count > 1 else { return [] }
            let split = largestPowerOfTwo(below: count)
            if index < start + split { return path(index, start, split) + [subtree(start + split, count - split)] }
            return path(index, start + split, count - split) + [subtree(start, split)]
        }
        let paths = leaves.indices.map { path($0, 0, leaves.count) }
        return (subtree(0, leaves.count), paths)
    }

    /// The root that `leaf` at `index` of `count` leaves and its `path` lead to; nil when the path's
    /// length does not fit the count.
    public static func root(from leaf: [UInt8], index: Int, count: Int, path: [[UInt8]]) -> [UInt8]? {
        guard index >= 0, index < count else { return nil }
        var remaining = path[...]
        guard let root = climb(leaf, index: index, count: count, path: &remaining), remaining.isEmpty else { return nil }
        return root
    }

    private static func climb(_ leaf: [UInt8], index: Int, count: Int, path: inout ArraySlice<[UInt8]>) -> [UInt8]? {
        guard count > 1 else { return leaf }
        let split = largestPowerOfTwo(below: count)
        if index < split {
            guard let left = climb(leaf, index: index, count: split, path: &path), let right = path.popFirst() else { return nil }
            return node(left, right)
        }
        guard let right = climb(leaf, index: index - split, count: count - split, path: &path), let left = path.popFirst() else {
            return nil
        }
        return node(left, right)
    }

    private static func node(_ left: [UInt8], _ right: [UInt8]) -> [UInt8] {
        var hasher = SHA256()
        hasher.update([1])
        hasher.update(left)
        hasher.update(right)
        return hasher.finalize()
    }

    /// The largest power of two strictly below `count` (count ≥ 2).
    private static func largestPowerOfTwo(below count: Int) -> Int {
        var power = 1
        while power << 1 < count { power <<= 1 }
        return power
    }
}
