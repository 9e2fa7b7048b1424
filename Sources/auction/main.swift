import AuctionCLI
import Glibc

// Parse → resolve configuration → run the command → exit status; all of it in AuctionCLI.
let status = await AuctionApp.process().run(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
