import CZlib

extension PNGDecoder {
    /// Checks PNG file bytes as `decode` would (chunks, CRCs, limits, the exact amount of image data,
    /// every row's filter type) without building the image: the data is inflated through a 64 KiB
    /// window, so a large 16-bit canvas costs its CPU once and no memory. Returns the header.
    public func validate(_ bytes: [UInt8]) throws(PNGError) -> PNGHeader {
        let chunks = try readChunks(bytes)
        let header = chunks.header
        let rows: [(bytes: Int, count: Int)] = header.interlaced
            ? PNGDecoder.passes(of: header).map { ($0.header.rowBytes + 1, $0.header.height) }
            : [(header.rowBytes + 1, header.height)]
        var filters = FilterPositions(rows: rows)
        let expected = rows.reduce(0) { $0 + $1.bytes * $1.count }
        try Inflater.stream(chunks.compressed, expectedSize: expected) { (window, offset) throws(PNGError) in
            while let position = filters.next, position < offset + window.count {
                let filter = window[position - offset]
                guard filter <= 4 else { throw .invalidFilter(filter) }
                filters.advance()
            }
        }
        return header
    }

    /// Where each row's filter byte sits in the inflated data, in order.
    private struct FilterPositions {
        var rows: [(bytes: Int, count: Int)]
        var segment = 0
        var row = 0
        var start = 0

        /// The next filter byte's offset, nil after the last row.
        var next: Int? { segment < rows.count ? start : nil }

        /// Moves to the following row.
        mutating func advance() {
            start += rows[segment].bytes
            row += 1
            if row >= rows[segment].count {
                segment += 1
                row = 0
            }
        }
    }
}
