import AuctionCore
import AuctionInfrastructure

/// A reply (server `dataType` 1): the answer to the client frame with the same completion id.
public struct WireReply: Hashable, Sendable {
    /// The id of the request answered.
    public var completionID: Int64
    /// Whether the request succeeded (the original's only field).
    public var result: Bool
    /// Why it did not, when the server says (ours does; the original never does).
    public var reason: RefusalReason?
    /// The product's current price, when the request concerned a product (ours only).
    public var price: Money?
    /// Further fields particular to the request (e.g. `users` for chat who), in order.
    public var fields: JSONObject

    /// Creates a reply.
    public init(completionID: Int64, result: Bool, reason: RefusalReason? = nil, price: Money? = nil, fields: JSONObject = JSONObject()) {
        self.completionID = completionID
        self.result = result
        self.reason = reason
        self.price = price
        self.fields = fields
    }

    /// The reply as the outcome of a bid: accepted at the bid's price (or the price the server names), or refused.
    public func outcome(of bid: Bid) -> BidOutcome {
        result ? .accepted(price: price ?? bid.price) : .refused(reason ?? .unspecified, currentPrice: price)
    }

    static let reservedKeys: Set<String> = ["completionId", "result", "reason", "price"]

    init(payload: WirePayload, completionID: Int64?) throws(WireError) {
        let inData = try payload.optionalInt("completionId")
        guard let completionID = completionID ?? inData else {
            throw .missingField("completionId", dataType: payload.dataType)
        }
        self.completionID = completionID
        result = try payload.bool("result")
        // An unknown reason code from a newer server still reads as a refusal without a known cause.
        reason = try payload.optionalString("reason").map { RefusalReason(rawValue: $0) ?? .unspecified }
        price = try payload.optionalInt("price").map { Money($0) }
        fields = JSONObject(members: payload.object.members.filter { !Self.reservedKeys.contains($0.key) })
    }

    var data: JSONValue {
        var object = JSONObject()
        object.members.reserveCapacity(4 + fields.count)
        object.members.append(.init(key: "completionId", value: .int(completionID)))
        object.members.append(.init(key: "result", value: .bool(result)))
        if let reason { object.members.append(.init(key: "reason", value: .string(reason.rawValue))) }
        if let price { object.members.append(.init(key: "price", value: .int(price.minorUnits))) }
        object.members.append(contentsOf: fields.members.filter { !Self.reservedKeys.contains($0.key) })
        return .object(object)
    }
}
