/// `value` with exactly `decimals` digits after the point, e.g. `format(3.3149, 2)` is `3.31`.
func format(_ value: Double, _ decimals: Int) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = Int64((value * scale).rounded())
    let whole = scaled / Int64(scale)
    let fraction = scaled % Int64(scale)
    guard decimals > 0 else { return String(whole) }
    let digits = String(fraction)
    return "\(whole)." + String(repeating: "0", count: decimals - digits.count) + digits
}

/// `text` padded with spaces to a column of `width` (at least one space after it).
func pad(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(1, width - text.count))
}
