import AuctionCore
import AuctionData
import AuctionInfrastructure
import AuctionServer
import AuctionTestSupport
import Foundation
import Glibc
import Testing

/// A body larger than its path allows is refused from the request head alone, with 413 and the JSON
/// refusal every other route gives (`{"error", "reason": "body_too_large"}`), on a real server over a
/// real socket; our HTTP client, still sending the body when the refusal comes, reads it (and the
/// client library turns it into a refusal with that reason) rather than reporting the reset.
@Suite struct OversizedBodyTests {
    typealias Running = ServerImageTests.Running

    /// Sends only `head` (no body byte) and reads the answer until the server closes.
    static func answer(toHead head: String, port: Int) async -> (status: String, body: [String: Any]) {
        let text = await exchange(head, port: port, timeoutSeconds: 30)
        let parts = text.components(separatedBy: "\r\n\r\n")
        let status = parts.first?.components(separatedBy: "\r\n").first ?? ""
        let body = parts.count > 1 ? Data(parts.dropFirst().joined(separator: "\r\n\r\n").utf8) : Data()
        return (status, (try? JSONSerialization.jsonObject(with: body) as? [String: Any]) ?? [:])
    }

    /// Sends `head` (no body byte) on a new connection and reads until the server closes or `timeoutSeconds` pass.
    static func exchange(_ head: String, port: Int, timeoutSeconds: Int) async -> String {
        let bytes = await offPool { () -> [UInt8] in
            let fd = BlockingLoopbackSocket.connect(port: port, receiveTimeoutSeconds: timeoutSeconds)
            guard fd >= 0 else { return [] }
            defer { close(fd) }
            let request = Array(head.utf8)
            _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            var received: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4_096)
            while true {
                let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                guard count > 0 else { break }
                received += buffer.prefix(count)
            }
            return received
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `/images` takes one image (5 MiB + 64 KiB); `/products` ten and the fields (51 MiB).
    @Test(arguments: [("/products", 60 << 20), ("/images", 50 << 20)])
    func refusesAnOversizedBodyFromTheHeadWithAJSONReason(path: String, length: Int) async throws {
        let running = try await Running.start()
        defer { running.stop() }
        let head = "POST \(path) HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(running.token)\r\n"
            + "Content-Type: \(path == "/images" ? "image/jpeg" : "multipart/form-data; boundary=b")\r\n"
            + "Content-Length: \(length)\r\n\r\n"
        let (status, body) = await Self.answer(toHead: head, port: running.addresses.http.port)
        #expect(status == "HTTP/1.1 413 Content Too Large")
        #expect(body["reason"] as? String == "body_too_large")
        #expect((body["error"] as? String)?.contains("larger than") == true)
        #expect(try running.storedImageCount() == 0)
        #expect(try ServerSellingTests.count(running, "SELECT COUNT(*) FROM products") == ServerSellingTests.demoCount)
    }

    @Test func theClientLibraryReportsTheReasonOfAnOversizedUpload() async throws {
        let running = try await Running.start()
        defer { running.stop() }
        // Over `POST /images`' limit (5 MiB + 64 KiB), and more than the 1 MiB the server drops before it resets.
        let bytes = [0xFF, 0xD8, 0xFF] + [UInt8](repeating: 0x20, count: 8 << 20)
        let repository = HTTPLotRepository(client: running.http)
        do {
            _ = try await repository.uploadImage(LotImage(filename: "big.jpg", bytes: bytes), token: running.token)
            Issue.record("an oversized upload was accepted")
        } catch {
            guard case .refused(let reason, let message, let status) = error else {
                Issue.record("expected a refusal, got \(error)")
                return
            }
            #expect(reason == "body_too_large" && status == 413)
            #expect(message.contains("larger than"))
        }
        #expect(try running.storedImageCount() == 0)
    }
}
