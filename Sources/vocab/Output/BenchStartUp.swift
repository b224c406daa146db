import VocabCore

/// The one-time cost of a process's first names: ICU opens its transliterator registry and the normalizer's
/// transforms (10–20 ms) on first use. Measured apart so that the per-term build cost does not carry it.
struct BenchStartUp {
    /// Names in every script family the normalizer transliterates, with marks, particles, digits and
    /// apostrophes, so that each transform and breaker is opened. Not taken from any bench or eval set.
    static let sampleNames = [
        "Plain Ascii", "Zoë Ørsted-Łukasz", "Jean d'Arc II", "R2D2", "Дмитрий Иванов", "Ελένη Παππά",
        "김민준", "さくら", "王小明", "محمد", "דוד", "Straße Müller",
    ]

    /// Prepares the sample names once and returns how long it took, in milliseconds.
    static func run(preparer: TermPreparer) throws -> Double {
        let elapsed = try ContinuousClock().measure {
            for name in sampleNames { _ = try preparer.readings(of: name) }
        }
        return BenchRun.microseconds(elapsed) / 1_000
    }
}
