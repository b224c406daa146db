// swift-tools-version:6.0
import PackageDescription

/// Upcoming-feature flags applied to every Swift target (as swift-log's Package.swift does).
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "vocab",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "vocab", targets: ["vocab"]),
        .library(name: "VocabCore", targets: ["VocabCore"]),
        .library(name: "VocabICU", targets: ["VocabICU"]),
        .library(name: "VocabLocales", targets: ["VocabLocales"]),
        .library(name: "VocabStore", targets: ["VocabStore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
    ],
    targets: [
        // The domain: language codes, normal forms, name tokens, locale data. No I/O.
        .target(name: "VocabCore", swiftSettings: strictSettings),

        // The system ICU, only for its link flags (pkg-config icu-i18n pulls in icu-uc).
        .systemLibrary(
            name: "CICU",
            pkgConfig: "icu-i18n",
            providers: [.apt(["libicu-dev"])]
        ),
        // Plain-C surface over ICU: stdint types only in the public header, so Swift never sees
        // ICU's version-renamed symbols nor its UErrorCode (which clashes with Foundation's ICU).
        .target(name: "CICUShim", dependencies: ["CICU"]),
        // Swift adapters over CICUShim implementing VocabCore's protocols.
        .target(name: "VocabICU", dependencies: ["VocabCore", "CICUShim"], swiftSettings: strictSettings),
        // Reads the `Locales/` folder (file-system adapter).
        .target(name: "VocabLocales", dependencies: ["VocabCore", "VocabICU"], swiftSettings: strictSettings),
        // The durable user vocabulary: SQLite through GRDB (WAL, named migrations).
        .target(
            name: "VocabStore",
            dependencies: ["VocabCore", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strictSettings
        ),

        // The shared-database store for several service instances: PostgreSQL through postgres-nio.
        .target(
            name: "VocabPostgres",
            dependencies: [
                "VocabCore", "VocabStore",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),

        // Speech from espeak-ng (an optional program run as a process), for `compare --speak` and the console.
        .target(name: "VocabSpeech", dependencies: ["VocabCore"], swiftSettings: strictSettings),

        // The JSON schemas of resolutions, shared by the CLI's --json output and the service's answers.
        .target(name: "VocabReports", dependencies: ["VocabCore"], swiftSettings: strictSettings),

        // The HTTP service (`vocab serve`): Hummingbird 2 routes over VocabCore and VocabStore.
        .target(
            name: "VocabService",
            dependencies: [
                "VocabCore", "VocabICU", "VocabLocales", "VocabStore", "VocabReports", "VocabSpeech",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdAuth", package: "hummingbird-auth"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "NIOFoundationEssentialsCompat", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            // The console's page, script and style sheet, served at /console.
            resources: [.copy("Console")],
            swiftSettings: strictSettings
        ),

        .executableTarget(
            name: "vocab",
            dependencies: [
                "VocabCore", "VocabICU", "VocabLocales", "VocabStore", "VocabReports", "VocabService", "VocabPostgres",
                "VocabSpeech",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),

        .target(name: "VocabTestSupport", dependencies: ["VocabCore"], path: "Tests/VocabTestSupport",
                swiftSettings: strictSettings),
        .testTarget(name: "VocabCoreTests", dependencies: ["VocabCore", "VocabReports", "VocabTestSupport"],
                    swiftSettings: strictSettings),
        // Vector and fixture files are read from disk by path (#filePath), not bundled.
        .testTarget(name: "VocabICUTests", dependencies: ["VocabICU", "VocabLocales", "VocabReports", "VocabTestSupport"],
                    exclude: ["Vectors", "Fixtures"], swiftSettings: strictSettings),
        .testTarget(name: "VocabStoreTests",
                    dependencies: ["VocabStore", "VocabPostgres", "VocabTestSupport",
                                   .product(name: "GRDB", package: "GRDB.swift"),
                                   .product(name: "PostgresNIO", package: "postgres-nio")],
                    swiftSettings: strictSettings),
        .testTarget(name: "VocabServiceTests",
                    dependencies: ["VocabService", "VocabCore", "VocabLocales", "VocabStore", "VocabTestSupport",
                                   .product(name: "Hummingbird", package: "hummingbird"),
                                   .product(name: "HummingbirdTesting", package: "hummingbird"),
                                   .product(name: "HTTPTypes", package: "swift-http-types"),
                                   .product(name: "NIOCore", package: "swift-nio"),
                                   .product(name: "Logging", package: "swift-log")],
                    swiftSettings: strictSettings),
        .testTarget(name: "VocabCLITests", dependencies: ["vocab", "VocabTestSupport"], exclude: ["Fixtures"],
                    swiftSettings: strictSettings),
    ]
)
