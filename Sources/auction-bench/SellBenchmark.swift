// The `sell` suite: `POST /products` of a lot with a 2 MB JPEG, end to end on loopback (request out
// to `201` in), against an in-process release server with a real SQLite file. The image is decoded
// once (validation) and hashed; lot and image are written in one transaction.
#if canImport(Glibc)
import Glibc
#endif
import AuctionImage
import AuctionInfrastructure
import AuctionServer
import Foundation

/// Runs the sell benchmark (`--runs N`, default 9); prints the median and the spread.
func runSellBenchmark(_ arguments: [String]) -> Int32 {
    var runs = 9
    if arguments.count == 2, arguments[0] == "--runs", let value = Int(arguments[1]), value > 0 { runs = value }
    else if !arguments.isEmpty {
        print("usage: auction-bench sell [--runs N]")
        return 2
    }
    guard let jpeg = uploadSizedJPEG(syntheticPhoto(width: 4_032, height: 3_024), targetBytes: 2_000_000) else {
        print("sell: could not encode the JPEG")
        return 1
    }
    let directory = NSTemporaryDirectory() + "auction-bench-sell-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let server = AuctionHouseServer(configuration: .ephemeral(databasePath: directory + "/auction.sqlite"), log: .silent)
    defer { server.stop() }
    guard let addresses = try? server.start() else {
        print("sell: the server did not start")
        return 1
    }
    let port = addresses.http.port
    let registered = blockingHTTP(port: port, head: "POST /users/register HTTP/1.1\r\nHost: bench\r\nContent-Type: application/json\r\n",
                                  body: Array("{\"name\":\"bench-seller\",\"password\":\"correct horse battery\"}".utf8))
    guard let json = try? JSONValue.parse(registered.body), let token = json["token"]?.stringValue else {
        print("sell: could not register (\(registered.status))")
        return 1
    }
    print("sell: POST /products with one \(jpeg.count / 1_000) kB JPEG, loopback, median of \(runs) runs")
    var times: [Double] = []
    for run in 0..<runs {
        let boundary = "bench-\(run)"
        let form = MultipartFormData(parts: [
            MultipartPart(name: "name", body: Array("Bench lamp \(run)".utf8)),
            MultipartPart(name: "start_price", body: Array("1000".utf8)),
            MultipartPart(name: "duration_seconds", body: Array("3600".utf8)),
            MultipartPart(name: "image", filename: "lamp.jpg", contentType: "image/jpeg", body: jpeg),
        ]).serialized(boundary: boundary)
        let start = imageBenchmarkSeconds()
        let answer = blockingHTTP(port: port, head: "POST /products HTTP/1.1\r\nHost: bench\r\nAuthorization: Bearer \(token)\r\n"
                                  + "Content-Type: multipart/form-data; boundary=\(boundary)\r\n", body: form)
        let elapsed = imageBenchmarkSeconds() - start
        guard answer.status == 201 else {
            print("sell: run \(run) answered \(answer.status): \(String(decoding: answer.body, as: UTF8.self))")
            return 1
        }
        times.append(elapsed * 1_000)
    }
    let sorted = times.sorted()
    print(pad("sell: 2 MB JPEG lot, request to 201", 40) + pad(format(sorted[sorted.count / 2], 1) + " ms", 12)
          + "min \(format(sorted[0], 1)) ms, max \(format(sorted[sorted.count - 1], 1)) ms (target < 200 ms)")
    return 0
}

/// One HTTP/1.1 request on a fresh blocking loopback connection; the status and body (status 0 on failure).
private func blockingHTTP(port: Int, head: String, body: [UInt8]) -> (status: Int, body: [UInt8]) {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return (0, []) }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else { return (0, []) }
    let request = Array((head + "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n").utf8) + body
    var offset = 0
    while offset < request.count {
        let sent = request.withUnsafeBytes { send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
        guard sent > 0 else { return (0, []) }
        offset += sent
    }
    var response: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { break }
        response += buffer[0..<count]
    }
    let text = String(decoding: response, as: UTF8.self)
    guard let headEnd = text.range(of: "\r\n\r\n") else { return (0, []) }
    let status = Int(text.split(separator: " ").dropFirst().first ?? "") ?? 0
    return (status, Array(text[headEnd.upperBound...].utf8))
}
