/// SHA-256 (FIPS 180-4), small and dependency-free: session tokens are stored by it and the lot log
/// chains, aliases and signs with it. Its state and block buffer are inline words, so hashing a
/// short message allocates only the digest (the ledger hashes about 5 times per bid).
public struct SHA256: Sendable {
    private static let roundConstants: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    private var h0: UInt32 = 0x6a09e667, h1: UInt32 = 0xbb67ae85, h2: UInt32 = 0x3c6ef372, h3: UInt32 = 0xa54ff53a
    private var h4: UInt32 = 0x510e527f, h5: UInt32 = 0x9b05688c, h6: UInt32 = 0x1f83d9ab, h7: UInt32 = 0x5be0cd19
    /// The block being filled (64 bytes) and how many of its bytes are set.
    private var block: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    private var blockCount = 0
    private var totalBytes: UInt64 = 0

    /// A fresh hash state.
    public init() {}

    /// The 32-byte digest of `bytes`.
    public static func hash<Bytes: Sequence>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// The digest of `bytes` as 64 lowercase hex digits.
    public static func hexDigest<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        hex(hash(bytes))
    }

    /// Lowercase hex of any bytes.
    public static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Feeds more bytes.
    public mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        // Contiguous bytes (an image upload's array) are compressed in place, 64 at a time.
        if bytes.withContiguousStorageIfAvailable({ update(contiguous: UnsafeRawBufferPointer($0)) }) != nil { return }
        for byte in bytes {
            withUnsafeBytes(of: byte) { update(contiguous: $0) }
        }
    }

    /// Feeds contiguous bytes: whole blocks straight from the buffer, the rest through `block`.
    private mutating func update(contiguous buffer: UnsafeRawBufferPointer) {
        totalBytes &+= UInt64(buffer.count)
        var index = 0
        if blockCount > 0 {
            let taken = min(64 - blockCount, buffer.count)
            fill(from: buffer, at: index, count: taken)
            index += taken
            guard blockCount == 64 else { return }
            compressBlock()
        }
        while buffer.count - index >= 64 {
            compress(buffer.baseAddress! + index)
            index += 64
        }
        fill(from: buffer, at: index, count: buffer.count - index)
    }

    /// Copies `count` bytes of `buffer` from `index` into the block (they fit).
    private mutating func fill(from buffer: UnsafeRawBufferPointer, at index: Int, count: Int) {
        guard count > 0, let source = buffer.baseAddress else { return }
        let offset = blockCount
        withUnsafeMutableBytes(of: &block) { $0.baseAddress!.advanced(by: offset).copyMemory(from: source + index, byteCount: count) }
        blockCount += count
    }

    /// Compresses the full block and empties it.
    private mutating func compressBlock() {
        var full = block
        withUnsafeBytes(of: &full) { compress($0.baseAddress!) }
        blockCount = 0
    }

    /// Pads, processes the last blocks and returns the 32-byte digest.
    public mutating func finalize() -> [UInt8] {
        let bitLength = totalBytes &* 8
        var padding: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0, 0)
        // 0x80, zeros to 56 bytes mod 64, then the bit length, big-endian.
        let zeros = (55 - blockCount + 64) % 64
        withUnsafeMutableBytes(of: &padding) { bytes in
            bytes[0] = 0x80
            for shift in 0..<8 { bytes[1 + zeros + shift] = UInt8(truncatingIfNeeded: bitLength >> UInt64(56 - 8 * shift)) }
            let total = totalBytes
            update(contiguous: UnsafeRawBufferPointer(rebasing: bytes[..<(9 + zeros)]))
            totalBytes = total
        }
        var digest = [UInt8](repeating: 0, count: 32)
        for (index, word) in [h0, h1, h2, h3, h4, h5, h6, h7].enumerated() {
            digest[4 * index] = UInt8(truncatingIfNeeded: word >> 24)
            digest[4 * index + 1] = UInt8(truncatingIfNeeded: word >> 16)
            digest[4 * index + 2] = UInt8(truncatingIfNeeded: word >> 8)
            digest[4 * index + 3] = UInt8(truncatingIfNeeded: word)
        }
        return digest
    }

    /// One block's rounds from 64 bytes at `bytes`, with the message schedule on the stack.
    private mutating func compress(_ bytes: UnsafeRawPointer) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
            SHA256.roundConstants.withUnsafeBufferPointer { k in
                for i in 0..<16 { w[i] = UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)) }
                for i in 16..<64 {
                    let s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3)
                    let s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10)
                    w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
                }
                var a = h0, b = h1, c = h2, d = h3, e = h4, f = h5, g = h6, h = h7
                for i in 0..<64 {
                    let s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
                    let choice = (e & f) ^ (~e & g)
                    let t1 = h &+ s1 &+ choice &+ k[i] &+ w[i]
                    let s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
                    let majority = (a & b) ^ (a & c) ^ (b & c)
                    let t2 = s0 &+ majority
                    h = g; g = f; f = e; e = d &+ t1
                    d = c; c = b; b = a; a = t1 &+ t2
                }
                h0 &+= a; h1 &+= b; h2 &+= c; h3 &+= d
                h4 &+= e; h5 &+= f; h6 &+= g; h7 &+= h
            }
        }
    }

    private func rotr(_ value: UInt32, _ count: UInt32) -> UInt32 { (value >> count) | (value << (32 - count)) }
}
