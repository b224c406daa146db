public import Foundation
public import VocabCore
public import VocabICU
public import VocabLocales

/// What every fuzz target shares: the repository's locales, and one prepared context per language, built
/// once per process (libFuzzer calls the entry point millions of times).
public enum FuzzSupport {
    /// The languages inputs are read in; a target picks one with an input byte.
    public static let languages = ["en-US", "fr-FR", "de-DE", "es-ES", "it-IT", "pt-BR", "tr-TR"]

    /// The repository's `Locales/`, found from this file's path.
    public static let directory: LocaleDirectory = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return try! LocaleDirectory.locate(explicit: root.appendingPathComponent("Locales").path, environment: [:],
                                           executablePath: nil, currentDirectory: root.path)
    }()

    private static let contexts: [LanguageContext] = languages.map { code in
        let request = LanguageRequest(code: SiriLanguageCode(canonical: code), source: .argument("fuzz"))
        return try! LanguageContext(request: request, directory: directory)
    }

    /// The context of the language a byte selects.
    public static func context(_ selector: UInt8) -> LanguageContext {
        contexts[Int(selector) % contexts.count]
    }

    /// The input as bytes.
    public static func bytes(_ data: UnsafePointer<UInt8>, _ size: Int) -> [UInt8] {
        Array(UnsafeBufferPointer(start: data, count: size))
    }
}

/// libFuzzer's driver (compiler-rt, LLVM 11 and later), run with a callback.
@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32
) -> Int32

extension FuzzSupport {
    /// Runs libFuzzer on `fuzz`. SwiftPM links an executable target's entry point as `main` (by `--defsym main=
    /// <Module>_main`), which takes libFuzzer's own `main` away; each target's `<Module>_main` calls this instead.
    public static func main(
        _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
        _ fuzz: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32
    ) -> Int32 {
        var count = argc
        var arguments = argv
        return runDriver(&count, &arguments, fuzz)
    }
}
