// `auction-server`: parses flags, environment and config file, runs the server until SIGINT/SIGTERM, then drains.
import AuctionInfrastructure
import AuctionServer
import Glibc

TerminationSignals.block()
let command: ServerOptions.Command
do {
    command = try ServerOptions.parse(
        Array(CommandLine.arguments.dropFirst()), environment: ProcessEnvironment.current(),
        readFile: { path throws(Errno) in try ProcessEnvironment.readTextFile(path) })
} catch {
    try? FileDescriptor(rawValue: STDERR_FILENO).writeAll("auction-server: \(error)\n")
    exit(2)
}
if command == .version {
    print("auction-server \(ServerVersion.current)")
    exit(0)
}
if command == .man {
    print(ServerManPage.text, terminator: "")
    exit(0)
}
if case .checkConfig(let configuration, let file) = command {  // a bad setting already exited with 2 above
    // Then what a start would refuse (like `nginx -t`): the TLS pair, the database folder, the store.
    let problems = ConfigurationCheck.problems(configuration, environment: ProcessEnvironment.current())
    for problem in problems {
        try? FileDescriptor(rawValue: STDERR_FILENO).writeAll("auction-server: \(problem)\n")
    }
    if let worst = problems.map(\.exitCode).min() { exit(worst) }  // 2 (a setting) before 3 (a store)
    print(file.map { "config ok: \($0)" } ?? "config ok")
    exit(0)
}
if case .backup(let database, let output) = command {
    do throws(StoreError) {
        var path = database ?? ""
        if database == nil { path = try StoreLocation.defaultDatabasePath(environment: ProcessEnvironment.current()) }
        let report = try StoreBackup.copy(database: path, to: output)
        print(report)
        exit(0)
    } catch {
        try? FileDescriptor(rawValue: STDERR_FILENO).writeAll("auction-server: backup: \(error)\n")
        exit(3)
    }
}
if case .admin(let request) = command {
    let outcome = ModeratorAdmin.run(request, environment: ProcessEnvironment.current())
    let stream = outcome.status == 0 ? STDOUT_FILENO : STDERR_FILENO
    try? FileDescriptor(rawValue: stream).writeAll((outcome.status == 0 ? "" : "auction-server: ") + outcome.message + "\n")
    exit(outcome.status)
}
guard case .run(let configuration) = command else {
    print(ServerOptions.usage)
    exit(0)
}

ProcessLimits.ignoreSIGPIPE()
_ = ProcessLimits.raiseOpenFileLimit()
let log = ServerLog(level: configuration.logLevel, repeats: configuration.logRepeats, format: configuration.logFormat)
let server = AuctionHouseServer(configuration: configuration, log: log)
do throws(ServerError) {
    let addresses = try server.start()
    // One parseable line, written at once (not buffered), so a script can wait for it.
    try? FileDescriptor(rawValue: STDOUT_FILENO).writeAll(addresses.description + "\n")
    // Under systemd with Type=notify: started once every listener is open (nothing without NOTIFY_SOCKET).
    ServiceNotifier.notify("READY=1\nSTATUS=\(addresses)")
} catch {
    log.error("auction-server: \(error)")
    exit(error.exitCode)  // 2: a wrong setting; 3: the store is unusable (in use, unreachable, newer schema); else 1
}
/// Waits for SIGINT or SIGTERM; each SIGHUP meanwhile reloads the TLS certificate for new connections.
@Sendable func waitForTermination(reloading: Bool) -> Int32 {
    var signal = TerminationSignals.wait()
    while signal == SIGHUP {
        log.info("server: SIGHUP received")
        if reloading { ServiceNotifier.notify("RELOADING=1") }
        if server.configuration.transport.isEnabled { server.reloadCertificates() }
        if reloading { ServiceNotifier.notify("READY=1") }
        signal = TerminationSignals.wait()
    }
    return signal
}

let signal = waitForTermination(reloading: true)
log.info("server: \(TerminationSignals.name(signal)) received")
log.info("server: draining (at most \(configuration.drainSeconds) s)")
ServiceNotifier.notify("STOPPING=1")
// A second SIGINT or SIGTERM ends the drain's wait at once (the commits in flight still finish).
let watcher = WorkerThread(name: "auction-signals")
watcher.submit {
    let again = waitForTermination(reloading: false)
    log.info("server: \(TerminationSignals.name(again)) received again, closing now")
    server.endDrain()
}
server.drain(seconds: configuration.drainSeconds)
exit(0)
