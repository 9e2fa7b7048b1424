import AuctionInfrastructure
import Testing

@Suite struct MultipartFormDataTests {
    let type = "multipart/form-data; boundary=XyZ"

    private func body(_ text: String) -> [UInt8] { Array(text.replacingCRLF.utf8) }

    @Test func readsFieldsAndFilesWithTheirHeaders() throws {
        let form = try MultipartFormData(body: body("""
            preamble to ignore
            --XyZ
            Content-Disposition: form-data; name="name"

            Lamp
            --XyZ
            Content-Disposition: form-data; name="image"; filename="a \\"b\\"; c.png"
            Content-Type: image/png

            \u{1}\u{2}
            --XyZ--
            epilogue
            """), contentType: type)
        #expect(form.parts.count == 2)
        #expect(form.field("name") == "Lamp")
        let file = try #require(form.parts(named: "image").first)
        #expect(file.filename == "a \"b\"; c.png")
        #expect(file.contentType == "image/png")
        #expect(file.body == [1, 2])
        #expect(form.field("image") == nil)
    }

    @Test func roundTripsWhatItSerializes() throws {
        let parts = [MultipartPart(name: "start_price", body: Array("1000".utf8)),
                     MultipartPart(name: "image", filename: "x.jpg", contentType: "image/jpeg", body: [0xFF, 0xD8, 0x0D, 0x0A, 0x2D])]
        let bytes = MultipartFormData(parts: parts).serialized(boundary: "b0und")
        let read = try MultipartFormData(body: bytes, contentType: "multipart/form-data; boundary=\"b0und\"")
        #expect(read.parts.map(\.name) == ["start_price", "image"])
        #expect(read.parts.map(\.body) == parts.map(\.body))
        #expect(read.parts[1].filename == "x.jpg")
    }

    @Test func refusesAMissingOrBadBoundary() {
        #expect(throws: MultipartError.invalidBoundary("the content type has none")) {
            try MultipartFormData(body: [], contentType: "multipart/form-data")
        }
        #expect(throws: MultipartError.notMultipart("application/json")) {
            try MultipartFormData(body: [], contentType: "application/json")
        }
        #expect(throws: MultipartError.self) {
            try MultipartFormData(body: [], contentType: "multipart/form-data; boundary=" + String(repeating: "a", count: 71))
        }
        #expect(throws: MultipartError.self) {
            try MultipartFormData(body: [], contentType: "multipart/form-data; boundary=\"\"")
        }
    }

    @Test func refusesATruncatedBody() throws {
        let whole = body("""
            --XyZ
            Content-Disposition: form-data; name="image"; filename="a.png"

            0123456789
            --XyZ--

            """)
        #expect(try MultipartFormData(body: whole, contentType: type).parts.count == 1)
        for cut in [3, 20, 60, whole.count - 12, whole.count - 5] {
            #expect(throws: MultipartError.self, "cut at \(cut)") {
                try MultipartFormData(body: Array(whole.prefix(cut)), contentType: type)
            }
        }
        #expect(throws: MultipartError.truncated) { try MultipartFormData(body: Array(whole.prefix(whole.count - 12)), contentType: type) }
    }

    @Test func refusesPartsWithoutADispositionOrName() {
        for headers in ["Content-Type: text/plain", "Content-Disposition: attachment; name=\"a\"", "Content-Disposition: form-data"] {
            #expect(throws: MultipartError.self, "\(headers)") {
                try MultipartFormData(body: body("--XyZ\n\(headers)\n\nvalue\n--XyZ--\n"), contentType: type)
            }
        }
    }

    @Test func toleratesUnbalancedQuotesInParameters() throws {
        let form = try MultipartFormData(body: body("--XyZ\nContent-Disposition: form-data; name=\"open\n\nv\n--XyZ--\n"), contentType: type)
        #expect(form.parts.first?.name == "open")
    }

    @Test func boundsPartsBodyAndHeaders() {
        let many = String(repeating: "--XyZ\nContent-Disposition: form-data; name=\"a\"\n\nv\n", count: 5) + "--XyZ--\n"
        #expect(throws: MultipartError.tooManyParts(limit: 4)) {
            try MultipartFormData(body: body(many), contentType: type, limits: .init(parts: 4))
        }
        #expect(throws: MultipartError.bodyTooLarge(limit: 10)) {
            try MultipartFormData(body: body(many), contentType: type, limits: .init(bodyBytes: 10))
        }
        let longHeader = "--XyZ\nContent-Disposition: form-data; name=\"a\"\nX-Long: " + String(repeating: "h", count: 5_000) + "\n\nv\n--XyZ--\n"
        #expect(throws: MultipartError.partHeadersTooLarge(limit: 4_096)) {
            try MultipartFormData(body: body(longHeader), contentType: type)
        }
    }
}

private extension String {
    /// The text with every line ending as CRLF, as multipart requires.
    var replacingCRLF: String {
        split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
    }
}
