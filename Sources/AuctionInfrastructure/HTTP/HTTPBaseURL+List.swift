extension HTTPBaseURL {
    /// Parses `URL[,URL…]` (at most `EndpointList.maximumCount`, each as `init(checking:)`).
    public static func list(checking text: String) throws(EndpointParseError) -> [HTTPBaseURL] {
        try EndpointList.parse(text) { (item) throws(EndpointParseError) in try HTTPBaseURL(checking: item) }
    }
}
