/// Money arithmetic that cannot trap: checked forms that return nil on overflow, saturating forms
/// that stop at the ends of `Int64`. `+` and `-` saturate, so a hostile or corrupt amount can never
/// crash the process; code that must not accept a clamped result uses the checked forms.
extension Money {
    /// The sum, or nil when it does not fit in 64 bits.
    public func adding(_ other: Money) -> Money? {
        let (sum, overflow) = minorUnits.addingReportingOverflow(other.minorUnits)
        return overflow ? nil : Money(sum)
    }

    /// The difference, or nil when it does not fit in 64 bits.
    public func subtracting(_ other: Money) -> Money? {
        let (difference, overflow) = minorUnits.subtractingReportingOverflow(other.minorUnits)
        return overflow ? nil : Money(difference)
    }

    /// The amount times a count, or nil when it does not fit in 64 bits.
    public func multiplied(by factor: Int64) -> Money? {
        let (product, overflow) = minorUnits.multipliedReportingOverflow(by: factor)
        return overflow ? nil : Money(product)
    }

    /// The sum, clamped to `Int64.min ... Int64.max`.
    public func saturatingAdding(_ other: Money) -> Money {
        adding(other) ?? Money(other.minorUnits > 0 ? Int64.max : Int64.min)
    }

    /// The difference, clamped to `Int64.min ... Int64.max`.
    public func saturatingSubtracting(_ other: Money) -> Money {
        subtracting(other) ?? Money(other.minorUnits < 0 ? Int64.max : Int64.min)
    }

    /// The amount times a count, clamped to `Int64.min ... Int64.max`.
    public func saturatingMultiplied(by factor: Int64) -> Money {
        multiplied(by: factor) ?? Money((minorUnits < 0) == (factor < 0) ? Int64.max : Int64.min)
    }
}
