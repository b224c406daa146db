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
}
