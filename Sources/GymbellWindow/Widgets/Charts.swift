import CAdw

/// Where a chart draws: a cairo context behind typed calls (the pages never see it), in the widget's
/// own coordinates. Colours are the theme's text colour (`ink`, at an opacity) or the accent.
struct Canvas {
    fileprivate let cairo: OpaquePointer
    let width: Double
    let height: Double
    /// The widget's text colour (dark or light with the style).
    fileprivate let foreground: (red: Double, green: Double, blue: Double)

    enum Paint { case ink(Double), accent(Double) }

    func use(_ paint: Paint) {
        switch paint {
        case .ink(let alpha): cairo_set_source_rgba(cairo, foreground.red, foreground.green, foreground.blue, alpha)
        case .accent(let alpha): cairo_set_source_rgba(cairo, 0.21, 0.52, 0.89, alpha)  // GNOME's blue 3
        }
    }

    func rectangle(x: Double, y: Double, width: Double, height: Double, _ paint: Paint) {
        use(paint)
        cairo_rectangle(cairo, x, y, width, height)
        cairo_fill(cairo)
    }

    /// A line through `points`, `width` thick.
    func line(_ points: [(x: Double, y: Double)], width: Double, _ paint: Paint) {
        guard let first = points.first else { return }
        use(paint)
        cairo_set_line_width(cairo, width)
        cairo_move_to(cairo, first.x, first.y)
        for point in points.dropFirst() { cairo_line_to(cairo, point.x, point.y) }
        cairo_stroke(cairo)
    }

    func dot(x: Double, y: Double, radius: Double, _ paint: Paint) {
        use(paint)
        cairo_arc(cairo, x, y, radius, 0, 2 * Double.pi)
        cairo_fill(cairo)
    }

    /// `text` with its baseline at `y`, starting at `x` (`alignedRight`: ending there).
    func text(_ text: String, x: Double, y: Double, size: Double = 11, alignedRight: Bool = false, _ paint: Paint = .ink(0.7)) {
        use(paint)
        cairo_select_font_face(cairo, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cairo, size)
        var extents = cairo_text_extents_t()
        cairo_text_extents(cairo, text, &extents)
        cairo_move_to(cairo, alignedRight ? x - extents.x_advance : x, y)
        cairo_show_text(cairo, text)
    }
}

/// A picture drawn in code (GtkDrawingArea): `draw` paints it whenever GTK asks. A screen reader gets
/// its accessible name and a description that says in words what it shows.
final class ChartArea: Widget {
    private final class Painter {
        var draw: (Canvas) -> Void = { _ in }
    }

    private let painter = Painter()

    init(accessibleName: String, height: Int32) {
        super.init(gtk_drawing_area_new()!)
        setAccessibleName(accessibleName)
        gtk_drawing_area_set_content_height(object(), height)
        gtk_widget_set_hexpand(pointer, 1)
        let box = Unmanaged.passRetained(painter).toOpaque()
        gtk_drawing_area_set_draw_func(object(), { area, cairo, width, height, data in
            guard let area, let cairo, let data else { return }
            var color = GdkRGBA()
            gtk_style_context_get_color(gtk_widget_get_style_context(UnsafeMutableRawPointer(area).assumingMemoryBound(to: GtkWidget.self)), &color)
            let canvas = Canvas(cairo: cairo, width: Double(width), height: Double(height),
                                foreground: (Double(color.red), Double(color.green), Double(color.blue)))
            Unmanaged<Painter>.fromOpaque(data).takeUnretainedValue().draw(canvas)
        }, box, { data in
            if let data { Unmanaged<Painter>.fromOpaque(data).release() }
        })
    }

    /// Draws with `draw` from now on, and says `description` to a screen reader.
    func show(description: String, draw: @escaping (Canvas) -> Void) {
        painter.draw = draw
        gb_accessible_set_description(pointer, description)
        gtk_widget_set_tooltip_text(pointer, description)
        gtk_widget_queue_draw(pointer)
    }
}
