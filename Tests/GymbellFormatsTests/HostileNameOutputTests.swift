import Foundation
import Testing

@testable import GymbellCore
@testable import GymbellFormats

/// Issue 42, item 5: every output gymbell writes names into is safe with the same hostile names — a
/// name stored by an older build, or by a door that let it through. Terminal: no raw control character;
/// notification markup and HTML: escaped, nothing markup cannot hold; CSV: no cell a spreadsheet runs
/// as a formula, and gymbell's import gives the names back; iCalendar: escaped and folded; JSON: valid
/// UTF-8 that decodes to the same names. (The bus: GymbellBusTests' DBusMessageCodingTests.)
@Suite("Hostile names in every output")
struct HostileNameOutputTests {
    static let names: [String] = [
        "Bench\u{0}Press", "Tab\there\u{7}\u{8}\u{B}\u{C}\u{1F}\u{7F}\u{85}\u{9B}31m", "Red \u{1B}[31mALERT\u{1B}[0m \u{1B}]0;title\u{7}",
        "Line\nbreak\r\nand\rCR", "\u{202E}sserP hcneB", "\u{2066}iso\u{2069} \u{200F}mark \u{2028}sep",
        "=HYPERLINK(\"http://x\")", "+1+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1", "'=already quoted", "''@twice",
        "<script>alert(1)</script>", "&amp; &lt; & ;", "x\"\u{301} onload=\"y", "<\u{338}b>",
        String(repeating: "Ω", count: 200), "Ω≈ç√ 🏋", "",
        // Noncharacters (Swift's literals refuse U+FFFE and U+FFFF).
        String(String.UnicodeScalarView([0xFFFE, 0xFFFF, 0xFDD0].compactMap(Unicode.Scalar.init))),
    ]

    static let start = Date(timeIntervalSince1970: 1_793_000_000)

    @Test(arguments: names)
    func theTerminalShowsEveryCharacterAndRunsNone(name: String) {
        let shown = TerminalText.escaped(name)
        #expect(!shown.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(shown.debugDescription)")
        #expect(!shown.unicodeScalars.contains { TerminalText.isBidiControl($0) || $0 == "\u{2028}" || $0 == "\u{2029}" })
        // Nothing is lost: a name without those characters is shown as it is.
        if !name.unicodeScalars.contains(where: TerminalText.needsEscape) { #expect(shown == name) }
    }

    @Test(arguments: names)
    func notificationMarkupAndHTMLAreEscaped(name: String) {
        for (output, escaped) in [("markup", BodyMarkup.escape(name)), ("html", HTML.escape(name))] {
            #expect(!escaped.unicodeScalars.contains { $0 == "<" || $0 == ">" }, "\(output): \(escaped.debugDescription)")
            #expect(!escaped.unicodeScalars.contains(where: MarkupText.isForbidden), "\(output): \(escaped.debugDescription)")
            #expect(Self.ampersandsAreEntities(escaped), "\(output): \(escaped.debugDescription)")
        }
        let html = HTML.escape(name)
        #expect(!html.unicodeScalars.contains { $0 == "\"" || $0 == "'" }, "an attribute value cannot be closed: \(html.debugDescription)")
        // What a parser decodes is the name (with U+FFFD for what markup cannot hold).
        let decoded = Self.decodingEntities(html)
        let expected = String(String.UnicodeScalarView(name.unicodeScalars.map { MarkupText.isForbidden($0) ? "\u{FFFD}" : $0 }))
        #expect(decoded == expected)
    }

    @Test(arguments: names)
    func theCalendarEscapesAndFolds(name: String) {
        let line = ICalendarExport.folded("SUMMARY:" + ICalendarExport.escaped(name))
        for physical in line.components(separatedBy: "\r\n") {
            #expect(physical.utf8.count <= 75)
            #expect(!physical.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F }, "\(physical.debugDescription)")
        }
        let value = ICalendarExport.escaped(name)
        // Every ; , and \ of the name is escaped: a name cannot end the value or add a property.
        var unescaped = value.replacingOccurrences(of: "\\\\", with: "").replacingOccurrences(of: "\\;", with: "")
        unescaped = unescaped.replacingOccurrences(of: "\\,", with: "")
        #expect(!unescaped.contains(";") && !unescaped.contains(","))
    }

    @Test func theCSVGuardsFormulasAndGymbellsImportReadsItBack() throws {
        let session = SessionID("=cmd|' /C calc'!A0")
        let entry = HistoryEntry(id: session, workout: "@push", title: "=HYPERLINK(\"http://x\",\"click\")", kind: .strength,
                                 startedAt: Self.start, endedAt: Self.start.addingTimeInterval(3000), outcome: .completed, setsDone: 1)
        // Names a spreadsheet would run (no control characters: those are cleaned at the import's door).
        let hostile = Self.names.filter { !$0.isEmpty && !$0.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) } }
            + ["+SUM(1)", "-1", "@x", "'", "'x", "''", "'+", "Ω≈ç√ 🏋"]
        let sets = hostile.enumerated().map { index, name in
            // Issue 44: timed sets, warm-ups and RPE among them come back too.
            LoggedSet(session: session, workout: "@push", exercise: name, setNumber: index + 1, reps: index % 2 == 0 ? nil : 5, weight: 60,
                      at: Self.start.addingTimeInterval(Double(60 * (index + 1))), seconds: index % 2 == 0 ? 30 + index : nil,
                      warmUp: index % 3 == 0, rpe: index % 4 == 1 ? 7.5 : nil)
        }
        let text = SetLogCSV.text(sets, sessions: [entry])
        let table = try #require(CSVText.read(text))
        for record in table.records {
            for (column, cell) in zip(table.header, record.fields) {
                let first = cell.unicodeScalars.first
                #expect(first.map { !"=+-@\t\r".unicodeScalars.contains($0) } ?? true, "\(column): \(cell.debugDescription)")
            }
        }
        let log = try TrainingImport.read(text, options: .init(timeZone: .utc, now: Self.start.addingTimeInterval(86_400)))
        #expect(log.format == .gymbell && log.skipped.isEmpty)
        #expect(log.sessions.count == 1)
        #expect(log.sessions.first?.entry.id == session)
        #expect(log.sessions.first?.entry.title == entry.title)
        // Read back unchanged, but for the control characters the import door cleans (RecordBounds).
        #expect(log.sessions.first?.sets.map(\.exercise) == hostile.map(RecordBounds.cleaned))
        #expect(log.sessions.first?.sets.map(\.workout) == sets.map(\.workout))
        let cleaned = sets.map { set in
            var set = set
            set.exercise = RecordBounds.cleaned(set.exercise)
            return set
        }
        #expect(log.sessions.first?.sets == cleaned)
    }

    @Test(arguments: [
        ("=1+1", "'=1+1"), ("+1", "'+1"), ("-1", "'-1"), ("@A1", "'@A1"), ("\t=1", "'\t=1"), ("\r=1", "'\r=1"),
        ("'=1", "''=1"), ("'", "'"), ("'x", "'x"), ("Bench", "Bench"), ("", ""), ("a=1", "a=1"),
    ])
    func aFormulaCellGetsOneQuoteThatGymbellTakesOff(text: String, guarded: String) {
        #expect(CSVText.formulaGuarded(text) == guarded)
        #expect(CSVText.formulaUnguarded(guarded) == text)
    }

    @Test func jsonIsValidUTF8ThatDecodesToTheSameNames() throws {
        let sets = Self.names.enumerated().map { index, name in
            LoggedSet(session: SessionID("s\(index)"), workout: name, exercise: name, setNumber: 1, reps: 5, weight: 60,
                      at: Self.start, id: Int64(index + 1))
        }
        let text = LoggedSet.jsonText(sets)
        #expect(String(validating: Array(text.utf8), as: UTF8.self) != nil)
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 }, "control characters are escaped in JSON strings")
        #expect(try LoggedSet.decode(jsonText: text).map(\.exercise) == Self.names)
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]]
        #expect(parsed?.compactMap { $0["exercise"] as? String } == Self.names)
    }

    static let entities: [(String, Unicode.Scalar)] = [("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'")]

    /// Whether each `&` starts one of the entities every markup parser decodes (by scalar, as parsers read:
    /// a combining mark after `;` must not hide an entity's end).
    static func ampersandsAreEntities(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        return scalars.indices.allSatisfy { index in
            scalars[index] != "&" || entities.contains { scalars[index...].starts(with: $0.0.unicodeScalars) }
        }
    }

    /// `text` with the entities decoded, scalar by scalar.
    static func decodingEntities(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if let (entity, scalar) = entities.first(where: { scalars[index...].starts(with: $0.0.unicodeScalars) }) {
                result.append(scalar)
                index += entity.unicodeScalars.count
            } else {
                result.append(scalars[index])
                index += 1
            }
        }
        return String(result)
    }
}
