import FoundationEssentials
import GymbellCore
import GymbellFormats

/// What the Progress page's charts draw and say: each chart's drawing on a `Canvas` and the sentence a
/// screen reader gets for it, from Core's `ExerciseSeries` and `TrainingHeatMap`, in the person's unit.
struct ProgressCharts {
    let messages: Messages
    let zone: Zone
    /// The person's unit (`[kit] unit`): every weight is shown in it.
    let unit: WeightUnit

    /// "67.5 kg" from kilograms, to a tenth, in the person's unit.
    func weight(_ kilograms: Double) -> String { unit.text((kilograms / unit.kilograms(1) * 10).rounded() / 10) }

    /// A value of the line: a weight, reps or a held time.
    func value(_ value: Double, _ measure: ExerciseSeries.Measure) -> String {
        switch measure {
        case .estimatedOneRepMax: weight(value)
        case .reps: messages("{n} rep", plural: "{n} reps", count: Int(value), ["n": "\(Int(value))"])
        case .hold: LoggedSet.durationText(Int(value))
        }
    }

    func measureName(_ measure: ExerciseSeries.Measure) -> String {
        switch measure {
        case .estimatedOneRepMax: messages("estimated one-rep max")
        case .reps: messages("most reps in a set")
        case .hold: messages("longest hold")
        }
    }

    func date(_ instant: Date) -> String { messages.report.reportDate(LocalDay(containing: instant, in: zone), year: false) }

    // MARK: The line

    /// "Bench Press, estimated one-rep max: 60 kg on 3 Nov to 67.5 kg on 1 Dec".
    func lineDescription(_ series: ExerciseSeries) -> String {
        guard let first = series.points.first, let last = series.points.last else { return "" }
        let values = ["exercise": series.exercise, "measure": measureName(series.measure)]
        if series.points.count == 1 {
            return messages("{exercise}, {measure}: {value} on {date}", values.merging(
                ["value": value(first.value, series.measure), "date": date(first.at)]) { $1 })
        }
        let best = series.points.map(\.value).max() ?? last.value
        return messages("{exercise}, {measure}: {first} on {from} to {last} on {to}, best {best}", values.merging([
            "first": value(first.value, series.measure), "from": date(first.at), "last": value(last.value, series.measure),
            "to": date(last.at), "best": value(best, series.measure)]) { $1 })
    }

    func drawLine(_ series: ExerciseSeries, on canvas: Canvas) {
        let display = series.points.map { series.measure == .estimatedOneRepMax ? $0.value / unit.kilograms(1) : $0.value }
        guard let low = display.min(), let high = display.max() else { return }
        let (left, right, top, bottom) = (56.0, canvas.width - 12, 12.0, canvas.height - 22)
        let span = max(high - low, max(high * 0.05, 1))
        let floor = low - span * 0.1, ceiling = high + span * 0.1
        let y = { (value: Double) in bottom - (value - floor) / (ceiling - floor) * (bottom - top) }
        let x = { (index: Int) in display.count == 1 ? (left + right) / 2 : left + Double(index) / Double(display.count - 1) * (right - left) }
        for value in [low, high] {
            canvas.line([(left, y(value)), (right, y(value))], width: 1, .ink(0.15))
            canvas.text(self.value(series.measure == .estimatedOneRepMax ? value * unit.kilograms(1) : value, series.measure),
                        x: left - 6, y: y(value) + 4, alignedRight: true)
        }
        let points = display.indices.map { (x($0), y(display[$0])) }
        canvas.line(points, width: 2.5, .accent(1))
        for point in points { canvas.dot(x: point.0, y: point.1, radius: 3.5, .accent(1)) }
        if let first = series.points.first, let last = series.points.last {
            canvas.text(date(first.at), x: left, y: canvas.height - 4)
            if series.points.count > 1 { canvas.text(date(last.at), x: right, y: canvas.height - 4, alignedRight: true) }
        }
    }

    // MARK: The weekly bars

    func weeklyName(_ measure: ExerciseSeries.Measure) -> String {
        switch measure {
        case .estimatedOneRepMax: messages("volume per week")
        case .reps: messages("reps per week")
        case .hold: messages("time held per week")
        }
    }

    private func amount(_ week: ExerciseSeries.Week, _ measure: ExerciseSeries.Measure) -> String {
        switch measure {
        case .estimatedOneRepMax: unit.text((week.volumeKilograms / unit.kilograms(1)).rounded())
        case .reps: messages("{n} rep", plural: "{n} reps", count: week.reps, ["n": "\(week.reps)"])
        case .hold: LoggedSet.durationText(week.seconds)
        }
    }

    /// "Bench Press, volume per week, last 12 weeks: trained in 3 weeks, the most 2400 kg in the week of 24 Nov, this week 1200 kg".
    func barsDescription(_ series: ExerciseSeries) -> String {
        let trained = series.weekly.filter { $0.sets > 0 }
        let values = ["exercise": series.exercise, "measure": weeklyName(series.measure), "weeks": "\(series.weekly.count)"]
        guard let most = trained.max(by: { $0.amount(series.measure) < $1.amount(series.measure) }), let current = series.weekly.last else {
            return messages("{exercise}, {measure}, last {weeks} weeks: nothing logged", values)
        }
        let weeks = messages("{n} week", plural: "{n} weeks", count: trained.count, ["n": "\(trained.count)"])
        return messages("{exercise}, {measure}, last {weeks} weeks: trained in {trained}, the most {most} in the week of {week}, this week {current}",
                        values.merging(["trained": weeks, "most": amount(most, series.measure),
                                        "week": messages.report.reportDate(most.start, year: false), "current": amount(current, series.measure)]) { $1 })
    }

    func drawBars(_ series: ExerciseSeries, on canvas: Canvas) {
        let amounts = series.weekly.map { $0.amount(series.measure) }
        let highest = max(amounts.max() ?? 0, 1)
        let (bottom, top) = (canvas.height - 20, 8.0)
        let slot = canvas.width / Double(max(amounts.count, 1))
        for (index, amount) in amounts.enumerated() {
            let height = amount / highest * (bottom - top)
            canvas.rectangle(x: Double(index) * slot + slot * 0.15, y: bottom - max(height, 1), width: slot * 0.7, height: max(height, 1),
                             amount > 0 ? .accent(index == amounts.count - 1 ? 1 : 0.7) : .ink(0.12))
        }
        if let first = series.weekly.first { canvas.text(messages.report.reportDate(first.start, year: false), x: 2, y: canvas.height - 4) }
        canvas.text(messages("this week"), x: canvas.width - 2, y: canvas.height - 4, alignedRight: true)
    }

    // MARK: The heat map

    /// "Training calendar, last 12 weeks: 9 workouts on 8 days; this week 2" (each count in its plural form).
    func heatMapDescription(_ map: TrainingHeatMap) -> String {
        let thisWeek = map.weeks.last?.reduce(0) { $0 + $1.workouts } ?? 0
        return messages("Training calendar, last {weeks} weeks: {workouts} on {days}; this week {week}", [
            "weeks": "\(map.weeks.count)", "workouts": messages("{n} workout", plural: "{n} workouts", count: map.workouts, ["n": "\(map.workouts)"]),
            "days": messages("{n} day", plural: "{n} days", count: map.activeDays, ["n": "\(map.activeDays)"]), "week": "\(thisWeek)"])
    }

    /// One column a week, one row a weekday from the week start; darker with more workouts.
    func drawHeatMap(_ map: TrainingHeatMap, on canvas: Canvas) {
        let left = 34.0
        let cell = min((canvas.width - left) / Double(max(map.weeks.count, 1)), canvas.height / 7)
        let busiest = Double(max(map.busiestDay, 1))
        for (column, week) in map.weeks.enumerated() {
            for (row, day) in week.enumerated() {
                let paint: Canvas.Paint = day.isFuture ? .ink(0.03) : day.workouts == 0 ? .ink(0.1)
                    : .accent(0.45 + 0.55 * Double(day.workouts) / busiest)
                canvas.rectangle(x: left + Double(column) * cell + 1, y: Double(row) * cell + 1, width: cell - 2, height: cell - 2, paint)
            }
        }
        for (row, day) in (map.weeks.first ?? []).enumerated() where row % 2 == 0 {
            canvas.text(messages.report.weekdayAbbreviation(day.day.weekday), x: 0, y: Double(row) * cell + cell * 0.7, size: 10)
        }
    }
}
