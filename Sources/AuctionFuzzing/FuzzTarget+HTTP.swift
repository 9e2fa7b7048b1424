import AuctionData
import AuctionEngine
import AuctionInfrastructure
import AuctionServer

/// HTTP bytes: the request parser cut at arbitrary points, then the catalogue's request bodies.
extension FuzzTarget {
    /// HTTP requests and catalogue bodies.
    public static let http = FuzzTarget(name: "http", generate: generateHTTP, run: runHTTP)

    private static let limits = HTTPRequestParser.Limits(requestLineBytes: 256, headerBytes: 512, headerFields: 16, bodyBytes: 512)
    private static let bodies = [#"{"index":0}"#, #"{"index":"2"}"#, #"{"index":2.0}"#, #"{"index":2E0}"#, #"{"index":"+1"}"#,
                                 #"{"product_id":9223372036854775807}"#, #"{"product_id":-1}"#, #"{"image_id":"99999999999"}"#,
                                 #"{"index":1,"index":2}"#, #"{"product_id":"2147483647"}"#, "[]", "{"]

    private static func generateHTTP(_ random: inout SplitMix64) -> [UInt8] {
        var text = ""
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let body = bodies.randomElement(using: &random) ?? "{}"
            let path = ["/products/alllist", "/products/detailproduct", "/health"].randomElement(using: &random) ?? "/"
            let length = [String(body.utf8.count), "-1", "99999999999999999999", "+5", "0x10", "5, 5"].randomElement(using: &random) ?? "0"
            text += "POST \(path) HTTP/1.\(Int.random(in: 0...1, using: &random))\r\nHost: h\r\nContent-Length: \(length)\r\n\r\n\(body)"
        }
        let bytes = Array(text.utf8)
        return Bool.random(using: &random) ? bytes : [UInt8].mutated(bytes, using: &random, alphabet: Array("\r\n: 0123456789{}\"".utf8))
    }

    private static func runHTTP(_ bytes: [UInt8]) -> String? {
        var parser = HTTPRequestParser(limits: limits)
        var offset = 0
        var step = 1 + Int(bytes.last ?? 0) % 61
        var failures = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + step)
            parser.append(Array(bytes[offset..<end]))
            offset = end
            step = 1 + (step * 17 + 3) % 61
            while let event = parser.next() {
                switch event {
                case .request(let request):
                    if failures > 0 { return "a request came after a failure" }
                    if let broken = checkBody(request.body) { return broken }
                case .failure:
                    failures += 1
                case .expectsContinue, .head:
                    break
                }
            }
            if parser.bufferedBytes > limits.requestBytes + 64 { return "the parser holds \(parser.bufferedBytes) bytes" }
        }
        return failures > 1 ? "\(failures) failures from one stream" : nil
    }

    private static func checkBody(_ body: [UInt8]) -> String? {
        for key in ["index", "product_id", "image_id"] {
            guard let request = try? CatalogueRequest(key: key, body: body) else { continue }
            if !(0...Int(Int32.max)).contains(request.value) { return "\(key) \(request.value) accepted" }
        }
        return nil
    }
}
