/// Why a catalogue query was refused (HTTP 400, reason `invalid_query`): a sentence naming the parameter.
public struct CatalogueQueryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, for the `error` field.
    public var description: String

    /// An error saying `description`.
    public init(_ description: String) {
        self.description = description
    }
}
