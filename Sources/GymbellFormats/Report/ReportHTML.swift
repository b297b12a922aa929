import FoundationEssentials
import GymbellCore

/// `gymbell report`'s page: one self-contained HTML document (inline CSS and SVG; no script, nothing
/// fetched) that shows a `TrainingReport` in the language of `messages`. User text (exercise names,
/// workout titles) is escaped wherever it goes.
public enum ReportHTML {
    /// The calendar's colours, from no session to the most sets (GitHub's greens).
    public static let calendarPalette = ["#ebedf0", "#9be9a8", "#40c463", "#30a14e", "#216e39"]
    public static let barColour = "#3b6fd4"
    public static let lineColour = "#d9534f"

    public static func render(_ report: TrainingReport, messages: Messages) -> String {
        let texts = messages.report
        var html = """
            <!DOCTYPE html>
            <html lang="\(HTML.escape(texts.reportLanguage))">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(HTML.escape(texts.reportTitle))</title>
            <style>\(style)</style>
            </head>
            <body>
            <header>
            <h1>\(HTML.escape(texts.reportHeading))</h1>
            <p class="range">\(HTML.escape(texts.reportRange(weeks: report.weeks, until: report.today)))</p>
            </header>
            <main>

            """
        html += streaks(report, texts)
        html += calendar(report, texts)
        html += volume(report, texts)
        html += records(report, texts)
        html += holds(report, texts)
        html += rounds(report, texts)
        html += exercises(report, texts)
        html += """
            </main>
            <footer><p>\(HTML.escape(texts.reportMade(at: report.now, in: report.timeZone)))</p></footer>
            </body>
            </html>

            """
        return html
    }

    static func streaks(_ report: TrainingReport, _ texts: ReportTexts) -> String {
        let stats = report.stats
        var cards = [
            ("current-streak", texts.currentStreakLabel, texts.trainingDays(stats.streak)),
            ("longest-streak", texts.longestStreakLabel, texts.trainingDays(report.longestStreak)),
            ("this-week", texts.thisWeekLabel, texts.sessions(stats.sessionsThisWeek)),
            ("this-month", texts.thisMonthLabel, texts.sessions(stats.sessionsThisMonth)),
            ("workouts-completed", texts.workoutsCompletedLabel, String(stats.workoutsCompleted)),
            ("lifted-in-total", texts.liftedInTotalLabel, ReportTexts.kilograms(stats.volumeKilograms)),
        ]
        if let reminders = stats.reminders, reminders.reminders > 0 {
            cards.append(("reminders-started", texts.remindersLabel(days: reminders.days), texts.remindersStarted(reminders)))
        }
        var html = #"<section id="streaks">"# + "\n<h2>\(HTML.escape(texts.streaksHeading))</h2>\n<div class=\"cards\">\n"
        for (id, label, value) in cards {
            html += #"<div class="card" id="\#(id)"><div class="label">\#(HTML.escape(label))</div><div class="value">\#(HTML.escape(value))</div></div>"# + "\n"
        }
        return html + "</div>\n" + note(texts.streaksNote) + "</section>\n"
    }

    static func calendar(_ report: TrainingReport, _ texts: ReportTexts) -> String {
        var cells: [SVGChart.Cell] = []
        var columnLabels: [(column: Int, text: String)] = []
        var lastLabelled = -4
        var lastMonth = 0
        for week in 0..<report.weeks {
            let days = report.days(ofWeek: week)
            for (row, day) in days.enumerated() {
                cells.append(SVGChart.Cell(
                    column: week, row: row, level: day.level, title: texts.calendarDay(day),
                    attributes: [("data-day", day.day.description), ("data-sessions", String(day.sessions)), ("data-sets", String(day.sets))]))
            }
            // A month's name over the first week that begins in it (and the first column), not crowded.
            let month = report.firstDay.adding(days: 7 * week).civil.month
            if month != lastMonth, week - lastLabelled >= 3 {
                columnLabels.append((week, texts.monthAbbreviation(month)))
                lastLabelled = week
            }
            lastMonth = month
        }
        let rowLabels = [(0, Weekday.mon), (2, Weekday.wed), (4, Weekday.fri)].map { (row: $0.0, text: texts.weekdayAbbreviation($0.1)) }
        var html = #"<section id="calendar">"# + "\n<h2>\(HTML.escape(texts.calendarHeading))</h2>\n<div class=\"chart\">"
        html += SVGChart.calendar(
            cells: cells, columns: report.weeks, columnLabels: columnLabels, rowLabels: rowLabels, palette: calendarPalette,
            label: texts.calendarHeading)
        html += "</div>\n<div class=\"legend\">\(HTML.escape(texts.calendarLess)) "
        for (level, colour) in calendarPalette.enumerated() {
            html += #"<span class="swatch" data-level="\#(level)" style="background:\#(colour)"></span>"#
        }
        html += " \(HTML.escape(texts.calendarMore))</div>\n"
        if !report.days.contains(where: { $0.level > 0 }) { html += note(texts.calendarEmpty) }
        return html + note(texts.calendarNote) + "</section>\n"
    }

    static func volume(_ report: TrainingReport, _ texts: ReportTexts) -> String {
        var html = #"<section id="volume">"# + "\n<h2>\(HTML.escape(texts.volumeHeading))</h2>\n"
        guard report.weekly.contains(where: { $0.volumeKilograms > 0 }) else {
            return html + note(texts.volumeEmpty) + note(texts.volumeNote) + "</section>\n"
        }
        let every = max(1, (report.weeks + 11) / 12)
        let bars = report.weekly.enumerated().map { index, week in
            SVGChart.Bar(
                value: week.volumeKilograms,
                label: (report.weeks - 1 - index) % every == 0 ? texts.reportDate(week.monday, year: false) : nil,
                title: texts.volumeWeek(week))
        }
        html += "<div class=\"chart\">"
        html += SVGChart.bars(bars, colour: barColour, label: texts.volumeHeading, tick: ReportTexts.kilograms)
        return html + "</div>\n" + note(texts.volumeNote) + "</section>\n"
    }

    static func records(_ report: TrainingReport, _ texts: ReportTexts) -> String {
        var html = #"<section id="records">"# + "\n<h2>\(HTML.escape(texts.recordsHeading))</h2>\n"
        guard !report.exercises.isEmpty else { return html + note(texts.recordsEmpty) + "</section>\n" }
        html += "<table>\n<thead><tr>"
        for header in [texts.recordsExerciseColumn, texts.recordsBestSetColumn, texts.recordsOneRepMaxColumn, texts.recordsDateColumn] {
            html += "<th>\(HTML.escape(header))</th>"
        }
        html += "</tr></thead>\n<tbody>\n"
        for summary in report.exercises {
            let day = LocalDay(containing: summary.best.at, in: report.timeZone)
            html += "<tr>"
            html += ##"<td><a href="#\##(HTML.escape(summary.anchor))">\##(HTML.escape(summary.exercise))</a></td>"##
            html += "<td>\(HTML.escape(summary.best.loadText))</td>"
            html += #"<td class="number">\#(HTML.escape(ReportTexts.oneRepMax(summary)))</td>"#
            html += #"<td><time datetime="\#(day.description)">\#(HTML.escape(texts.reportDate(day)))</time></td>"#
            html += "</tr>\n"
        }
        return html + "</tbody>\n</table>\n" + note(texts.recordsNote) + "</section>\n"
    }

    /// The longest hold of each timed exercise (a plank: "1 min 30 s"); nothing when none was logged.
    static func holds(_ report: TrainingReport, _ texts: ReportTexts) -> String {
        bestsTable(
            id: "holds", heading: texts.holdsHeading, columns: [texts.recordsExerciseColumn, texts.holdsColumn, texts.recordsDateColumn],
            rows: report.holds.map { (HTML.escape($0.exercise), HTML.escape($0.loadText), $0.at) }, note: texts.holdsNote, report, texts)
    }

    /// Each AMRAP workout's most rounds; nothing when none was completed.
    static func rounds(_ report: TrainingReport, _ texts: ReportTexts) -> String {
        bestsTable(
            id: "rounds", heading: texts.roundsHeading, columns: [texts.roundsWorkoutColumn, texts.roundsColumn, texts.recordsDateColumn],
            rows: report.rounds.map { (HTML.escape($0.title), "\($0.rounds)", $0.startedAt) }, note: texts.roundsNote, report, texts)
    }

    /// A section of bests, a row each: what (escaped), its figure (escaped), the day it was set; nothing
    /// without rows.
    private static func bestsTable(
        id: String, heading: String, columns: [String], rows: [(name: String, figure: String, at: Date)], note text: String,
        _ report: TrainingReport, _ texts: ReportTexts
    ) -> String {
        guard !rows.isEmpty else { return "" }
        var html = #"<section id="\#(id)">"# + "\n<h2>\(HTML.escape(heading))</h2>\n<table>\n<thead><tr>"
        for header in columns { html += "<th>\(HTML.escape(header))</th>" }
        html += "</tr></thead>\n<tbody>\n"
        for row in rows {
            let day = LocalDay(containing: row.at, in: report.timeZone)
            html += "<tr><td>\(row.name)</td>"
            html += #"<td class="number">\#(row.figure)</td>"#
            html += #"<td><time datetime="\#(day.description)">\#(HTML.escape(texts.reportDate(day)))</time></td></tr>"# + "\n"
        }
        return html + "</tbody>\n</table>\n" + note(text) + "</section>\n"
    }

    static func exercises(_ report: TrainingReport, _ texts: ReportTexts) -> String {
        guard !report.exercises.isEmpty else { return "" }
        var html = #"<section id="exercises">"# + "\n<h2>\(HTML.escape(texts.exercisesHeading))</h2>\n"
        for summary in report.exercises {
            let day = { (set: LoggedSet) in LocalDay(containing: set.at, in: report.timeZone) }
            html += #"<section class="exercise" id="\#(HTML.escape(summary.anchor))">"# + "\n"
            html += "<h3>\(HTML.escape(summary.exercise))</h3>\n<ul class=\"facts\">\n"
            html += "<li>\(HTML.escape(texts.bestSetLine(summary, on: day(summary.best))))</li>\n"
            html += "<li>\(HTML.escape(texts.heaviestSetLine(summary.heaviest, on: day(summary.heaviest))))</li>\n"
            html += "<li>\(HTML.escape(texts.rangeLine(sets: summary.setsInRange, volumeKilograms: summary.volumeInRangeKilograms)))</li>\n"
            html += "</ul>\n"
            if summary.progression.count > 1 {
                html += "<figure><div class=\"chart\">"
                html += SVGChart.line(summary.progression.map(\.kilograms), colour: lineColour, label: texts.progressionLabel)
                html += "</div><figcaption>\(HTML.escape(texts.progressionLabel))</figcaption></figure>\n"
            }
            html += "<h4>\(HTML.escape(texts.recordsHeading))</h4>\n"
            if summary.records.isEmpty {
                html += note(texts.noRecordYet)
            } else {
                html += "<ul class=\"records\">\n"
                for record in summary.records.reversed() {
                    html += "<li>\(HTML.escape(texts.recordLine(record, on: day(record.set))))</li>\n"
                }
                html += "</ul>\n"
            }
            html += ##"<p class="back"><a href="#records">"## + "↑ \(HTML.escape(texts.backToRecords))</a></p>\n</section>\n"
        }
        return html + "</section>\n"
    }

    static func note(_ text: String) -> String { "<p class=\"note\">\(HTML.escape(text))</p>\n" }

    /// The page's whole style: system fonts, a light page, charts that shrink to fit.
    static let style = """

        body { margin: 0; font-family: system-ui, "DejaVu Sans", sans-serif; color: #1f2328; background: #ffffff; line-height: 1.45; }
        header, main, footer { max-width: 1080px; margin: 0 auto; padding: 0 24px; }
        header { padding-top: 24px; }
        h1 { font-size: 30px; margin: 0 0 4px; }
        h2 { font-size: 22px; margin: 32px 0 12px; border-bottom: 1px solid #d0d7de; padding-bottom: 4px; }
        h3 { font-size: 19px; margin: 24px 0 6px; }
        h4 { font-size: 15px; margin: 12px 0 4px; }
        .range { color: #57606a; margin: 0; font-size: 17px; }
        .cards { display: flex; flex-wrap: wrap; gap: 12px; }
        .card { border: 1px solid #d0d7de; border-radius: 8px; padding: 10px 16px; min-width: 170px; }
        .card .label { color: #57606a; font-size: 15px; }
        .card .value { font-size: 24px; font-weight: 600; }
        .chart { overflow-x: auto; }
        svg { display: block; max-width: 100%; height: auto; }
        svg text { font: 12px system-ui, "DejaVu Sans", sans-serif; fill: #57606a; }
        svg rect { shape-rendering: crispEdges; }
        svg .grid { stroke: #d0d7de; stroke-width: 1; shape-rendering: crispEdges; }
        .legend { display: flex; align-items: center; gap: 4px; font-size: 13px; color: #57606a; margin-top: 6px; }
        .swatch { display: inline-block; width: 14px; height: 14px; border-radius: 2px; }
        .note { color: #57606a; font-size: 14px; }
        table { border-collapse: collapse; font-size: 16px; }
        th, td { text-align: left; padding: 6px 18px 6px 0; border-bottom: 1px solid #d0d7de; }
        td.number { font-variant-numeric: tabular-nums; }
        a { color: #0969da; text-decoration: none; }
        a:hover { text-decoration: underline; }
        section.exercise { padding: 2px 12px 8px; border-radius: 8px; }
        section.exercise:target { background: #fff8c5; outline: 2px solid #d4a72c; }
        ul.facts, ul.records { margin: 4px 0; padding-left: 20px; }
        figure { margin: 8px 0; }
        figcaption { color: #57606a; font-size: 13px; }
        .back { font-size: 13px; margin: 6px 0 0; }
        footer { color: #57606a; font-size: 13px; padding-top: 24px; padding-bottom: 24px; }

        """
}
