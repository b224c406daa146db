import Foundation
import Testing
import VocabCore
@testable import VocabLocales

@Suite struct PlistLineMapTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    @Test("Values map to the line of their tag; comments, CDATA, entities and empty elements are read")
    func lines() {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<!-- <key>Ignored</key> -->
            \t<key>A&amp;B</key>
            \t<array>
            \t\t<string><![CDATA[<key>not a key</key>]]></string>
            \t\t<dict/>
            \t\t<true/>
            \t</array>
            \t<key>&#x4E;ext</key>
            \t<string>x</string>
            </dict>
            </plist>
            """
        let lines = PlistLineMap.lines(of: Data(xml.utf8))
        #expect(lines == ["": 4, "A&B": 7, "A&B[0]": 8, "A&B[1]": 9, "A&B[2]": 10, "Next": 13])
    }

    @Test("A document on which Foundation's XMLParser traps (found by fuzzing) is read without a crash")
    func fuzzFinding() throws {
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent("fuzz-xmlparser-trap.plist"))
        let reading = AppVocabularyFile.parse(data, path: "trap.plist")
        #expect(reading.findings.map(\.description) == ["trap.plist:4: error: the top level must be a dictionary, found a string"])
    }

    @Test("Truncated documents keep the lines reached")
    func truncated() {
        #expect(PlistLineMap.lines(of: Data("<plist><dict><key>A</key><string>".utf8)) == ["": 1, "A": 1])
        #expect(PlistLineMap.lines(of: Data("<plist><dict><key>A</ke".utf8)) == ["": 1])
        #expect(PlistLineMap.lines(of: Data("<!-- never closed".utf8)).isEmpty)
    }

    @Test("A binary property list that crashed Foundation (found by fuzzing) is refused before Foundation reads it")
    func binaryFuzzFinding() throws {
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent("fuzz-binary-plist-crash.plist"))
        let reading = AppVocabularyFile.parse(data, path: "crash.plist")
        #expect(reading.vocabulary == nil)
        #expect(reading.findings.count == 1)
        #expect(reading.findings.first?.message.hasPrefix("not a valid property list: binary property list") == true)
    }

    @Test("Sound binary property lists pass the structure check; sets, cycles and bad trailers do not")
    func binaryCheck() throws {
        let fixture = Self.fixtures.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz/Corpus/FuzzAppVocabulary/fr-FR.binary.plist")
        let sound = try [UInt8](Data(contentsOf: fixture))
        #expect(BinaryPlistCheck.problem(in: sound) == nil)
        #expect(AppVocabularyFile.parse(Data(sound), path: "fr.plist").vocabulary != nil)
        // bplist00, one array (object 0) holding itself: a cycle.
        let cycle: [UInt8] = Array("bplist00".utf8) + [0xA1, 0x00] + [0x08]
            + [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, 10]
        #expect(BinaryPlistCheck.problem(in: cycle) == "binary property list with a reference cycle at object 0")
        // The same with a set marker (0xC1) instead of an array.
        var set = cycle
        set[8] = 0xC1
        #expect(BinaryPlistCheck.problem(in: set)?.contains("of a kind property lists never hold") == true)
        #expect(BinaryPlistCheck.problem(in: Array(cycle.prefix(30))) == "binary property list shorter than its trailer")
    }

    @Test("A 100,000-letter phrase is refused with its line and key path (lint passed it before)")
    func longPhrase() throws {
        let shipped = Self.fixtures.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Locales/fr-FR/AppIntentVocabulary.plist")
        let xml = try String(contentsOf: shipped, encoding: .utf8)
            .replacingOccurrences(of: "<string>Qwik HIIT</string>", with: "<string>\(String(repeating: "q", count: 100_000))</string>")
        let reading = AppVocabularyFile.parse(Data(xml.utf8), path: "fr.plist")
        #expect(reading.findings.map(\.description) == [
            "fr.plist:45: error: ParameterVocabularies[0].ParameterVocabulary[1].VocabularyItemSynonyms[0]."
                + "VocabularyItemPhrase: is refused: phrase of 100000 UTF-16 code units is longer than the limit of 1024",
        ])
    }
}
