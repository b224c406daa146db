import Foundation
import Testing
import VocabTestSupport

@Suite struct PhoneCostsCommandTests {
    @Test("A language with learned confusions shows them; --base shows the feature table")
    func learnedAndBase() throws {
        let learned = try VocabBinary.run(["phone-costs", "--language", "es-ES", "--phone", "d"])
        #expect(learned.status == 0, "\(learned.stderr)")
        #expect(learned.stdout.contains("costs: learned ("), "\(learned.stdout)")
        #expect(learned.stdout.contains("recognizer-confusions.txt) over the feature table"))
        #expect(learned.stdout.contains("  d    heard as: "))
        let base = try VocabBinary.run(["phone-costs", "--language", "es-ES", "--phone", "d", "--base"])
        #expect(base.stdout.contains("costs: feature table (shared/phone-costs.txt)"))
        #expect(base.stdout != learned.stdout)
    }

    @Test("--phone-loop shows how the phone loop hears the language's names; English has no such table")
    func phoneLoop() throws {
        let german = try VocabBinary.run(["phone-costs", "--language", "de-DE", "--phone", "a", "--phone-loop"])
        #expect(german.status == 0, "\(german.stderr)")
        #expect(german.stdout.contains("de-DE/phone-loop-confusions.txt) over the feature table"), "\(german.stdout)")
        let words = try VocabBinary.run(["phone-costs", "--language", "de-DE", "--phone", "a"])
        #expect(german.stdout != words.stdout)
        let english = try VocabBinary.run(["phone-costs", "--language", "en-US", "--phone", "a", "--phone-loop"])
        #expect(english.stdout.contains("costs: feature table (no learned phone-loop confusions for en)"), "\(english.stdout)")
        let both = try VocabBinary.run(["phone-costs", "--base", "--phone-loop"])
        #expect(both.status != 0)
        #expect(both.stderr.contains("--base and --phone-loop name two tables; give one"))
    }

    @Test("--tsv lists every cost of a phone, one per line, with a header")
    func tsv() throws {
        let result = try VocabBinary.run(["phone-costs", "--base", "--tsv", "--phone", "p"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first == "kind\theard\tsaid\tcost")
        #expect(lines.contains("sub\tb\tp\t0.200"))
        #expect(lines.filter { $0.hasPrefix("indel\tp\t") || $0.hasPrefix("add\tp\t") || $0.hasPrefix("drop\tp\t") }.count == 3)
    }

    @Test("An unknown phone is refused naming the argument")
    func unknownPhone() throws {
        let result = try VocabBinary.run(["phone-costs", "--phone", "q̃"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("--phone 'q̃' is not in the inventory (shared/phones.tsv)"), "\(result.stderr)")
    }
}
