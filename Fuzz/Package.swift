// swift-tools-version:6.0
// libFuzzer targets over the engine's entry points, kept out of the main build and tests.
//   Fuzz/run.sh TARGET SECONDS     (builds with -sanitize=fuzzer,address, then fuzzes from Fuzz/Corpus/TARGET)
import PackageDescription

/// Each target defines LLVMFuzzerTestOneInput; libFuzzer supplies main.
let fuzzTargets = ["FuzzNormalizer", "FuzzVocabularyFile", "FuzzAppVocabulary", "FuzzEvaluationSet", "FuzzResolve",
                   "FuzzIndexArchive"]

let package = Package(
    name: "VocabFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        // Named, so that product references do not depend on the clone's folder name.
        .package(name: "vocab", path: ".."),
    ],
    targets: [
        .target(
            name: "FuzzSupport",
            dependencies: [
                .product(name: "VocabCore", package: "vocab"),
                .product(name: "VocabICU", package: "vocab"),
                .product(name: "VocabLocales", package: "vocab"),
            ]
        ),
    ] + fuzzTargets.map { name in
        .executableTarget(
            name: name,
            dependencies: [
                "FuzzSupport",
                .product(name: "VocabCore", package: "vocab"),
                .product(name: "VocabICU", package: "vocab"),
                .product(name: "VocabLocales", package: "vocab"),
            ]
        )
    }
)
