// `auction-server`: parses flags, environment and config file, runs the server until SIGINT/SIGTERM.
import AuctionInfrastructure
import AuctionServer
import Foundation

TerminationSignals.block()
let command: ServerOptions.Command
do {
    command = try ServerOptions.parse(
        Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment,
        readFile: { try String(contentsOfFile: $0, encoding: .utf8) })
} catch {
    FileHandle.standardError.write(Data("auction-server: \(error)\n".utf8))
    exit(2)
}
if command == .version {
    print("auction-server \(ServerVersion.current)")
    exit(0)
}
guard case .run(let configuration) = command else {
    print(ServerOptions.usage)
    exit(0)
}

ProcessLimits.ignoreSIGPIPE()
_ = ProcessLimits.raiseOpenFileLimit()
let log = ServerLog(level: configuration.logLevel, repeats: configuration.logRepeats)
let server = AuctionHouseServer(configuration: configuration, log: log)
do throws(ServerError) {
    let addresses = try server.start()
    // One parseable line, written at once (not buffered), so a script can wait for it.
    FileHandle.standardOutput.write(Data((addresses.description + "\n").utf8))
} catch {
    log.error("auction-server: \(error)")
    if case .store(.inUse) = error { exit(3) }  // another server runs on this database
    exit(1)
}
let signal = TerminationSignals.wait()
log.info("server: \(TerminationSignals.name(signal)) received")
server.stop()
exit(0)
