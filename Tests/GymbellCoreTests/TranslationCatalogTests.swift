import Foundation
import Testing

/// Every text the code translates has a German translation that keeps its {placeholders}, and the
/// template lists every one of them: `po/` stays complete as texts are added.
@Suite("Translation catalogs")
struct TranslationCatalogTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// msgids the code passes to `Messages` (`messages("…")`, `self("…")` inside Messages, action labels).
    static func msgidsInCode() throws -> Set<String> {
        var ids = Set<String>()
        let pattern = try NSRegularExpression(pattern: #"(?:messages|self)\(\s*"((?:[^"\\]|\\.)*)""#)
        let labels = try NSRegularExpression(pattern: #"(?:label|shortLabel): "((?:[^"\\]|\\.)*)""#)
        for folder in ["Sources/GymbellCore", "Sources/GymbellDaemon"] {
            let root = repository.appendingPathComponent(folder)
            guard let files = FileManager.default.enumerator(atPath: root.path) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
                let range = NSRange(text.startIndex..., in: text)
                for regex in [pattern, labels] {
                    for match in regex.matches(in: text, range: range) {
                        if let r = Range(match.range(at: 1), in: text) { ids.insert(String(text[r])) }
                    }
                }
            }
        }
        return ids
    }

    /// msgid → msgstr of a .po file (single-line entries, as ours are).
    static func catalog(_ name: String) throws -> [String: String] {
        let text = try String(contentsOf: repository.appendingPathComponent("po/\(name)"), encoding: .utf8)
        var entries: [String: String] = [:]
        var msgid: String?
        for line in text.split(separator: "\n") {
            if line.hasPrefix("msgid \"") {
                msgid = unquote(line.dropFirst(6))
            } else if line.hasPrefix("msgstr \""), let id = msgid, !id.isEmpty {
                entries[id] = unquote(line.dropFirst(7))
            }
        }
        return entries
    }

    static func unquote(_ text: Substring) -> String {
        String(text.dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\\\", with: "\\")
    }

    static func placeholders(_ text: String) -> Set<String> {
        Set(text.matches(of: /\{[a-z]+\}/).map { String($0.output) })
    }

    @Test func germanIsCompleteAndKeepsPlaceholders() throws {
        let used = try Self.msgidsInCode()
        #expect(used.count > 40)
        let german = try Self.catalog("de.po")
        for id in used.sorted() {
            let translation = try #require(german[id], "po/de.po lacks \"\(id)\"")
            #expect(!translation.isEmpty, "po/de.po leaves \"\(id)\" untranslated")
            #expect(Self.placeholders(translation) == Self.placeholders(id), "\"\(translation)\" must keep the placeholders of \"\(id)\"")
        }
    }

    @Test func templateListsEveryText() throws {
        let template = try Self.catalog("gymbell.pot")
        let missing = try Self.msgidsInCode().subtracting(template.keys)
        #expect(missing.isEmpty, "po/gymbell.pot lacks \(missing.sorted())")
    }
}
