import Foundation
import Testing
@testable import GymbellCore
@testable import GymbellFormats

@Suite("Training report: the HTML page")
struct ReportHTMLTests {
    static let english = ReportHTML.render(ReportFixture.report(), messages: .english)

    /// The German catalog as the daemon would load it, from po/de.po.
    static func german() throws -> Messages { try germanMessages() }

    @Test func isOneSelfContainedDocumentWithoutScriptsOrNetwork() {
        let html = Self.english
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(html.hasSuffix("</html>\n"))
        let lower = html.lowercased()
        for forbidden in ["http://", "https://", "<script", "<link", "<img", "<iframe", "@import", "url(", " src=", "javascript:"] {
            #expect(!lower.contains(forbidden), "the page must not contain \(forbidden)")
        }
        #expect(html.contains("<style>") && html.contains("<svg class=\"calendar\""))
    }

    @Test func tagsBalance() throws {
        try expectBalanced(Self.english)
        try expectBalanced(ReportHTML.render(hostileReport(), messages: .english))
        let empty = TrainingReport(history: [], sets: [], program: [:], weeks: 12, now: ReportFixture.now, timeZone: berlin)
        try expectBalanced(ReportHTML.render(empty, messages: .english))
    }

    @Test func calendarHasASquarePerDayColouredByItsStep() {
        let html = Self.english
        #expect(html.components(separatedBy: "<rect x=").count - 1 == 17)
        #expect(html.contains(##"fill="#9be9a8" data-level="1" data-day="2026-03-02" data-sessions="1" data-sets="5"><title>Mon 2 Mar 2026: 1 session (Push Day), 5 sets</title>"##))
        #expect(html.contains(##"fill="#40c463" data-level="2" data-day="2026-03-16" data-sessions="1" data-sets="7">"##))
        #expect(html.contains(#"data-day="2026-03-10" data-sessions="0" data-sets="0"><title>Tue 10 Mar 2026: no session</title>"#))
        #expect(!html.contains("2026-03-19"))  // tomorrow is not drawn
        #expect(html.contains(">Mar</text>") && html.contains(">Mon</text>") && html.contains(">Fri</text>"))
    }

    @Test func volumeChartHasABarPerWeek() {
        let html = Self.english
        #expect(html.components(separatedBy: #"<rect class="bar""#).count - 1 == 3)
        #expect(html.contains(#"data-value="5060.6"><title>Week of Mon 2 Mar 2026: 5 061 kg, 7 sets</title>"#.replacingOccurrences(of: "5 061", with: "5\u{202F}061")))
        #expect(html.contains(#"data-value="1470">"#))
        #expect(html.contains(">8\u{202F}000 kg</text>"))  // the scale's top
    }

    @Test func recordsTableRowsLinkToEachExercisesSection() {
        let html = Self.english
        #expect(html.contains(##"<tr><td><a href="#exercise-bench-press">Bench Press</a></td><td>8 × 105 kg</td><td class="number">133 kg</td><td><time datetime="2026-03-09">9 Mar 2026</time></td></tr>"##))
        #expect(html.contains(##"<tr><td><a href="#exercise-squat">Squat</a></td><td>5 × 235 lb</td><td class="number">274.2 lb</td>"##))
        #expect(html.contains(#"<section class="exercise" id="exercise-bench-press">"#))
        #expect(html.contains(#"<section class="exercise" id="exercise-deadlift">"#))
        #expect(html.contains("<li>9 Mar 2026: 8 × 105 kg (before: 8 × 102.5 kg)</li>"))
        #expect(html.contains("<li>Heaviest set: 3 × 110 kg on 18 Mar 2026</li>"))
    }

    @Test func streakCardsShowTheNumbers() {
        let html = Self.english
        #expect(html.contains(#"<div class="card" id="current-streak"><div class="label">Current streak</div><div class="value">2 training days</div></div>"#))
        #expect(html.contains(#"id="longest-streak"><div class="label">Longest streak</div><div class="value">5 training days</div>"#))
        #expect(html.contains(#"<div class="value">2 sessions</div>"#) && html.contains(#"<div class="value">7 sessions</div>"#))
        // Every set up to now: 720 + 5 060.6 + 1 470 + 4 728.9 kg, as `gymbell stats` counts it.
        #expect(html.contains("id=\"lifted-in-total\"><div class=\"label\">Lifted in total</div><div class=\"value\">11\u{202F}980 kg</div>"))
        #expect(html.contains("The last 3 weeks, up to 18 Mar 2026"))
        #expect(html.contains("Made by gymbell on 18 Mar 2026 at 20:00 (Europe/Berlin)."))
    }

    func hostileReport() -> TrainingReport {
        let evil = #"<script>alert("pwned")</script> & 'Co'"#
        let start = ReportFixture.now.addingTimeInterval(-3600)
        let history = [HistoryEntry(id: SessionID("x"), workout: "x", title: "</title><script>t()</script>", kind: .strength, startedAt: start, outcome: .completed)]
        let sets = [ReportFixture.sets("s1", evil, 1, reps: 5, weight: 50), ReportFixture.sets("s4", evil, 1, reps: 5, weight: 60)].flatMap { $0 }
        return TrainingReport(history: ReportFixture.history + history, sets: sets, program: [:], weeks: 3, now: ReportFixture.now, timeZone: berlin)
    }

    @Test func userTextIsEscaped() throws {
        let html = ReportHTML.render(hostileReport(), messages: .english)
        #expect(!html.lowercased().contains("<script"))
        #expect(!html.contains("alert(\""))
        #expect(html.contains("&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt; &amp; &#39;Co&#39;"))
        #expect(html.contains("&lt;/title&gt;&lt;script&gt;t()&lt;/script&gt;"))
        #expect(html.contains(#"id="exercise-script-alert-pwned-script-co""#))
        #expect(HTML.escape(#"a<b>&"c"'d"#) == "a&lt;b&gt;&amp;&quot;c&quot;&#39;d")
    }

    @Test func germanPageHasGermanTexts() throws {
        let html = ReportHTML.render(ReportFixture.report(), messages: try Self.german())
        #expect(html.contains(#"<html lang="de">"#))
        for german in [
            "Dein Training", "Die letzten 3 Wochen, bis 18. März 2026", "Aktuelle Serie", "Längste Serie", "2 Trainingstage",
            "Trainingskalender", "Volumen pro Woche", "Persönliche Rekorde", "<th>Übung</th>", "Geschätztes 1RM",
            "Mo, 2. März 2026: 1 Einheit (Push Day), 5 Sätze", ">Mi</text>",
            "Schwerster Satz: 3 × 110 kg am 18. März 2026", "Weniger", "Mehr",
        ] {
            #expect(html.contains(german), "the German page lacks \(german)")
        }
        for english in ["Training calendar", "Personal records", "Current streak", " sessions", "Less", ">Mar<"] {
            #expect(!html.contains(english), "the German page still says \(english)")
        }
        try expectBalanced(html)
    }

    @Test func anEmptyLogSaysHowToFillIt() {
        let empty = TrainingReport(history: [], sets: [], program: [:], weeks: 12, now: ReportFixture.now, timeZone: berlin)
        let html = ReportHTML.render(empty, messages: .english)
        #expect(html.contains("No sessions in these weeks yet."))
        #expect(html.contains("No weights lifted in these weeks yet."))
        #expect(html.contains("No sets logged yet."))
        #expect(!html.contains("<table>") && !html.contains(#"<section id="exercises">"#))
        #expect(html.components(separatedBy: "<rect x=").count - 1 == 11 * 7 + 3)
    }
}

/// Every element opened is closed, in order (void elements and `<… />` aside); the text of
/// `<style>` and `<title>` is not markup.
func expectBalanced(_ html: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let void: Set<String> = ["meta", "br", "hr", "img", "link", "input", "col", "area", "base", "wbr", "source"]
    var open: [String] = []
    var rest = Substring(html)
    while let lt = rest.firstIndex(of: "<") {
        rest = rest[lt...]
        if rest.hasPrefix("<!") {
            rest = rest[(rest.firstIndex(of: ">").map { rest.index(after: $0) } ?? rest.endIndex)...]
            continue
        }
        let gt = try #require(rest.firstIndex(of: ">"), "an unclosed tag", sourceLocation: sourceLocation)
        let tag = rest[rest.index(after: lt)..<gt]
        rest = rest[rest.index(after: gt)...]
        if tag.hasPrefix("/") {
            let name = String(tag.dropFirst()).lowercased()
            #expect(open.popLast() == name, "</\(name)> closes \(open.last ?? "nothing")", sourceLocation: sourceLocation)
            continue
        }
        let name = String(tag.prefix { !$0.isWhitespace && $0 != "/" }).lowercased()
        #expect(!name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber }, "odd tag <\(tag)>", sourceLocation: sourceLocation)
        if tag.hasSuffix("/") || void.contains(name) { continue }
        if name == "style" || name == "title", open.last != "svg", open.last != "rect" {
            let end = try #require(rest.range(of: "</\(name)>"), "<\(name)> is never closed", sourceLocation: sourceLocation)
            #expect(!rest[..<end.lowerBound].contains("<"), "markup inside <\(name)>", sourceLocation: sourceLocation)
            rest = rest[end.upperBound...]
            continue
        }
        open.append(name)
    }
    #expect(open.isEmpty, "never closed: \(open)", sourceLocation: sourceLocation)
}

/// Issue 44: each AMRAP workout's most rounds, from the history, as a table of its own.
@Suite("Training report: most rounds")
struct ReportRoundsTests {
    static func amrap(_ id: String, rounds: Int, daysBefore: Double, outcome: HistoryEntry.Outcome = .completed, title: String = "AMRAP <12>")
        -> HistoryEntry
    {
        let start = ReportFixture.now.addingTimeInterval(-daysBefore * 86_400)
        return HistoryEntry(
            id: SessionID(id), workout: "amrap", title: title, kind: .circuit, startedAt: start, endedAt: start.addingTimeInterval(720),
            outcome: outcome, rounds: rounds, amrap: true)
    }

    @Test func theMostRoundsOfEachAmrapAreListedEscapedAndBalanced() throws {
        let history = [
            Self.amrap("a", rounds: 6, daysBefore: 9), Self.amrap("b", rounds: 8, daysBefore: 5),
            Self.amrap("c", rounds: 11, daysBefore: 2, outcome: .stopped),  // cut short: no record
            HistoryEntry(id: SessionID("d"), workout: "body", title: "Full body", kind: .circuit, startedAt: ReportFixture.now.addingTimeInterval(-86_400),
                         outcome: .completed, rounds: 3),  // a circuit's rounds are its plan's
        ]
        let report = TrainingReport(history: history, sets: [], program: [:], weeks: 4, now: ReportFixture.now, timeZone: berlin)
        #expect(report.rounds.map(\.rounds) == [8])
        let html = ReportHTML.render(report, messages: .english)
        try expectBalanced(html)
        #expect(html.contains(#"<section id="rounds">"#) && html.contains("<h2>Most rounds</h2>"))
        #expect(html.contains(#"<tr><td>AMRAP &lt;12&gt;</td><td class="number">8</td>"#))
        let german = ReportHTML.render(report, messages: try germanMessages())
        #expect(german.contains("<h2>Meiste Runden</h2>"))
        let none = TrainingReport(history: [], sets: [], program: [:], weeks: 4, now: ReportFixture.now, timeZone: berlin)
        #expect(!ReportHTML.render(none, messages: .english).contains(#"id="rounds""#))
    }
}
