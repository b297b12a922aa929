import FoundationEssentials
import GymbellCore

/// The report's charts as inline SVG, drawn here (no chart library, nothing fetched): a calendar grid
/// of coloured squares, a bar chart and a line. They take plain text (labels, tooltips) and escape it;
/// sizes are in CSS pixels. An inline `<svg>` needs no `xmlns` in an HTML document.
public enum SVGChart {
    /// One square of a calendar grid.
    public struct Cell: Sendable {
        public var column: Int
        public var row: Int
        /// Index into the palette.
        public var level: Int
        /// The tooltip.
        public var title: String
        /// Extra attributes (`data-day`), names as given, values escaped.
        public var attributes: [(name: String, value: String)]

        public init(column: Int, row: Int, level: Int, title: String, attributes: [(name: String, value: String)] = []) {
            self.column = column
            self.row = row
            self.level = level
            self.title = title
            self.attributes = attributes
        }
    }

    public static let cellGap = 3

    /// The side of a calendar square: as large as fits a 1000 px page up to 24 px, and never under 12
    /// (a year or two then scrolls or shrinks with the page).
    public static func cellSize(columns: Int) -> Int { min(24, max(12, 966 / max(columns, 1) - cellGap)) }

    /// A grid of `columns` columns × 7 rows: labels on the left (`rowLabels`, by row) and above
    /// (`columnLabels`, by column), one square per cell, coloured `palette[cell.level]`.
    public static func calendar(
        cells: [Cell], columns: Int, columnLabels: [(column: Int, text: String)], rowLabels: [(row: Int, text: String)],
        palette: [String], label: String
    ) -> String {
        let side = Self.cellSize(columns: columns)
        let left = 34
        let top = 18
        let pitch = side + cellGap
        let width = left + columns * pitch
        let height = top + 7 * pitch
        var svg = open(width: width, height: height, className: "calendar", label: label)
        for (column, text) in columnLabels {
            svg += #"<text class="axis" x="\#(left + column * pitch)" y="12">\#(HTML.escape(text))</text>"#
        }
        for (row, text) in rowLabels {
            svg += #"<text class="axis" x="0" y="\#(top + row * pitch + side / 2 + 4)">\#(HTML.escape(text))</text>"#
        }
        for cell in cells {
            let colour = palette[min(max(cell.level, 0), palette.count - 1)]
            let extra = cell.attributes.map { #" \#($0.name)="\#(HTML.escape($0.value))""# }.joined()
            svg += #"<rect x="\#(left + cell.column * pitch)" y="\#(top + cell.row * pitch)" width="\#(side)" height="\#(side)" rx="\#(side / 6)" fill="\#(colour)" data-level="\#(cell.level)"\#(extra)><title>\#(HTML.escape(cell.title))</title></rect>"#
        }
        return svg + "</svg>"
    }

    /// One bar of a bar chart.
    public struct Bar: Sendable {
        public var value: Double
        /// Under the bar; nil for none (when bars are too many to label each).
        public var label: String?
        public var title: String

        public init(value: Double, label: String?, title: String) {
            self.value = value
            self.label = label
            self.title = title
        }
    }

    /// Vertical bars from a zero line, with a scale of round numbers on the left (`tick` writes them).
    public static func bars(_ bars: [Bar], colour: String, label: String, tick: (Double) -> String) -> String {
        let left = 76
        let top = 12
        let plotHeight = 200
        let bottom = 24
        let slot = max(14, min(90, 900 / max(bars.count, 1)))
        let width = left + bars.count * slot + 24  // room for the last label
        let height = top + plotHeight + bottom
        let maximum = niceMaximum(bars.map(\.value).max() ?? 0)
        var svg = open(width: width, height: height, className: "bars", label: label)
        for step in 0...4 {
            let value = maximum * Double(step) / 4
            let y = top + plotHeight - Int((Double(plotHeight) * Double(step) / 4).rounded())
            svg += #"<line class="grid" x1="\#(left)" x2="\#(width)" y1="\#(y)" y2="\#(y)"/>"#
            svg += #"<text class="axis" x="\#(left - 6)" y="\#(y + 4)" text-anchor="end">\#(HTML.escape(tick(value)))</text>"#
        }
        for (index, bar) in bars.enumerated() {
            let x = left + index * slot + slot / 8
            let barWidth = slot - slot / 4
            let barHeight = maximum > 0 ? Int((Double(plotHeight) * max(0, bar.value) / maximum).rounded()) : 0
            svg += #"<rect class="bar" x="\#(x)" y="\#(top + plotHeight - barHeight)" width="\#(barWidth)" height="\#(barHeight)" fill="\#(colour)" data-value="\#(format(bar.value))"><title>\#(HTML.escape(bar.title))</title></rect>"#
            if let text = bar.label {
                svg += #"<text class="axis" x="\#(x + barWidth / 2)" y="\#(height - 6)" text-anchor="middle">\#(HTML.escape(text))</text>"#
            }
        }
        return svg + "</svg>"
    }

    /// A line through `values` (oldest first) with a dot on each, scaled to its own range.
    public static func line(_ values: [Double], colour: String, label: String, width: Int = 320, height: Int = 64) -> String {
        var svg = open(width: width, height: height, className: "line", label: label)
        guard let low = values.min(), let high = values.max() else { return svg + "</svg>" }
        let pad = 6.0
        let span = high - low
        let points = values.enumerated().map { index, value -> (Double, Double) in
            let x = values.count == 1 ? Double(width) / 2 : pad + (Double(width) - 2 * pad) * Double(index) / Double(values.count - 1)
            let y = span > 0 ? pad + (Double(height) - 2 * pad) * (1 - (value - low) / span) : Double(height) / 2
            return (x, y)
        }
        if points.count > 1 {
            let path = points.map { "\(format($0.0)),\(format($0.1))" }.joined(separator: " ")
            svg += #"<polyline points="\#(path)" fill="none" stroke="\#(colour)" stroke-width="2"/>"#
        }
        for point in points {
            svg += #"<circle cx="\#(format(point.0))" cy="\#(format(point.1))" r="3" fill="\#(colour)"/>"#
        }
        return svg + "</svg>"
    }

    /// The top of a scale of four equal steps that reaches `value`, each step 1, 2, 2.5 or 5 × a power
    /// of ten (12 340 → 20 000 in steps of 5 000); 4 for nothing.
    public static func niceMaximum(_ value: Double) -> Double {
        guard value > 0 else { return 4 }
        let step = value / 4
        var magnitude = 1.0
        while magnitude * 10 <= step { magnitude *= 10 }
        while magnitude > step { magnitude /= 10 }
        for factor in [1, 2, 2.5, 5] where magnitude * factor >= step { return 4 * magnitude * factor }
        return 4 * magnitude * 10
    }

    /// A coordinate or value with at most one decimal, no trailing ".0".
    static func format(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        return tenths.truncatingRemainder(dividingBy: 10) == 0 ? String(Int(tenths / 10)) : String(tenths / 10)
    }

    private static func open(width: Int, height: Int, className: String, label: String) -> String {
        #"<svg class="\#(className)" width="\#(width)" height="\#(height)" viewBox="0 0 \#(width) \#(height)" role="img" aria-label="\#(HTML.escape(label))">"#
    }
}
