import ArgumentParser
import Foundation
import VocabCore
import VocabICU
import VocabLocales

#if canImport(Glibc)
import Glibc
#endif

/// `vocab bench`: matcher throughput and quality on fixed vocabularies and queries.
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure index build, per-query latency, throughput and top-1 at 100 to 100,000 terms.",
        discussion: """
            Reads ../shared/bench (vocab-N.json, queries-N.json) or given files. Latency includes normalizing \
            the query. A brute-force scan over the same data runs in the same process as a baseline, since \
            absolute times drift between runs on a shared machine. Example:
              vocab bench --sizes 1000,10000
            """
    )

    @Option(name: .long, help: ArgumentHelp("A vocabulary file (JSON with 'strings', or one term per line).",
                                            valueName: "file"))
    var vocabulary: String?

    @Option(name: .long, help: ArgumentHelp("A queries file (JSON as ../shared/bench/queries-N.json).", valueName: "file"))
    var queries: String?

    @Option(name: .long, help: ArgumentHelp("Vocabulary sizes to run from the bench folder (default: all four).",
                                            valueName: "sizes"))
    var sizes: String?

    @Option(name: .long, help: ArgumentHelp("The bench data folder (default: ../shared/bench beside the package).",
                                            valueName: "dir"))
    var data: String?

    @Option(name: .long, help: ArgumentHelp("Threads for the throughput run (default: all cores).", valueName: "n"))
    var threads: Int?

    @Option(name: .long, help: ArgumentHelp("Queries timed per size (default: all in the file).", valueName: "n"))
    var limit: Int?

    @Option(name: .long, help: ArgumentHelp("Name the n slowest queries of each size, with their kind and time.",
                                            valueName: "n"))
    var slowest: Int?

    @Flag(name: .customLong("no-baseline"), help: "Skip the brute-force baseline (it is slow at 100,000 terms).")
    var noBaseline = false

    @OptionGroup var languageOptions: LanguageOptions

    @Flag(name: .long, help: "Print JSON instead of text.")
    var json = false

    func validate() throws {
        if (vocabulary == nil) != (queries == nil) {
            throw ValidationError("--vocabulary and --queries go together")
        }
        if vocabulary != nil && sizes != nil { throw ValidationError("give --sizes or --vocabulary/--queries, not both") }
        if let threads, threads < 1 { throw ValidationError("--threads '\(threads)' must be at least 1") }
        if let limit, limit < 1 { throw ValidationError("--limit '\(limit)' must be at least 1") }
        if let slowest, slowest < 1 { throw ValidationError("--slowest '\(slowest)' must be at least 1") }
        _ = try sizeList()
    }

    private func sizeList() throws -> [Int] {
        guard let sizes else { return [100, 1_000, 10_000, 100_000] }
        guard !sizes.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ValidationError("--sizes '\(sizes)' is empty; expected a list of sizes like '1000,10000'")
        }
        return try sizes.split(separator: ",", omittingEmptySubsequences: false).map { part in
            guard let size = Int(part.trimmingCharacters(in: .whitespaces)), size > 0 else {
                throw ValidationError("--sizes '\(sizes)' is not a list of sizes; expected a form like '1000,10000'")
            }
            return size
        }
    }

    func run() throws {
        let context = try LanguageContext(request: try languageOptions.request(), directory: try languageOptions.directory())
        var inputs: [(label: String, vocabulary: String, queries: String)] = []
        if let vocabulary, let queries {
            inputs = [(URL(fileURLWithPath: vocabulary).lastPathComponent, vocabulary, queries)]
        } else {
            let folder = try dataFolder()
            inputs = try sizeList().map { size in
                ("\(size)", folder.appendingPathComponent("vocab-\(size).json").path,
                 folder.appendingPathComponent("queries-\(size).json").path)
            }
        }
        let threadCount = threads ?? ProcessInfo.processInfo.activeProcessorCount
        let machine = BenchMachine.current(threads: threadCount)
        let startUp = try BenchStartUp.run(preparer: context.preparer)
        if !json {
            print(machine.text + "\nlanguage: \(context.selection.explanation)")
            print(String(format: "start-up: %.1f ms once per process (ICU transforms opened; not in build µs/term)\n",
                         startUp))
        }
        var results: [BenchResult] = []
        for input in inputs {
            StandardError.print("bench \(input.label): loading…")
            let terms = try VocabularySource.terms(fromFile: input.vocabulary)
            guard !terms.isEmpty else {
                throw CommandFailure(description: "\(input.vocabulary): no terms; nothing to build or resolve against")
            }
            let queryList = try BenchQueries.load(input.queries, limit: limit)
            StandardError.print("bench \(input.label): building the index of \(terms.count) terms…")
            var run = BenchRun(terms: terms, queries: queryList, preparer: context.preparer, threads: threadCount,
                               baseline: !noBaseline)
            run.slowestCount = slowest ?? 0
            let result = try run.run { StandardError.print("bench \(input.label): \($0)") }
            if !json {
                print((results.isEmpty ? BenchResult.header + "\n" + result.row : result.row) + "\n" + result.kindLine)
                if !result.slowest.isEmpty { print("  slowest:\n" + result.slowestLines.joined(separator: "\n")) }
            }
            results.append(result)
        }
        if json { try JSONOutput.print(BenchReport(machine: machine, language: context.selection.used.identifier,
                                                   startUpMilliseconds: startUp, results: results)) }
    }

    private func dataFolder() throws -> URL {
        if let data { return URL(fileURLWithPath: data) }
        let root = try languageOptions.directory().url.deletingLastPathComponent()
        for candidate in [root.deletingLastPathComponent().appendingPathComponent("shared/bench"),
                          URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
                              .deletingLastPathComponent().appendingPathComponent("shared/bench")] {
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("MANIFEST.json").path) {
                return candidate
            }
        }
        throw CommandFailure(description: "no bench data folder found at ../shared/bench; pass --data DIR or "
            + "--vocabulary FILE --queries FILE")
    }
}

/// The queries of a bench file: text and the term it was derived from (nil for absent names).
enum BenchQueries {
    struct Query: Sendable {
        let text: String
        let source: String?
        let kind: String
    }

    static func load(_ path: String, limit: Int?) throws -> [Query] {
        let data = try InputFile.read(path, what: "a queries file")
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let list = object["queries"] as? [[String: Any]] else {
            throw CommandFailure(description: "\(path): expected a JSON object with a 'queries' array")
        }
        var queries: [Query] = []
        for (index, entry) in list.enumerated() {
            guard let text = entry["query"] as? String else {
                throw CommandFailure(description: "\(path): queries[\(index)]: missing 'query'")
            }
            queries.append(Query(text: text, source: entry["source"] as? String, kind: entry["kind"] as? String ?? ""))
        }
        guard !queries.isEmpty else { throw CommandFailure(description: "\(path): 'queries' is empty; nothing to time") }
        return limit.map { Array(queries.prefix($0)) } ?? queries
    }
}

/// Where and how the numbers were measured.
struct BenchMachine: Encodable {
    let cpu: String
    let cores: Int
    let threads: Int
    let configuration: String
    let icu: String
    let date: String

    static func current(threads: Int) -> BenchMachine {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { String($0.split(separator: ":", maxSplits: 1).last ?? "").trimmingCharacters(in: .whitespaces) }
        #if DEBUG
        let configuration = "debug"
        #else
        let configuration = "release"
        #endif
        return BenchMachine(cpu: model ?? "unknown", cores: ProcessInfo.processInfo.activeProcessorCount, threads: threads,
                            configuration: configuration, icu: ICULibrary.version,
                            date: Date().formatted(.iso8601.year().month().day()))
    }

    var text: String {
        "machine: \(cpu), \(cores) cores; build: \(configuration); ICU \(icu); \(date)"
    }
}

struct BenchReport: Encodable {
    let machine: BenchMachine
    let language: String
    /// The process's one-time ICU start-up, measured before any size (see ``BenchStartUp``).
    let startUpMilliseconds: Double
    let results: [BenchResult]
}

/// The process's resident memory, from `/proc/self/statm` (its growth while an index is built is the
/// index's footprint, allocator slack included).
enum HeapUsage {
    static var bytes: Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
