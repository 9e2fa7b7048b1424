// swift-tools-version:6.0
import PackageDescription

// Layers (`A -> B`: A imports B; docs/ARCHITECTURE.md draws the graph and lists the threads):
//   AuctionCore (domain, no imports); AuctionInfrastructure (Glibc-only runtime: event loop, locks,
//   worker threads, sockets, TLS, JSON, framing, correlation, HTTP wire -> CLinux, COpenSSL).
//   AuctionData -> Core, Infrastructure, LotLog.  AuctionEngine (pure) -> Core only.
//   AuctionBidding (the bid path as a value, pure) -> Engine, Core.
//   AuctionServer -> Bidding, Engine, Data, Infrastructure, AuctionImage, CSQLite, CCrypt, CLibPQ.
//   AuctionCLI -> Core, Data, Infrastructure, AuctionImage; never the server. AuctionDemo -> CLI +
//   Server, and only the `auction` executable links it.
// The executables are thin shells over AuctionServer and AuctionCLI (+ AuctionDemo).
let package = Package(
    name: "Auction",
    products: [
        .executable(name: "auction", targets: ["auction"]),
        .executable(name: "auction-server", targets: ["auction-server"]),
        // The client library alone, so `ldd` can show what a client-only build links.
        .library(name: "AuctionClient", type: .dynamic, targets: ["AuctionCLI"]),
    ],
    dependencies: [],
    targets: [
        // System C libraries already on the machine image.
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        .systemLibrary(name: "CCrypt", path: "Sources/CCrypt"),
        // PostgreSQL's C client, for the shared store of several server nodes (libpq-dev).
        .systemLibrary(name: "CLibPQ", path: "Sources/CLibPQ"),
        // OpenSSL's TLS for HTTPS and the auction socket (libssl-dev).
        .systemLibrary(name: "COpenSSL", path: "Sources/COpenSSL"),
        // JPEG through libjpeg's own API (fatal errors longjmp back as return codes) and WebP through
        // libwebp.so.7 loaded at run time: a fresh machine has both without any -dev package for WebP.
        .target(name: "CJPEGCodec", linkerSettings: [.linkedLibrary("jpeg")]),
        .target(name: "CWebPRuntime"),
        // Linux headers Swift's Glibc module does not import (epoll, eventfd, accept4, getrandom).
        .target(name: "CLinux"),

        // Domain: entities, rules, repository protocols, use cases. No imports.
        .target(name: "AuctionCore"),
        // Sockets, event loop, JSON, framing, correlation, HTTP wire. Glibc only.
        .target(name: "AuctionInfrastructure", dependencies: ["CLinux", "COpenSSL"]),
        // PNG encoding and decoding over zlib; JPEG and WebP decoding; format detection by magic bytes.
        .target(name: "AuctionImage", dependencies: ["CZlib", "CJPEGCodec", "CWebPRuntime"]),
        // Wire and HTTP payloads <-> domain values; client-side repositories.
        .target(name: "AuctionData", dependencies: ["AuctionCore", "AuctionInfrastructure", "AuctionLotLog"]),
        // The server's engine: auction book, watchers, outbound queues, chat rooms, rate limits,
        // simulated bidders. Pure: decisions over values, no I/O; it imports only AuctionCore.
        .target(name: "AuctionEngine", dependencies: ["AuctionCore"]),
        // The bid path as a value: requests, rounds, commits and other nodes' bids in, `BidAction`s out.
        // Pure like the engine; the socket service is the shell that carries the actions out.
        .target(name: "AuctionBidding", dependencies: ["AuctionCore", "AuctionEngine"]),
        // Each lot's tamper-evident log: entries, their canonical bytes, the hash chain, signed heads and
        // the replay a verifier runs; pure, shared by the server (which writes it) and the client (which checks it).
        .target(name: "AuctionLotLog", dependencies: ["AuctionCore", "AuctionEngine"]),
        // The auction house: HTTP catalogue, socket service, SQLite store, over the engine.
        .target(
            name: "AuctionServer",
            dependencies: ["AuctionCore", "AuctionEngine", "AuctionBidding", "AuctionLotLog", "AuctionData", "AuctionInfrastructure", "AuctionImage",
                           "CSQLite", "CCrypt",
                           "CLibPQ", "CLinux"]
        ),
        // The command-line front: arguments, commands, terminal rendering. Never the server: a
        // client-only build links neither SQLite nor libcrypt (`scripts/check-client-links`).
        .target(
            name: "AuctionCLI",
            dependencies: ["AuctionCore", "AuctionData", "AuctionInfrastructure", "AuctionImage", "AuctionLotLog"]
        ),
        // `auction demo`: where client and server meet (an embedded server watched by the client).
        .target(name: "AuctionDemo", dependencies: ["AuctionCLI", "AuctionCore", "AuctionInfrastructure", "AuctionServer"]),
        .executableTarget(name: "auction", dependencies: ["AuctionCLI", "AuctionDemo"]),
        .executableTarget(name: "auction-server", dependencies: ["AuctionServer"]),
        .executableTarget(
            name: "auction-bench",
            dependencies: ["AuctionCore", "AuctionData", "AuctionInfrastructure", "AuctionServer", "AuctionCLI", "AuctionImage", "AuctionEngine", "AuctionLotLog",
                           "AuctionTestSupport"]
        ),
        // Fuzz targets (frames, HTTP, the bid path, money) for the CI's bounded run and `scripts/fuzz`.
        .target(
            name: "AuctionFuzzing",
            dependencies: ["AuctionCore", "AuctionEngine", "AuctionData", "AuctionImage", "AuctionInfrastructure", "AuctionServer",
                           "AuctionTestSupport", "CZlib"]
        ),
        .executableTarget(name: "auction-fuzz", dependencies: ["AuctionFuzzing"]),
        // Shared test helpers: servers on ephemeral ports, temporary directories, tmux.
        .target(
            name: "AuctionTestSupport",
            dependencies: ["AuctionCore", "AuctionData", "AuctionEngine", "AuctionInfrastructure", "AuctionLotLog", "AuctionServer", "CZlib", "CLinux"]
        ),

        .testTarget(name: "AuctionCoreTests", dependencies: ["AuctionCore"]),
        .testTarget(name: "AuctionInfrastructureTests", dependencies: ["AuctionInfrastructure", "AuctionTestSupport", "CLinux"]),
        .testTarget(name: "AuctionImageTests", dependencies: ["AuctionImage", "AuctionInfrastructure"]),
        .testTarget(name: "AuctionDataTests", dependencies: ["AuctionData", "AuctionCore", "AuctionInfrastructure", "AuctionTestSupport"]),
        // The auction rules alone: the book driven directly, no socket, loop or database.
        .testTarget(name: "AuctionEngineTests", dependencies: ["AuctionEngine", "AuctionCore", "AuctionTestSupport"]),
        // The lot log: canonical bytes, chain, heads, PROTOCOL.md's vectors, the verifier and its replay, scripts/verify-log.
        .testTarget(name: "AuctionLotLogTests", dependencies: ["AuctionLotLog", "AuctionCore", "AuctionEngine", "AuctionInfrastructure", "AuctionData",
                                                               "AuctionTestSupport"]),
        // The bid path driven directly: a request in, actions out, no socket, loop or database.
        .testTarget(name: "AuctionBiddingTests", dependencies: ["AuctionBidding", "AuctionEngine", "AuctionCore"]),
        .testTarget(
            name: "AuctionServerTests",
            dependencies: ["AuctionServer", "AuctionEngine", "AuctionBidding", "AuctionLotLog", "AuctionData", "AuctionCore", "AuctionInfrastructure", "AuctionImage", "AuctionTestSupport", "CSQLite"]
        ),
        .testTarget(
            name: "AuctionCLITests",
            dependencies: ["AuctionCLI", "AuctionDemo", "AuctionCore", "AuctionData", "AuctionEngine", "AuctionImage", "AuctionLotLog",
                           "AuctionTestSupport"]
        ),
        .testTarget(name: "AuctionFuzzingTests", dependencies: ["AuctionFuzzing"]),
        // Real binaries, real servers, real terminals (tmux).
        .testTarget(
            name: "AuctionEndToEndTests",
            dependencies: ["AuctionTestSupport", "AuctionCore", "AuctionData", "AuctionInfrastructure", "AuctionImage"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
