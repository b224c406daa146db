import Dispatch
import Foundation
import VocabCore

/// One size's measurements.
struct BenchResult: Encodable {
    let terms: Int
    let queries: Int
    let buildMicrosecondsPerTerm: Double
    /// The index's own footprint per term (its arrays and tables, ``VocabularyIndex/approximateBytes``).
    let bytesPerTerm: Double
    /// The process's resident memory growth while building, per term (allocator slack included; zero when
    /// memory freed by an earlier run is reused).
    let residentGrowthPerTerm: Double
    let p50: Double
    let p90: Double
    let p99: Double
    let queriesPerSecond: Double
    let queriesPerSecondAllThreads: Double
    let threads: Int
    let top1: Double
    let top1Count: Int
    let withSource: Int
    let acceptedWrong: Int
    let baselineP50: Double?
    let baselineTop1: Double?
    /// top-1 by the kind of perturbation (`typo`, `phonetic`, `first_only`, ...), for queries with a source.
    let top1ByKind: [String: Double]
    /// The median latency in µs by the kind of query (every query, absent ones too), to show which kinds of
    /// query cost the time.
    let p50ByKind: [String: Double]
    /// The slowest queries of the timed pass, slowest first (as many as asked for; none by default).
    let slowest: [SlowQuery]

    /// One query of ``slowest``.
    struct SlowQuery: Encodable {
        let query: String
        let kind: String
        let microseconds: Double
    }

    /// ``slowest`` as lines, or nothing.
    var slowestLines: [String] {
        slowest.map { String(format: "  %8.1f µs  %@  %@", $0.microseconds, $0.kind, $0.query) }
    }

    /// ``p50ByKind`` as one line, slowest first.
    var kindLine: String {
        "  p50 µs by kind: " + p50ByKind.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .map { String(format: "%@ %.1f", $0.key, $0.value) }.joined(separator: ", ")
    }

    static let header = "terms    build µs/term  bytes/term   p50 µs   p90 µs   p99 µs   q/s 1 thread   q/s all   top-1    "
        + "baseline p50   baseline top-1"

    var row: String {
        let baseline = baselineP50.map { String(format: "%10.0f µs   %6.1f%%", $0, 100 * (baselineTop1 ?? 0)) } ?? "(skipped)"
        return String(format: "%-8d %13.2f %11.0f %8.1f %8.1f %8.1f %14.0f %9.0f   %5.1f%%   ", terms,
                      buildMicrosecondsPerTerm, bytesPerTerm, p50, p90, p99, queriesPerSecond,
                      queriesPerSecondAllThreads, 100 * top1) + baseline
    }
}

/// Runs one size: build, warm-up, timed single-thread pass, all-threads pass, baseline.
struct BenchRun {
    let terms: [String]
    let queries: [BenchQueries.Query]
    let preparer: TermPreparer
    let threads: Int
    let baseline: Bool
    /// How many of the slowest queries to name.
    var slowestCount = 0

    func run(progress: (String) -> Void) throws -> BenchResult {
        let clock = ContinuousClock()
        // ICU's one-time start-up ran before any size (``BenchStartUp``); it is not a per-term cost.
        let residentBefore = HeapUsage.bytes
        var index: VocabularyIndex?
        let build = try clock.measure { index = try VocabularyIndex(terms: terms, preparer: preparer) }
        let residentAfter = HeapUsage.bytes
        let resolver = Resolver(index: index!)
        progress("warming up…")
        for query in queries.prefix(200) { _ = try resolver.resolve(query.text) }

        progress("timing \(queries.count) queries on one thread…")
        var latencies: [Double] = []
        latencies.reserveCapacity(queries.count)
        var top1 = 0
        var withSource = 0
        var acceptedWrong = 0
        var kinds: [String: (hits: Int, total: Int)] = [:]
        var kindLatencies: [String: [Double]] = [:]
        let single = try clock.measure {
            for query in queries {
                var result: Resolver.Result?
                let elapsed = Self.microseconds(try clock.measure { result = try resolver.resolve(query.text) })
                latencies.append(elapsed)
                kindLatencies[query.kind, default: []].append(elapsed)
                if let source = query.source {
                    withSource += 1
                    let hit = result?.ranked.first?.term == source
                    if hit { top1 += 1 }
                    kinds[query.kind, default: (0, 0)].total += 1
                    if hit { kinds[query.kind, default: (0, 0)].hits += 1 }
                }
                if case .success(let candidate) = result?.resolution, candidate.term != query.source { acceptedWrong += 1 }
            }
        }
        // In the queries' order, for the slowest; sorted, for the percentiles.
        let sortedLatencies = latencies.sorted()

        progress("throughput on \(threads) threads…")
        let all = clock.measure {
            DispatchQueue.concurrentPerform(iterations: threads) { worker in
                for position in stride(from: worker, to: queries.count, by: threads) {
                    _ = try? resolver.resolve(queries[position].text)
                }
            }
        }

        var baselineP50: Double?
        var baselineTop1: Double?
        if baseline {
            progress("brute-force baseline…")
            (baselineP50, baselineTop1) = try Self.baseline(terms: terms, queries: queries, preparer: preparer)
        }
        func percentile(_ q: Double) -> Double {
            sortedLatencies[min(sortedLatencies.count - 1, Int(q * Double(sortedLatencies.count)))]
        }
        let slowest = slowestCount == 0 ? [] : latencies.indices.sorted { latencies[$0] > latencies[$1] }.prefix(slowestCount)
        return BenchResult(
            terms: terms.count, queries: queries.count,
            buildMicrosecondsPerTerm: Self.microseconds(build) / Double(max(terms.count, 1)),
            bytesPerTerm: Double(index!.approximateBytes) / Double(max(terms.count, 1)),
            residentGrowthPerTerm: Double(max(0, residentAfter - residentBefore)) / Double(max(terms.count, 1)),
            p50: percentile(0.5), p90: percentile(0.9), p99: percentile(0.99),
            queriesPerSecond: Double(queries.count) / (Self.microseconds(single) / 1e6),
            queriesPerSecondAllThreads: Double(queries.count) / (Self.microseconds(all) / 1e6), threads: threads,
            top1: withSource == 0 ? 0 : Double(top1) / Double(withSource), top1Count: top1, withSource: withSource,
            acceptedWrong: acceptedWrong, baselineP50: baselineP50, baselineTop1: baselineTop1,
            top1ByKind: kinds.mapValues { Double($0.hits) / Double(max($0.total, 1)) },
            p50ByKind: kindLatencies.mapValues { $0.sorted()[$0.count / 2] },
            slowest: slowest.map {
                BenchResult.SlowQuery(query: queries[$0].text, kind: queries[$0].kind, microseconds: latencies[$0])
            })
    }

    /// The same run's baseline: every term's folded spelling compared with the query's by edit distance,
    /// the best taken (what a scan-based fuzzy matcher does, without sound or word alignment).
    static func baseline(terms: [String], queries: [BenchQueries.Query], preparer: TermPreparer)
        throws -> (p50: Double, top1: Double) {
        let folded = try terms.map { Array(try preparer.normalizer.fold($0, in: preparer.profile.language).utf8) }
        let sample = Array(queries.prefix(terms.count >= 100_000 ? 100 : terms.count >= 10_000 ? 300 : queries.count))
        let clock = ContinuousClock()
        var latencies: [Double] = []
        var hits = 0
        var withSource = 0
        for query in sample {
            var best = -1
            let elapsed = try clock.measure {
                let text = Array(try preparer.normalizer.fold(query.text, in: preparer.profile.language).utf8)
                var bestScore = -1.0
                for (index, term) in folded.enumerated() {
                    let score = TokenSimilarity.spellingSimilarity(text, term)
                    if score > bestScore {
                        bestScore = score
                        best = index
                    }
                }
            }
            latencies.append(microseconds(elapsed))
            if let source = query.source {
                withSource += 1
                if best >= 0 && terms[best] == source { hits += 1 }
            }
        }
        latencies.sort()
        return (latencies[latencies.count / 2], withSource == 0 ? 0 : Double(hits) / Double(withSource))
    }

    static func microseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
    }
}
