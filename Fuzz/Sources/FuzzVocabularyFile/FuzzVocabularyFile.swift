import FuzzSupport
import VocabCore

/// The vocabulary file loader on any bytes, then the replace plan a store would build from it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for strict in [false, true] {
        let file = VocabularyFile(bytes: bytes, source: "fuzz.txt", strict: strict)
        // Whatever the file accepted, a store accepts too: the loader and the plan apply the same rules.
        guard file.errors.isEmpty else { continue }
        do {
            _ = try ReplacePlan(terms: file.texts, limits: .standard, otherTypes: 0)
        } catch {
            fatalError("the loader accepted what the replace plan refuses: \(error)")
        }
    }
    return 0
}

/// The entry point SwiftPM links as `main`: libFuzzer's driver on `fuzz`.
@_cdecl("FuzzVocabularyFile_main")
public func entryPoint(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzSupport.main(argc, argv, fuzz)
}
