import AuctionCLI

print("auction \(CLIVersion.current): the commands are not built yet; see README.md")
