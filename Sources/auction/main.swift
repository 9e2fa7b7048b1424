import AuctionCLI
import AuctionDemo
import Glibc

// Parse → resolve configuration → run the command → exit status; all of it in AuctionCLI. `demo`
// embeds the server, so it joins the client's commands here, where client and server meet.
let status = await AuctionApp.process(commands: AuctionApp.standardCommands + [DemoCommand.self])
    .run(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
