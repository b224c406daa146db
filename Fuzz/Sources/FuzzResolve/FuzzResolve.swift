import FuzzSupport
import VocabCore

/// Resolution end to end: the input is a language byte, then terms one per line, a NUL, and the query. Terms
/// the loader would refuse are dropped; the query goes to the resolver as given (it refuses what is over the
/// limits).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 1 else { return 0 }
    let context = FuzzSupport.context(data[0])
    let bytes = FuzzSupport.bytes(data + 1, size - 1)
    let parts = bytes.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
    let terms = VocabularyFile(bytes: Array(parts[0]), source: "fuzz").texts
    let query = String(decoding: parts.count > 1 ? Array(parts[1]) : [], as: UTF8.self)
    guard let index = try? VocabularyIndex(terms: terms, preparer: context.preparer) else { return 0 }
    guard let result = try? Resolver(index: index).resolve(query) else { return 0 }
    // Whatever is offered is a registered term.
    let registered = Set(terms)
    for candidate in result.resolution.candidates where !registered.contains(candidate.term) {
        fatalError("offered '\(candidate.term)', which is not a term")
    }
    return 0
}

/// The entry point SwiftPM links as `main`: libFuzzer's driver on `fuzz`.
@_cdecl("FuzzResolve_main")
public func entryPoint(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzSupport.main(argc, argv, fuzz)
}
