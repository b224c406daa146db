import FuzzSupport
import VocabCore

/// The ICU normalizer on any text, in a language chosen by the first byte: every form and token, digits
/// spelled out. It must never crash, and stay near-linear (libFuzzer's -timeout catches stalls).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let context = FuzzSupport.context(data[0])
    let text = String(decoding: FuzzSupport.bytes(data + 1, size - 1), as: UTF8.self)
    _ = try? context.preparer.normalizer.normalize(text, in: context.preparer.profile)
    _ = try? context.preparer.readings(of: text)
    return 0
}

/// The entry point SwiftPM links as `main`: libFuzzer's driver on `fuzz`.
@_cdecl("FuzzNormalizer_main")
public func entryPoint(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzSupport.main(argc, argv, fuzz)
}
