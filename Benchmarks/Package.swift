// swift-tools-version:6.1
// The benchmark suite, kept out of the main package's build and tests (as swift-log does):
//   cd Benchmarks && swift package benchmark
import PackageDescription

let package = Package(
    name: "VocabBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        // Named, so that the product reference below does not depend on the clone's folder name (a path
        // dependency's identity is otherwise the last component of its path).
        .package(name: "vocab", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "VocabBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "VocabCore", package: "vocab"),
                .product(name: "VocabICU", package: "vocab"),
                .product(name: "VocabLocales", package: "vocab"),
            ],
            path: "Benchmarks/VocabBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    ]
)
