import Foundation
import GymbellCore
@_exported import GymbellTimeSupport

/// The German catalog as the daemon would load it, from po/de.po (read as GymbellCoreTests'
/// TranslationCatalogTests reads it: single-line strings, German's plural rule).
func germanMessages() throws -> Messages {
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let text = try String(contentsOf: repository.appendingPathComponent("po/de.po"), encoding: .utf8)
    let unquote = { (text: Substring) in
        String(text.dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\\\", with: "\\")
    }
    var translations: [String: [String]] = [:]
    var msgid = ""
    for line in text.split(separator: "\n") {
        if line.hasPrefix("msgid \"") {
            msgid = unquote(line.dropFirst(6))
        } else if line.hasPrefix("msgstr"), !msgid.isEmpty, let quote = line.firstIndex(of: "\"") {
            translations[msgid, default: []].append(unquote(line[quote...]))
        }
    }
    let catalog = translations
    return Messages(
        translate: { catalog[$0]?.first ?? $0 },
        plural: { singular, plural, count in
            guard let forms = catalog[singular], forms.count == 2 else { return count == 1 ? singular : plural }
            return forms[count == 1 ? 0 : 1]
        })
}
