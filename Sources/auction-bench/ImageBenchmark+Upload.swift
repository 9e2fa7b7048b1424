// The `image` suite's upload cases: what `POST /images` (and selling with a picture) spends on one
// 2 MB JPEG — validation by decoding it once, and the SHA-256 that names it in the store.
import AuctionImage
import AuctionLotLog
import AuctionServer

/// A JPEG of about `targetBytes` (the highest quality of 95…40 at or under it) made from `photo`, or nil.
func uploadSizedJPEG(_ photo: RGBAImage, targetBytes: Int) -> [UInt8]? {
    var smallest: [UInt8]?
    for quality in stride(from: 95, through: 40, by: -5) {
        guard let jpeg = try? JPEGEncoder.encode(photo, quality: quality) else { return nil }
        smallest = jpeg
        if jpeg.count <= targetBytes { return jpeg }
    }
    return smallest
}

/// Times validating and hashing `jpeg` (median of `runs`) and prints a line each; false on failure.
func runUploadBenchmarks(_ jpeg: [UInt8], runs: Int, seconds: () -> Double) -> Bool {
    let rules = ImageUpload.Rules()
    let label = "\(jpeg.count / 1_000) kB"
    let cases: [(String, () -> String?)] = [
        ("upload: validate a \(label) JPEG", {
            guard let upload = try? rules.validate(jpeg, declaredType: "image/jpeg") else { return nil }
            return "\(upload.width)×\(upload.height), decoded once"
        }),
        ("upload: SHA-256 of it", { SHA256.hexDigest(jpeg).count == 64 ? "the store's content hash" : nil }),
    ]
    var succeeded = true
    for (name, body) in cases {
        var times: [Double] = []
        var outcome: String?
        for _ in 0..<runs {
            let start = seconds()
            outcome = body()
            times.append(seconds() - start)
        }
        guard let outcome else {
            print("\(name): failed")
            succeeded = false
            continue
        }
        print(pad(name, 36) + pad(format(times.sorted()[times.count / 2] * 1_000, 1) + " ms", 12) + outcome)
    }
    return succeeded
}
