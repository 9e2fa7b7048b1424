import AuctionCore
import AuctionLotLog
import Testing

@Suite struct HeadTreeTests {
    /// RFC 6962's tree computed the plain recursive way, to check the library against.
    private func referenceRoot(_ leaves: [[UInt8]]) -> [UInt8] {
        if leaves.count == 1 { return leaves[0] }
        var split = 1
        while split * 2 < leaves.count { split *= 2 }
        return SHA256.hash([1] + referenceRoot(Array(leaves[..<split])) + referenceRoot(Array(leaves[split...])))
    }

    private func leaves(_ count: Int) -> [[UInt8]] {
        (0..<count).map { LogHead(lot: ProductID($0 + 1), seq: UInt64($0 * 3 + 1), hash: SHA256.hash([UInt8($0)])).leafHash }
    }

    @Test func everyLeafOfOneToSeventeenLeadsToTheRoot() {
        for count in 1...17 {
            let leaves = leaves(count)
            let root = HeadTree.root(leaves[...])
            #expect(root == referenceRoot(leaves), "\(count) leaves")
            for index in 0..<count {
                let path = HeadTree.path(leaves[...], index: index)
                #expect(HeadTree.root(from: leaves[index], index: index, count: count, path: path) == root, "leaf \(index) of \(count)")
            }
        }
    }

    @Test func theRootAndPathsOfOnePassAreTheReferenceRootAndEachLeafsPath() {
        for count in 1...17 {
            let leaves = leaves(count)
            let (root, paths) = HeadTree.rootAndPaths(leaves)
            #expect(root == referenceRoot(leaves), "\(count) leaves")
            #expect(paths == leaves.indices.map { HeadTree.path(leaves[...], index: $0) }, "\(count) leaves")
        }
    }

    @Test func oneLeafIsItsOwnRootWithAnEmptyPath() {
        let leaf = leaves(1)
        #expect(HeadTree.root(leaf[...]) == leaf[0])
        #expect(HeadTree.path(leaf[...], index: 0).isEmpty)
    }

    @Test func aTamperedPathLeadsElsewhereOrNowhere() {
        for count in 2...17 {
            let leaves = leaves(count)
            let root = HeadTree.root(leaves[...])
            for index in 0..<count {
                var path = HeadTree.path(leaves[...], index: index)
                let intact = path
                path[0][0] ^= 1
                #expect(HeadTree.root(from: leaves[index], index: index, count: count, path: path) != root)
                // A path too short or too long, or another index or count, does not fit.
                #expect(HeadTree.root(from: leaves[index], index: index, count: count, path: Array(intact.dropLast())) == nil)
                #expect(HeadTree.root(from: leaves[index], index: index, count: count, path: intact + [root]) == nil)
                #expect(HeadTree.root(from: leaves[index], index: count, count: count, path: intact) == nil)
                if count > 2 {
                    let other = (index + 1) % count
                    #expect(HeadTree.root(from: leaves[index], index: other, count: count, path: intact) != root)
                }
            }
        }
    }

    @Test func leafHashIsZeroByteLotSeqHash() {
        let head = LogHead(lot: ProductID(5), seq: 14, hash: [UInt8](repeating: 0xab, count: 32))
        #expect(head.leafHash == SHA256.hash([0] + [0, 0, 0, 0, 0, 0, 0, 5] + [0, 0, 0, 0, 0, 0, 0, 14] + head.hash))
    }
}
