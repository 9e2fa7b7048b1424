/// One message on the socket: `{"dataType":N,"completionId":ID,"data":{...}}` followed by `/`.
public struct Frame: Hashable, Sendable {
    /// What the message is (its meaning depends on the direction).
    public var dataType: Int
    /// The request id a reply answers, or the id of a request; nil for pushes.
    ///
    /// Client frames carry it at top level, the original backend's replies inside `data`; decoding accepts both.
    public var completionID: Int64?
    /// The payload, usually an object.
    public var data: JSONValue

    /// Creates a frame.
    public init(dataType: Int, completionID: Int64? = nil, data: JSONValue = .object(JSONObject())) {
        self.dataType = dataType
        self.completionID = completionID
        self.data = data
    }
}

extension Frame {
    /// Reads a frame from a parsed JSON value, checking the envelope's fields.
    public init(json: JSONValue) throws(FramingError) {
        guard case .object(let envelope) = json else { throw .notAnObject }
        self = try FrameEnvelope(dataType: envelope["dataType"], completionID: envelope["completionId"],
                                 data: envelope["data"]).frame()
    }
}
