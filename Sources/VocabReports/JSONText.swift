import VocabCore
/// A small JSON writer for the service's hottest answer (a resolution), several times faster than
/// Foundation's `JSONEncoder` on Linux, which cost a tenth of a resolve request's time (profiled under the
/// load test). Keys are written in the order given; callers give them sorted, as `JSONEncoder` with
/// `.sortedKeys` would.
public struct JSONText {
    /// The UTF-8 text so far.
    public private(set) var bytes: [UInt8] = []
    private var needsComma = false

    public init() { bytes.reserveCapacity(512) }

    public mutating func beginObject() { separate(); bytes.append(UInt8(ascii: "{")); needsComma = false }
    public mutating func endObject() { bytes.append(UInt8(ascii: "}")); needsComma = true }
    public mutating func beginArray() { separate(); bytes.append(UInt8(ascii: "[")); needsComma = false }
    public mutating func endArray() { bytes.append(UInt8(ascii: "]")); needsComma = true }

    /// A key of the current object; the next value is its value.
    public mutating func key(_ name: String) {
        separate()
        writeString(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    public mutating func string(_ value: String) { separate(); writeString(value); needsComma = true }
    public mutating func int(_ value: Int) { separate(); bytes += String(value).utf8; needsComma = true }
    public mutating func bool(_ value: Bool) { separate(); bytes += (value ? "true" : "false").utf8; needsComma = true }

    /// A finite number as Swift prints it (shortest round-trip form), integers without a fraction.
    public mutating func double(_ value: Double) {
        separate()
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
            bytes += String(Int(value)).utf8
        } else {
            bytes += (value.isFinite ? String(value) : "0").utf8
        }
        needsComma = true
    }

    public mutating func strings(_ values: [String]) {
        beginArray()
        for value in values { string(value) }
        endArray()
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    private mutating func writeString(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0..<0x20:
                let digits = Array("0123456789abcdef".utf8)
                bytes += Array("\\u00".utf8) + [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

extension ResolveReport {
    /// The report as compact JSON with sorted keys: the same document `JSONEncoder` writes, faster.
    public func jsonBytes() -> [UInt8] {
        var json = JSONText()
        json.beginObject()
        json.key("candidates")
        Self.write(candidates, to: &json)
        if let considered {
            json.key("considered")
            Self.write(considered, to: &json)
        }
        if let hypotheses {
            json.key("hypotheses")
            json.beginArray()
            for hypothesis in hypotheses {
                json.beginObject()
                json.key("text"); json.string(hypothesis.text)
                json.key("weight"); json.double(hypothesis.weight)
                json.endObject()
            }
            json.endArray()
        }
        json.key("locale")
        locale.write(to: &json)
        json.key("outcome"); json.string(outcome)
        json.key("query"); json.string(query)
        json.key("queryTokens"); json.strings(queryTokens)
        if let recognizer { json.key("recognizer"); json.string(recognizer) }
        json.key("truncated"); json.bool(truncated)
        json.endObject()
        return json.bytes
    }

    private static func writeFeatures(_ features: [FeatureReport], to json: inout JSONText) {
        json.beginArray()
        for feature in features {
            json.beginObject()
            json.key("contribution"); json.double(feature.contribution)
            json.key("name"); json.string(feature.name)
            json.key("value"); json.double(feature.value)
            json.endObject()
        }
        json.endArray()
    }

    private static func write(_ candidates: [CandidateReport], to json: inout JSONText) {
        json.beginArray()
        for candidate in candidates {
            json.beginObject()
            if let alternatives = candidate.alternatives {
                json.key("alternatives")
                writeFeatures(alternatives, to: &json)
            }
            if let features = candidate.features {
                json.key("features")
                writeFeatures(features, to: &json)
            }
            if let hypothesis = candidate.hypothesis { json.key("hypothesis"); json.int(hypothesis) }
            if let identifier = candidate.identifier { json.key("identifier"); json.string(identifier) }
            if let links = candidate.links {
                json.key("links")
                json.beginArray()
                for link in links {
                    json.beginObject()
                    json.key("query"); json.strings(link.query)
                    json.key("reason"); json.string(link.reason)
                    json.key("similarity"); json.double(link.similarity)
                    json.key("term"); json.strings(link.term)
                    json.endObject()
                }
                json.endArray()
            }
            if let phones = candidate.phones {
                json.key("phones")
                json.beginObject()
                json.key("alignment")
                json.beginArray()
                for step in phones.alignment {
                    json.beginObject()
                    json.key("cost"); json.double(step.cost)
                    json.key("filler"); json.bool(step.filler)
                    if let query = step.query { json.key("query"); json.string(query) }
                    if let term = step.term { json.key("term"); json.string(term) }
                    json.endObject()
                }
                json.endArray()
                json.key("language"); json.string(phones.language)
                json.key("query"); json.string(phones.query)
                json.key("similarity"); json.double(phones.similarity)
                json.key("steps"); json.string(phones.steps)
                json.key("term"); json.string(phones.term)
                if let unsaid = phones.unsaid { json.key("unsaid"); json.strings(unsaid) }
                if let weakest = phones.weakestWord { json.key("weakestWord"); json.double(weakest) }
                json.endObject()
            }
            if let probability = candidate.probability { json.key("probability"); json.double(probability) }
            json.key("rank"); json.int(candidate.rank)
            if let reading = candidate.reading { json.key("reading"); json.string(reading) }
            json.key("score"); json.double(candidate.score)
            json.key("term"); json.string(candidate.term)
            json.endObject()
        }
        json.endArray()
    }
}

extension LocaleSelectionReport {
    func write(to json: inout JSONText) {
        json.beginObject()
        json.key("chain")
        json.beginArray()
        for step in chain {
            json.beginObject()
            json.key("available"); json.bool(step.available)
            json.key("locale"); json.string(step.locale)
            json.key("rule"); json.string(step.rule)
            json.endObject()
        }
        json.endArray()
        json.key("explanation"); json.string(explanation)
        json.key("requested"); json.string(requested)
        json.key("source"); json.string(source)
        json.key("used"); json.string(used)
        json.endObject()
    }
}
