import Foundation
import Testing
@testable import GymbellCore

/// Every text the code translates has a German translation that keeps its {placeholders}, and the
/// template lists every one of them and nothing else: `po/` stays complete as texts are added. A text
/// that counts (`messages("{n} set", plural: "{n} sets", count: n)`) is a plural entry (msgid_plural,
/// msgstr[0] and msgstr[1] in German) in both.
@Suite("Translation catalogs")
struct TranslationCatalogTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// One entry of a .po file: its translation, or for a text that counts its plural and one
    /// translation per form.
    struct Entry: Equatable {
        var plural: String?
        var translations: [String]
    }

    /// The Swift sources the texts are read from.
    static func sources() throws -> [String] {
        var texts: [String] = []
        for folder in ["Sources/GymbellCore", "Sources/GymbellFormats", "Sources/GymbellDaemon", "Sources/GymbellWindow"] {
            let root = repository.appendingPathComponent(folder)
            guard let files = FileManager.default.enumerator(atPath: root.path) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                texts.append(try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8))
            }
        }
        return texts
    }

    static func matches(_ pattern: String, in texts: [String]) throws -> [[String]] {
        let regex = try NSRegularExpression(pattern: pattern)
        return texts.flatMap { text in
            regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
                (1..<match.numberOfRanges).compactMap { Range(match.range(at: $0), in: text).map { String(text[$0]) } }
            }
        }
    }

    /// msgids the code passes to `Messages` (`messages("…")`, `self("…")` inside Messages, action labels);
    /// for a text that counts, its singular.
    static func msgidsInCode() throws -> Set<String> {
        let texts = try sources()
        let calls = try matches(#"(?:messages|self)\(\s*"((?:[^"\\]|\\.)*)""#, in: texts)
        let labels = try matches(#"(?:label|shortLabel): "((?:[^"\\]|\\.)*)""#, in: texts)
        return Set((calls + labels).map { $0[0] })
    }

    /// The texts that count, singular → plural, as the code passes them (`messages("…", plural: "…", count:)`).
    static func pluralsInCode() throws -> [String: String] {
        let pairs = try matches(#"(?:messages|self)\(\s*"((?:[^"\\]|\\.)*)",\s*plural:\s*"((?:[^"\\]|\\.)*)""#, in: try sources())
        return Dictionary(pairs.map { ($0[0], $0[1]) }, uniquingKeysWith: { first, _ in first })
    }

    /// msgid → entry of a .po file (single-line strings, as ours are).
    static func entries(_ name: String) throws -> [String: Entry] {
        let text = try String(contentsOf: repository.appendingPathComponent("po/\(name)"), encoding: .utf8)
        var entries: [String: Entry] = [:]
        var msgid: String?
        for line in text.split(separator: "\n") {
            if line.hasPrefix("msgid \"") {
                msgid = unquote(line.dropFirst(6))
                if let id = msgid, !id.isEmpty { entries[id] = Entry(plural: nil, translations: []) }
            } else if line.hasPrefix("msgid_plural \""), let id = msgid, !id.isEmpty {
                entries[id]?.plural = unquote(line.dropFirst(13))
            } else if line.hasPrefix("msgstr"), let id = msgid, !id.isEmpty, let quote = line.firstIndex(of: "\"") {
                entries[id]?.translations.append(unquote(line[quote...]))
            }
        }
        return entries
    }

    /// The messages a catalog gives, with German's plural rule (the form for 1, the other for the rest).
    static func messages(_ name: String) throws -> Messages {
        let entries = try entries(name)
        return Messages(
            translate: { entries[$0]?.translations.first ?? $0 },
            plural: { singular, plural, count in
                guard let forms = entries[singular]?.translations, forms.count == 2 else { return count == 1 ? singular : plural }
                return forms[count == 1 ? 0 : 1]
            })
    }

    static func unquote(_ text: Substring) -> String {
        String(text.dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\\\", with: "\\")
    }

    static func placeholders(_ text: String) -> Set<String> {
        Set(text.matches(of: /\{[a-z]+\}/).map { String($0.output) })
    }

    @Test func germanIsCompleteAndKeepsPlaceholders() throws {
        let used = try Self.msgidsInCode()
        let plurals = try Self.pluralsInCode()
        #expect(used.count > 40 && plurals.count >= 20)
        let german = try Self.entries("de.po")
        for id in used.sorted() {
            let entry = try #require(german[id], "po/de.po lacks \"\(id)\"")
            #expect(entry.plural == plurals[id], "po/de.po's \"\(id)\" must have msgid_plural \(plurals[id].map { "\"\($0)\"" } ?? "none")")
            #expect(entry.translations.count == (entry.plural == nil ? 1 : 2), "po/de.po's \"\(id)\" needs one text per form")
            for (form, translation) in entry.translations.enumerated() {
                let source = form == 0 ? id : plurals[id] ?? id
                #expect(!translation.isEmpty, "po/de.po leaves \"\(id)\" untranslated")
                #expect(Self.placeholders(translation) == Self.placeholders(source), "\"\(translation)\" must keep the placeholders of \"\(source)\"")
            }
        }
    }

    @Test func templateListsEveryTextAndNoOther() throws {
        let template = try Self.entries("gymbell.pot")
        let used = try Self.msgidsInCode()
        let plurals = try Self.pluralsInCode()
        #expect(used.subtracting(template.keys).isEmpty, "po/gymbell.pot lacks \(used.subtracting(template.keys).sorted())")
        #expect(Set(template.keys).subtracting(used).isEmpty, "po/gymbell.pot has texts no code uses: \(Set(template.keys).subtracting(used).sorted())")
        for (singular, plural) in plurals {
            #expect(template[singular] == Entry(plural: plural, translations: ["", ""]), "po/gymbell.pot: \"\(singular)\" must be a plural entry")
        }
        #expect(template.values.filter { $0.plural != nil }.count == plurals.count)
    }

    @Test func germanCountsInBothForms() throws {
        let german = try Self.messages("de.po")
        #expect(german.session.workoutComplete(title: "Push Day", sets: 1).body == "Push Day: 1 Satz geschafft. Starke Leistung!")
        #expect(german.session.workoutComplete(title: "Push Day", sets: 3).body == "Push Day: 3 Sätze geschafft. Starke Leistung!")
        #expect(german.session.restWarning(secondsLeft: 1).body == "Noch 1 Sekunde. Mach dich bereit für deinen nächsten Satz.")
        #expect(german.session.restWarning(secondsLeft: 10).body == "Noch 10 Sekunden. Mach dich bereit für deinen nächsten Satz.")
        #expect(german.sets(1) == "1 Satz" && german.sets(0) == "0 Sätze")
        #expect(german.workoutCompleteReply(sets: 1, title: "Push Day") == "Training geschafft: 1 Satz Push Day")
    }
}
