import FuzzSupport
import Foundation
import VocabCore

/// The evaluation-set loader on any bytes: JSON parsing, then score.py's checks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard let object = try? JSONSerialization.jsonObject(with: Data(bytes: data, count: size), options: [.fragmentsAllowed])
    else { return 0 }
    guard let set = try? EvaluationSet(validating: object, source: "fuzz.json") else { return 0 }
    // What it accepted must be consistent: every case's vocabulary exists and holds its expected terms.
    let vocabularies = Dictionary(set.vocabularies.map { ($0.id, Set($0.strings)) }, uniquingKeysWith: { $1 })
    for testCase in set.cases {
        guard let strings = vocabularies[testCase.vocabulary], testCase.expect.terms.allSatisfy(strings.contains) else {
            fatalError("accepted a case whose expected terms are not in its vocabulary: \(testCase.id)")
        }
    }
    _ = EvaluationScores(cases: set.cases, predictions: [:])
    return 0
}

/// The entry point SwiftPM links as `main`: libFuzzer's driver on `fuzz`.
@_cdecl("FuzzEvaluationSet_main")
public func entryPoint(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzSupport.main(argc, argv, fuzz)
}
