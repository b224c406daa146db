import Foundation
import Synchronization
public import VocabCore

/// The phone matcher's data, read from a locales folder: the shared inventory and costs
/// (`Locales/shared/`), every language's letter-to-sound rules, the origin cues, and the English
/// pronouncing dictionary when one is installed.
public struct PhoneData: Sendable {
    /// The inventory and the alignment costs of the feature table.
    public let costs: PhoneCosts
    /// The costs learned of recognizers per bare language code (`fr`), from the locale folders'
    /// `recognizer-confusions.txt`; a language without that file hears with ``costs``.
    public let learnedCosts: [String: PhoneCosts]
    /// The costs learned of a phone recognizer per bare language code, from the locale folders'
    /// `phone-loop-confusions.txt`: what a hypothesis of phones is aligned with (``Pronouncer/heardPhoneCosts``).
    public let phoneLoopCosts: [String: PhoneCosts]
    /// Letter-to-sound rules by bare language code (`fr`), plus `ru`, `el` and `latin`.
    public let rules: [String: LetterToSoundRules]
    /// The English pronouncing dictionary, when found.
    public let dictionary: PronouncingDictionary?
    /// Where the dictionary was read from, or why there is none.
    public let dictionaryStatus: String
    /// What is lost without the dictionary, when the default one is not installed (`nil` when it was read,
    /// or when `$VOCAB_PRONOUNCING_DICTIONARY` is empty on purpose).
    public let dictionaryWarning: String?
    /// Spelling cues to a name's origin.
    public let origins: OriginCues
    /// The calibrated decision (`shared/decision-model.txt`), when the folder has one.
    public let decision: DecisionModel?
    /// How a recognizer's alternatives are weighed (`shared/alternatives-model.txt`), when the folder has one.
    public let alternatives: DecisionModel?
    /// Each recognizer's own calibration by name (`shared/recognizers/<name>/`): empty when the folder has none.
    public let recognizers: [String: RecognizerProfile]
    /// The recognizer-hint risk model (`shared/hint-model.txt`), when the folder has one.
    public let hintModel: DecisionModel?
    /// The dictionary's ARPAbet names in the inventory (`shared/arpabet.tsv`), for lexicons.
    public let arpabet: [String: [Phone]]?
    /// A fingerprint of every file read that changes how terms are indexed (the dictionary by path, size and
    /// modification time).
    public let fingerprint: String

    /// The recognizer-hint planner for a listener's language, when the folder has a hint model.
    public func hints(for language: String) -> RecognizerHints? {
        guard let hintModel else { return nil }
        let pronouncer = pronouncer(for: language)
        return RecognizerHints(risk: HintRisk(model: hintModel, pronouncer: pronouncer),
                               arpabet: arpabet.map { ARPAbetWriter(mapping: $0, costs: costs) })
    }

    /// The pronouncer for a listener's language, with the costs learned for that language when there are some.
    public func pronouncer(for language: String) -> Pronouncer {
        Pronouncer(costs: learnedCosts[language] ?? costs, language: language, rules: rules, dictionary: dictionary,
                   origins: origins, heardPhoneCosts: phoneLoopCosts[language])
    }
}

extension LocaleDirectory {
    /// The recognizer-hint planner for a language's listener: `nil` when the folder has no phone data or no
    /// hint model.
    ///
    /// - Throws: ``LocaleDataError`` when the phone data cannot be read.
    public func recognizerHints(for preparer: TermPreparer) throws -> RecognizerHints? {
        guard let language = preparer.phonetics.pronouncer?.language else { return nil }
        return try phoneData()?.hints(for: language)
    }

    /// The folder of data shared by every language (not a locale).
    public static let sharedFolderName = "shared"
    /// A language's letter-to-sound rules, in its locale folder (or `shared/<script>.letter-to-sound.txt`).
    public static let letterToSoundFileName = "letter-to-sound.txt"
    /// The calibrated decision model, in the shared folder (optional: without it, words decide alone).
    public static let decisionModelFileName = "decision-model.txt"
    /// The model weighing a recognizer's alternatives, in the shared folder (optional: without it, the first
    /// hypothesis alone decides).
    public static let alternativesModelFileName = "alternatives-model.txt"
    /// The folder of recognizer profiles in the shared folder: one folder per recognizer, named as callers name
    /// it, holding its `decision-model.txt` and optionally its `alternatives-model.txt` and a language's own
    /// `alternatives-model.<language>.txt` ("alternatives-model.en.txt"; optional: without it, every recognizer
    /// is weighed by the shared models).
    public static let recognizersFolderName = "recognizers"

    /// The bare language code of a profile's per-language alternatives model, from its file name
    /// (`alternatives-model.en.txt` → "en"); `nil` when the name is not of that form (two or three lowercase
    /// ASCII letters).
    static func languageOfAlternativesModel(named file: String) -> String? {
        let prefix = "alternatives-model.", suffix = ".txt"
        guard file.hasPrefix(prefix), file.hasSuffix(suffix), file.count > prefix.count + suffix.count else { return nil }
        let code = file.dropFirst(prefix.count).dropLast(suffix.count)
        return RecognizerProfile.isBareLanguageCode(code) ? String(code) : nil
    }
    /// The recognizer-hint risk model, in the shared folder (optional: without it, no hints).
    public static let hintModelFileName = "hint-model.txt"
    /// A language's learned recognizer confusions, in its locale folder (optional).
    public static let confusionsFileName = "recognizer-confusions.txt"
    /// How a phone recognizer (PocketSphinx's US English phone loop) hears a language's names, in its locale
    /// folder (optional; the same form).
    public static let phoneLoopConfusionsFileName = "phone-loop-confusions.txt"
    /// Where Debian's `pocketsphinx-en-us` installs its pronouncing dictionary.
    public static let defaultPronouncingDictionary = "/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict"
    /// The environment variable naming another dictionary (empty: none).
    public static let pronouncingDictionaryVariable = "VOCAB_PRONOUNCING_DICTIONARY"

    private static let phoneDataCache = Mutex<[String: PhoneData?]>([:])
    private static let warningHandler = Mutex<(@Sendable (String) -> Void)?>(nil)
    private static let warned = Mutex(false)

    /// Sets where a warning about the phone data goes (once per process): the CLI prints it to standard
    /// error, the service logs it.
    public static func reportWarnings(to handler: @escaping @Sendable (String) -> Void) {
        warningHandler.withLock { $0 = handler }
    }

    /// The phone data of this folder, read once per process and folder; `nil` when the folder has no
    /// `shared/phones.tsv` (the phone matcher is then off and names are matched by words alone).
    ///
    /// - Parameter environment: Where ``pronouncingDictionaryVariable`` is read.
    /// - Throws: ``LocaleDataError`` naming the file and line at fault.
    public func phoneData(environment: [String: String]? = nil) throws -> PhoneData? {
        let environment = environment ?? ProcessInfo.processInfo.environment
        let dictionaryPath = environment[Self.pronouncingDictionaryVariable] ?? Self.defaultPronouncingDictionary
        let key = url.path + "\u{1F}" + dictionaryPath
        if let cached = Self.phoneDataCache.withLock({ $0[key] }) { return cached }
        let named = environment[Self.pronouncingDictionaryVariable].map { !$0.isEmpty } ?? false
        let loaded = try readPhoneData(dictionaryPath: dictionaryPath, named: named)
        Self.phoneDataCache.withLock { $0[key] = loaded }
        if let warning = loaded?.dictionaryWarning, Self.warned.withLock({ warned in
            defer { warned = true }
            return !warned
        }) {
            Self.warningHandler.withLock { $0 }?(warning)
        }
        return loaded
    }

    private func readPhoneData(dictionaryPath: String, named: Bool) throws -> PhoneData? {
        let shared = url.appendingPathComponent(Self.sharedFolderName)
        let inventoryFile = shared.appendingPathComponent("phones.tsv")
        guard FileManager.default.fileExists(atPath: inventoryFile.path) else { return nil }
        var hash = FNV1a()
        /// Adds a file's name and contents to the fingerprint.
        func fingerprint(_ file: URL, _ data: Data) {
            hash.combine(file.lastPathComponent.utf8)
            hash.combine(0xFF)
            hash.combine(data)
            hash.combine(0xFF)
        }
        /// A file's text, in the fingerprint unless `fingerprinted` is false (data that changes no index).
        func read(_ file: URL, fingerprinted: Bool = true) throws -> String {
            guard let data = FileManager.default.contents(atPath: file.path) else {
                throw LocaleDataError(path: file.path, message: "cannot be read")
            }
            guard let text = String(data: data, encoding: .utf8) else {
                throw LocaleDataError(path: file.path, message: "is not UTF-8 text")
            }
            if fingerprinted { fingerprint(file, data) }
            return text
        }
        func converting<T>(_ body: () throws(PhoneDataError) -> T) throws -> T {
            do { return try body() } catch { throw LocaleDataError(path: error.source, message: error.line.map { "line \($0): " } .map { $0 + error.message } ?? error.message) }
        }
        let inventoryText = try read(inventoryFile)
        let inventory = try converting { () throws(PhoneDataError) in try PhoneInventory(parsing: inventoryText, source: inventoryFile.path) }
        let costsFile = shared.appendingPathComponent("phone-costs.txt")
        let costsText = try read(costsFile)
        let costs = try converting { () throws(PhoneDataError) in
            try PhoneCosts(parsing: costsText, inventory: inventory, source: costsFile.path)
        }
        var rules: [String: LetterToSoundRules] = [:]
        var ruleFiles: [(String, URL)] = []
        var learnedCosts: [String: PhoneCosts] = [:]
        var phoneLoopCosts: [String: PhoneCosts] = [:]
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path).sorted()) ?? []
        for name in names where name != Self.sharedFolderName && !name.hasPrefix(".") {
            let language = String(name.split(separator: "-").first ?? Substring(name))
            /// A language's learned confusions file (the first locale folder of the language that has one), into
            /// `learned`.
            func readConfusions(_ fileName: String, into learned: inout [String: PhoneCosts]) throws {
                let confusions = url.appendingPathComponent(name).appendingPathComponent(fileName)
                guard learned[language] == nil, FileManager.default.fileExists(atPath: confusions.path) else { return }
                let text = try read(confusions)
                learned[language] = try converting { () throws(PhoneDataError) in
                    try costs.applyingConfusions(parsing: text, source: confusions.path)
                }
            }
            try readConfusions(Self.confusionsFileName, into: &learnedCosts)
            try readConfusions(Self.phoneLoopConfusionsFileName, into: &phoneLoopCosts)
            let file = url.appendingPathComponent(name).appendingPathComponent(Self.letterToSoundFileName)
            guard FileManager.default.fileExists(atPath: file.path) else { continue }
            if !ruleFiles.contains(where: { $0.0 == language }) { ruleFiles.append((language, file)) }
        }
        let sharedNames = (try? FileManager.default.contentsOfDirectory(atPath: shared.path).sorted()) ?? []
        for name in sharedNames where name.hasSuffix("." + Self.letterToSoundFileName) {
            ruleFiles.append((String(name.dropLast(Self.letterToSoundFileName.count + 1)), shared.appendingPathComponent(name)))
        }
        for (language, file) in ruleFiles {
            let text = try read(file)
            rules[language] = try converting { () throws(PhoneDataError) in
                try LetterToSoundRules(parsing: text, inventory: inventory, source: file.path)
            }
        }
        let cuesFile = shared.appendingPathComponent("origin-cues.txt")
        let cuesText = try read(cuesFile)
        let origins = try converting { () throws(PhoneDataError) in try OriginCues(parsing: cuesText, source: cuesFile.path) }
        /// The model in a file, when the file is there (`nil` when it is not).
        func model(in file: URL, featureNames: [String] = CandidateFeatures.names,
                   fingerprinted: Bool = true) throws -> DecisionModel? {
            guard FileManager.default.fileExists(atPath: file.path) else { return nil }
            let text = try read(file, fingerprinted: fingerprinted)
            return try converting { () throws(PhoneDataError) in
                try DecisionModel(parsing: text, source: file.path, featureNames: featureNames)
            }
        }
        let decision = try model(in: shared.appendingPathComponent(Self.decisionModelFileName))
        let alternatives = try model(in: shared.appendingPathComponent(Self.alternativesModelFileName),
                                     featureNames: AlternativeFeatures.names)
        var recognizers: [String: RecognizerProfile] = [:]
        let recognizersFolder = shared.appendingPathComponent(Self.recognizersFolderName)
        let recognizerNames = (try? FileManager.default.contentsOfDirectory(atPath: recognizersFolder.path).sorted()) ?? []
        for name in recognizerNames where !name.hasPrefix(".") {
            let folder = recognizersFolder.appendingPathComponent(name)
            guard RecognizerProfile.isValidName(name) else {
                throw LocaleDataError(path: folder.path, message: "is not a recognizer name (lowercase letters, digits "
                    + "and dashes, starting with a letter, at most 32)")
            }
            guard let decision = try model(in: folder.appendingPathComponent(Self.decisionModelFileName)) else {
                throw LocaleDataError(path: folder.path, message: "holds no \(Self.decisionModelFileName) (a recognizer's "
                    + "folder needs its decision)")
            }
            let alternatives = try model(in: folder.appendingPathComponent(Self.alternativesModelFileName),
                                         featureNames: AlternativeFeatures.names)
            var alternativesByLanguage: [String: DecisionModel] = [:]
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()) ?? []
            for file in files where file.hasPrefix("alternatives-model.") && file != Self.alternativesModelFileName {
                let path = folder.appendingPathComponent(file)
                guard let language = Self.languageOfAlternativesModel(named: file) else {
                    throw LocaleDataError(path: path.path, message: "is not a language's alternatives model (expected "
                        + "alternatives-model.<language>.txt, a bare language code such as 'en')")
                }
                alternativesByLanguage[language] = try model(in: path, featureNames: AlternativeFeatures.names)
            }
            recognizers[name] = RecognizerProfile(name: name, decision: decision, alternatives: alternatives,
                                                  alternativesByLanguage: alternativesByLanguage)
        }
        // The recognizer-hint risk model and the ARPAbet mapping (for lexicons) change no index: they are read
        // apart from the fingerprint. The mapping joins it below when it reads the pronouncing dictionary.
        let hintModel = try model(in: shared.appendingPathComponent(Self.hintModelFileName), featureNames: HintRisk.names,
                                  fingerprinted: false)
        let mappingFile = shared.appendingPathComponent("arpabet.tsv")
        var mappingText: String?
        var arpabet: [String: [Phone]]?
        if FileManager.default.fileExists(atPath: mappingFile.path) {
            let text = try read(mappingFile, fingerprinted: false)
            mappingText = text
            arpabet = try converting { () throws(PhoneDataError) in
                try PronouncingDictionary.mapping(parsing: text, inventory: inventory, source: mappingFile.path)
            }
        }
        var dictionary: PronouncingDictionary?
        var status = "none (\(Self.pronouncingDictionaryVariable) is empty)"
        var warning: String?
        if !dictionaryPath.isEmpty {
            let data = FileManager.default.contents(atPath: dictionaryPath)
            if data == nil, named {
                let reason = FileManager.default.fileExists(atPath: dictionaryPath) ? "cannot be read" : "does not exist"
                throw LocaleDataError(path: dictionaryPath, message: "\(reason) (named by $\(Self.pronouncingDictionaryVariable); "
                    + "unset it for the default dictionary, or set it empty for none)")
            }
            if let data {
                guard let mapping = arpabet, let mappingText else {
                    throw LocaleDataError(path: mappingFile.path, message: "cannot be read")
                }
                fingerprint(mappingFile, Data(mappingText.utf8))
                dictionary = try converting { () throws(PhoneDataError) in
                    try PronouncingDictionary(bytes: [UInt8](data), mapping: mapping, source: dictionaryPath)
                }
                status = "\(dictionaryPath) (\(dictionary!.count) words)"
                let attributes = try? FileManager.default.attributesOfItem(atPath: dictionaryPath)
                hash.combine(dictionaryPath.utf8)
                hash.combine(word: UInt64((attributes?[.size] as? Int) ?? 0))
                hash.combine(word: UInt64(((attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0) * 1000))
            } else {
                status = "none (\(dictionaryPath) not found; English words are read by rules alone)"
                warning = "the English pronouncing dictionary \(dictionaryPath) is not installed (Debian's "
                    + "pocketsphinx-en-us); English names are read by letter-to-sound rules alone, which hears them "
                    + "less well (name another with $\(Self.pronouncingDictionaryVariable))"
            }
        }
        return PhoneData(costs: costs, learnedCosts: learnedCosts, phoneLoopCosts: phoneLoopCosts, rules: rules, dictionary: dictionary,
                         dictionaryStatus: status, dictionaryWarning: warning, origins: origins, decision: decision, alternatives: alternatives,
                         recognizers: recognizers, hintModel: hintModel, arpabet: arpabet, fingerprint: String(hash.value, radix: 16))
    }
}
