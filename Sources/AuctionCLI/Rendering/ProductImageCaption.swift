import AuctionCore

/// The line over a picture of a product with several images: which one this is and how to see the next.
public enum ProductImageCaption {
    /// `image 1 of 3 · next: auction show 5 --image 2`, or nil for a product with one image or none.
    public static func text(showing number: Int, of count: Int, product: ProductID) -> String? {
        guard count > 1 else { return nil }
        let next = number % count + 1
        return "image \(number) of \(count) · next: auction show \(product) --image \(next)"
    }
}
