import AuctionCLI
import Testing

@Suite struct VersionTests {
    @Test func versionIsSemantic() { #expect(CLIVersion.current.split(separator: ".").count == 3) }
}
