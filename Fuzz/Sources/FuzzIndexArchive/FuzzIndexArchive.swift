import FuzzSupport
import VocabCore

private let key = IndexArchive.Key(user: "fuzz", type: "contactName", changeStamp: 1, language: "en-US",
                                   dataFingerprint: "fuzz")

/// The persisted-index loader on any bytes. Raw bytes almost never pass the checksum, so inputs whose first
/// byte is odd get a valid header and checksum wrapped around the rest: that reaches the structural checks,
/// which must refuse whatever would index out of bounds. What loads must resolve without crashing. Seeds are
/// real archives (Fuzz/Corpus/FuzzIndexArchive, made by Fuzz/make-seeds.sh).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let context = FuzzSupport.context(0)
    var bytes = FuzzSupport.bytes(data + 1, size - 1)
    if data[0] & 1 == 1 { bytes = IndexArchive.wrap(bytes, for: key) }
    let index = bytes.withUnsafeBytes { try? VocabularyIndex(archive: $0, key: key, preparer: context.preparer) }
    if let index {
        for query in ["bobo", "maria garcia", "a", "jean luc", "smith john"] { _ = try? Resolver(index: index).resolve(query) }
    }
    return 0
}

/// The entry point SwiftPM links as `main`: libFuzzer's driver on `fuzz`.
@_cdecl("FuzzIndexArchive_main")
public func entryPoint(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzSupport.main(argc, argv, fuzz)
}
