import Foundation
import FuzzSupport
import VocabCore
import VocabLocales

/// The AppIntentVocabulary.plist loader on any bytes (XML or binary); what it accepts is linted and, for
/// every parameter, resolved against.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let reading = AppVocabularyFile.parse(Data(bytes: data, count: size), path: "fuzz.plist")
    guard let vocabulary = reading.vocabulary, !reading.findings.contains(where: { $0.severity == .error }) else {
        return 0
    }
    let context = FuzzSupport.context(UInt8(truncatingIfNeeded: size))
    let linter = AppVocabularyLinter { text in
        (try? context.preparer.normalizer.normalize(text, in: context.preparer.profile).tokens.map(\.folded)) ?? []
    }
    _ = linter.lint(vocabulary, path: "fuzz.plist", guidance: ExampleGuidance())
    for parameter in vocabulary.parameterNames {
        let resolver = try? AppTermResolver(items: vocabulary.items(for: parameter), preparer: context.preparer)
        _ = try? resolver?.resolve("qwik hit")
    }
    return 0
}

/// The entry point SwiftPM links as `main`: libFuzzer's driver on `fuzz`.
@_cdecl("FuzzAppVocabulary_main")
public func entryPoint(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzSupport.main(argc, argv, fuzz)
}
