// swift-tools-version:6.0
import PackageDescription

// Layers, innermost first: AuctionCore (domain) <- AuctionData (DTOs, mapping, repositories)
// <- AuctionInfrastructure (Glibc-only sockets, framing, correlation, HTTP wire).
// The executables are thin shells over AuctionServer and AuctionCLI.
let package = Package(
    name: "Auction",
    products: [
        .executable(name: "auction", targets: ["auction"]),
        .executable(name: "auction-server", targets: ["auction-server"]),
    ],
    dependencies: [],
    targets: [
        // System C libraries already on the machine image.
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        .systemLibrary(name: "CCrypt", path: "Sources/CCrypt"),
        // JPEG through libjpeg's own API (fatal errors longjmp back as return codes) and WebP through
        // libwebp.so.7 loaded at run time: a fresh machine has both without any -dev package for WebP.
        .target(name: "CJPEGCodec", linkerSettings: [.linkedLibrary("jpeg")]),
        .target(name: "CWebPRuntime"),
        // Linux headers Swift's Glibc module does not import (epoll, eventfd, accept4, getrandom).
        .target(name: "CLinux"),

        // Domain: entities, rules, repository protocols, use cases. No imports.
        .target(name: "AuctionCore"),
        // Sockets, event loop, JSON, framing, correlation, HTTP wire. Glibc only.
        .target(name: "AuctionInfrastructure", dependencies: ["CLinux"]),
        // PNG encoding and decoding over zlib; JPEG and WebP decoding; format detection by magic bytes.
        .target(name: "AuctionImage", dependencies: ["CZlib", "CJPEGCodec", "CWebPRuntime"]),
        // Wire and HTTP payloads <-> domain values; client-side repositories.
        .target(name: "AuctionData", dependencies: ["AuctionCore", "AuctionInfrastructure"]),
        // The auction house: HTTP catalogue, socket service, bid engine, SQLite store.
        .target(
            name: "AuctionServer",
            dependencies: ["AuctionCore", "AuctionData", "AuctionInfrastructure", "AuctionImage", "CSQLite", "CCrypt", "CLinux"]
        ),
        // The command-line front: arguments, commands, terminal rendering.
        .target(
            name: "AuctionCLI",
            dependencies: ["AuctionCore", "AuctionData", "AuctionInfrastructure", "AuctionImage", "AuctionServer"]
        ),
        .executableTarget(name: "auction", dependencies: ["AuctionCLI"]),
        .executableTarget(name: "auction-server", dependencies: ["AuctionServer"]),
        .executableTarget(
            name: "auction-bench",
            dependencies: ["AuctionCore", "AuctionData", "AuctionInfrastructure", "AuctionServer", "AuctionCLI", "AuctionImage"]
        ),
        // Fuzz targets (frames, HTTP, the bid path, money) for the CI's bounded run and `scripts/fuzz`.
        .target(
            name: "AuctionFuzzing",
            dependencies: ["AuctionCore", "AuctionData", "AuctionInfrastructure", "AuctionServer"]
        ),
        .executableTarget(name: "auction-fuzz", dependencies: ["AuctionFuzzing"]),
        // Shared test helpers: servers on ephemeral ports, temporary directories, tmux.
        .target(
            name: "AuctionTestSupport",
            dependencies: ["AuctionCore", "AuctionInfrastructure", "AuctionServer", "CLinux"]
        ),

        .testTarget(name: "AuctionCoreTests", dependencies: ["AuctionCore"]),
        .testTarget(name: "AuctionInfrastructureTests", dependencies: ["AuctionInfrastructure", "AuctionTestSupport", "CLinux"]),
        .testTarget(name: "AuctionImageTests", dependencies: ["AuctionImage", "AuctionInfrastructure"]),
        .testTarget(name: "AuctionDataTests", dependencies: ["AuctionData", "AuctionCore", "AuctionInfrastructure", "AuctionTestSupport"]),
        .testTarget(
            name: "AuctionServerTests",
            dependencies: ["AuctionServer", "AuctionData", "AuctionCore", "AuctionInfrastructure", "AuctionImage", "AuctionTestSupport", "CSQLite"]
        ),
        .testTarget(name: "AuctionCLITests", dependencies: ["AuctionCLI", "AuctionCore", "AuctionData", "AuctionImage", "AuctionTestSupport"]),
        .testTarget(name: "AuctionFuzzingTests", dependencies: ["AuctionFuzzing"]),
        // Real binaries, real servers, real terminals (tmux).
        .testTarget(
            name: "AuctionEndToEndTests",
            dependencies: ["AuctionTestSupport", "AuctionCore", "AuctionData", "AuctionInfrastructure", "AuctionImage"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
