import Benchmark
import Foundation
import Synchronization
import VocabCore
import VocabICU
import VocabLocales

/// The package root (three folders above this file) and the shared bench data beside it.
private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
private let data = root.deletingLastPathComponent().appendingPathComponent("shared/bench")

private func strings(_ name: String, key: String) -> [[String: Any]] {
    guard let bytes = FileManager.default.contents(atPath: data.appendingPathComponent(name).path),
          let object = try? JSONSerialization.jsonObject(with: bytes) as? [String: Any] else {
        fatalError("missing \(data.path)/\(name): the benchmarks read ../shared/bench")
    }
    return object[key] as? [[String: Any]] ?? []
}

private func vocabulary(_ size: Int) -> [String] {
    guard let bytes = FileManager.default.contents(atPath: data.appendingPathComponent("vocab-\(size).json").path),
          let object = try? JSONSerialization.jsonObject(with: bytes) as? [String: Any] else {
        fatalError("missing \(data.path)/vocab-\(size).json: the benchmarks read ../shared/bench")
    }
    return object["strings"] as? [String] ?? []
}

private func queries(_ size: Int) -> [String] {
    strings("queries-\(size).json", key: "queries").compactMap { $0["query"] as? String }
}

private let context: LanguageContext = {
    do {
        return try LanguageContext(request: LanguageRequest(code: .fallback, source: .defaultLanguage),
                                   directory: LocaleDirectory(url: root.appendingPathComponent("Locales")))
    } catch {
        fatalError("cannot load Locales/: \(error)")
    }
}()

/// Indexes built once per size and shared by the resolve benchmarks.
private let indexes = Mutex<[Int: VocabularyIndex]>([:])

private func index(_ size: Int) -> VocabularyIndex {
    if let built = indexes.withLock({ $0[size] }) { return built }
    let built = try! VocabularyIndex(terms: vocabulary(size), preparer: context.preparer)
    indexes.withLock { $0[size] = built }
    return built
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .throughput, .mallocCountTotal], maxDuration: .seconds(3))
    let names = Array(vocabulary(10_000).prefix(1_000))

    Benchmark("normalize 1,000 names", configuration: .init(scalingFactor: .kilo)) { benchmark in
        let normalizer = context.preparer.normalizer
        let profile = context.preparer.profile
        benchmark.startMeasurement()
        for name in names { blackHole(try normalizer.normalize(name, in: profile)) }
    }

    Benchmark("phonetic keys of 1,000 names' words", configuration: .init(scalingFactor: .kilo)) { benchmark in
        let words = names.flatMap { $0.lowercased().split(separator: " ").map(String.init) }
        benchmark.startMeasurement()
        for word in words.prefix(1_000) { blackHole(context.preparer.phonetics.keys(for: word)) }
    }

    for size in [100, 1_000, 10_000, 100_000] {
        Benchmark("index build \(size) terms", configuration: .init(maxDuration: .seconds(size >= 100_000 ? 10 : 3),
                                                                   maxIterations: size >= 100_000 ? 3 : 20)) { benchmark in
            let terms = vocabulary(size)
            benchmark.startMeasurement()
            blackHole(try VocabularyIndex(terms: terms, preparer: context.preparer))
        }

        Benchmark("resolve 200 queries at \(size) terms", configuration: .init(scalingFactor: .one)) { benchmark in
            let resolver = Resolver(index: index(size))
            let list = Array(queries(size).prefix(200))
            benchmark.startMeasurement()
            for query in list { blackHole(try resolver.resolve(query)) }
        }
    }
}
