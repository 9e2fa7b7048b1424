extension SocketEndpoint {
    /// Parses `HOST:PORT[,HOST:PORT…]` (at most `EndpointList.maximumCount`, each as `init(parsing:)`).
    public static func list(parsing text: String) throws(EndpointParseError) -> [SocketEndpoint] {
        try EndpointList.parse(text) { (item) throws(EndpointParseError) in try SocketEndpoint(parsing: item) }
    }
}
