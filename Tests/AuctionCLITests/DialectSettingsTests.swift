import AuctionCLI
import AuctionCore
import AuctionData
import Testing

/// `user_id` and `dialect`: environment > config file > profile, checked where they enter.
@Suite struct DialectSettingsTests {
    @Test func theOriginalDockerProfileSpeaksTheOriginalDialect() throws {
        let configuration = try ConfigurationResolver.resolve(flags: EndpointOverrides(profile: "original-docker"), environment: [:])
        #expect(configuration.dialect == .original)
        #expect(configuration.userID == nil)
        #expect(try ConfigurationResolver.resolve(flags: EndpointOverrides(), environment: [:]).dialect == .auto)
    }

    @Test func userIDAndDialectComeFromTheEnvironmentBeforeTheFile() throws {
        let file = (text: "user_id = 4\ndialect = auction\n", path: "/x/config")
        let fromFile = try ConfigurationResolver.resolve(flags: EndpointOverrides(), environment: [:], configFile: file)
        #expect(fromFile.userID == UserID(rawValue: 4) && fromFile.dialect == .auction)
        let fromEnvironment = try ConfigurationResolver.resolve(
            flags: EndpointOverrides(), environment: ["AUCTION_USER_ID": "9", "AUCTION_DIALECT": "original"], configFile: file)
        #expect(fromEnvironment.userID == UserID(rawValue: 9) && fromEnvironment.dialect == .original)
    }

    @Test func badValuesAreRefusedWithTheirSource() {
        for bad in ["0", "-1", "abc", "1.5", "99999999999999999999"] {
            #expect(throws: ConfigurationError.self) {
                try ConfigurationResolver.resolve(flags: EndpointOverrides(), environment: ["AUCTION_USER_ID": bad])
            }
        }
        do {
            _ = try ConfigurationResolver.resolve(flags: EndpointOverrides(), environment: [:],
                                                  configFile: (text: "dialect = node\n", path: "/x/config"))
            Issue.record("`node` was accepted")
        } catch {
            #expect(error.description == "invalid dialect `node` from /x/config: expected one of auto, original, auction")
        }
    }
}
