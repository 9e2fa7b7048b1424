import AuctionCore

/// Draws a series of prices as a one-line sparkline (`▁▂▃▄▅▆▇█`) or a small multi-line chart.
public enum Sparkline {
    /// The eight bar heights, lowest first.
    public static let bars: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// One bar per value (resampled to `width` values when there are more); empty for no values.
    public static func render(_ values: [Int64], width: Int? = nil) -> String {
        let series = resample(values, to: width)
        guard let low = series.min(), let high = series.max() else { return "" }
        guard high > low else { return String(repeating: bars[3], count: series.count) }
        let span = max(1, Double(high) - Double(low))  // in Double: any two Int64 prices, no overflow
        return String(series.map { value -> Character in
            let level = Int(((Double(value) - Double(low)) / span * 7).rounded())
            return bars[max(0, min(7, level))]
        })
    }

    /// A sparkline of a price history.
    public static func render(history: [PricePoint], width: Int? = nil) -> String {
        render(history.map(\.price.minorUnits), width: width)
    }

    /// A chart `height` rows tall, one column per value (resampled to `width`), drawn with eighth blocks;
    /// rows top first, with the high and low prices labelled on the right of the first and last rows.
    public static func chart(_ values: [Int64], height: Int, width: Int? = nil) -> [String] {
        let series = resample(values, to: width)
        guard height > 0, let low = series.min(), let high = series.max() else { return [] }
        let span = max(1, Double(high) - Double(low))
        // Each value's bar height in eighths of a row, at least one eighth.
        let levels = series.map { value in max(1, Int(((Double(value) - Double(low)) / span * Double(height * 8 - 1)).rounded()) + 1) }
        var rows: [String] = []
        for row in 0..<height {
            let base = (height - 1 - row) * 8
            var line = String(levels.map { level -> Character in
                let filled = level - base
                return filled >= 8 ? "█" : filled <= 0 ? " " : bars[filled - 1]
            })
            if row == 0 { line += " " + Money(high).description }
            if row == height - 1 && height > 1 { line += " " + Money(low).description }
            rows.append(line)
        }
        return rows
    }

    /// Averages values into `width` buckets when there are more values than that.
    static func resample(_ values: [Int64], to width: Int?) -> [Int64] {
        guard let width, width > 0, values.count > width else { return values }
        return (0..<width).map { bucket in
            let start = bucket * values.count / width
            let end = max(start + 1, (bucket + 1) * values.count / width)
            let slice = values[start..<end]
            // The mean in 128 bits: prices near Int64.max from a server cannot overflow the sum.
            return Int64(slice.reduce(Int128(0)) { $0 + Int128($1) } / Int128(slice.count))
        }
    }
}
