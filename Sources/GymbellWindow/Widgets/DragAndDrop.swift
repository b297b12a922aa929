import CAdw

/// Reordering a list by pointer: a drag handle that carries its row's index, and rows that take such a
/// drop (GTK's GtkDragSource and GtkDropTarget, built by the CAdw shim). What a drop means is the
/// caller's: it gets the dragged index and the index of the row it was dropped on.
enum DragAndDrop {
    /// A drag handle (the "list-drag-handle" icon) named `accessibleName`, whose drag carries `index`.
    static func handle(_ accessibleName: String, index: Int) -> Image {
        let handle = Image(icon: "list-drag-handle-symbolic", accessibleName: accessibleName).verticallyCentered()
        gb_drag_source_add_index(handle.pointer, Int32(index))
        return handle
    }

    /// `row` (at `index`) takes a dragged index: `dropped(from, index)` runs once the drop is over, on the
    /// main loop, so that it may replace the rows (and this row's drop target with them).
    static func target(_ row: Widget, index: Int, _ dropped: @escaping (_ from: Int, _ to: Int) -> Void) {
        let box = Unmanaged.passRetained(DropHandler { from in dropped(from, index) }).toOpaque()
        gb_drop_target_add_index(row.pointer, { _, value, _, _, data in
            let from = Int(gb_value_index(value))
            guard from >= 0, let data else { return 0 }
            let handler = Unmanaged<DropHandler>.fromOpaque(data).takeUnretainedValue()
            // Later, on the loop: the drop target finishes its drop before its row may go.
            MainThread.laterUnchecked { handler.run(from) }
            return 1
        }, box, { data, _ in
            guard let data else { return }
            Unmanaged<DropHandler>.fromOpaque(data).release()
        })
    }
}

private final class DropHandler {
    let run: (Int) -> Void
    init(_ run: @escaping (Int) -> Void) { self.run = run }
}
