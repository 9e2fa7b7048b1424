import AuctionCore
import AuctionInfrastructure

/// Namespace for the Data layer: DTOs, their mapping to domain values, and client repositories.
public enum AuctionData {
    /// Products per page the original backend serves.
    public static let pageSize = ProductPage.size
}
