extension JSONReader {
    /// Reads a number: `.int` when written without fraction or exponent and in range, else `.double`;
    /// a number beyond the range of a double is invalid.
    mutating func readNumber() throws(JSONError) -> JSONValue {
        let start = index
        var negative = false
        if base[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        guard index < count else { throw .unexpectedEnd(offset: index) }
        guard isDigit(base[index]) else { throw .invalidNumber(offset: start) }
        var magnitude: UInt64 = 0
        var overflow = false
        if base[index] == UInt8(ascii: "0") {
            index += 1
            if index < count && isDigit(base[index]) { throw .invalidNumber(offset: start) }
        } else {
            while index < count && isDigit(base[index]) {
                let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times10.addingReportingOverflow(UInt64(base[index] - UInt8(ascii: "0")))
                overflow = overflow || o1 || o2
                magnitude = sum
                index += 1
            }
        }
        var integral = true
        if index < count && base[index] == UInt8(ascii: ".") {
            integral = false
            index += 1
            guard index < count else { throw .unexpectedEnd(offset: index) }
            guard isDigit(base[index]) else { throw .invalidNumber(offset: start) }
            while index < count && isDigit(base[index]) { index += 1 }
        }
        if index < count && (base[index] == UInt8(ascii: "e") || base[index] == UInt8(ascii: "E")) {
            integral = false
            index += 1
            if index < count && (base[index] == UInt8(ascii: "+") || base[index] == UInt8(ascii: "-")) { index += 1 }
            guard index < count else { throw .unexpectedEnd(offset: index) }
            guard isDigit(base[index]) else { throw .invalidNumber(offset: start) }
            while index < count && isDigit(base[index]) { index += 1 }
        }
        if integral && !overflow {
            if !negative && magnitude <= UInt64(Int64.max) { return .int(Int64(magnitude)) }
            if negative && magnitude <= UInt64(Int64.max) + 1 { return .int(Int64(truncatingIfNeeded: 0 &- magnitude)) }
        }
        // A number too large for a double (`1e400`) would read as infinity, which JSON cannot write back.
        let value = parseDouble(from: start, to: index)
        guard value.isFinite else { throw .invalidNumber(offset: start) }
        return .double(value)
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    /// Converts already-validated number text; the standard library's conversion ignores the C locale.
    private func parseDouble(from start: Int, to end: Int) -> Double {
        let text = String(decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self)
        return Double(text) ?? .nan
    }
}
