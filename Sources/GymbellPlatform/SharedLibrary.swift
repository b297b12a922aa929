import Glibc

/// Libraries opened when first needed (`dlopen`) instead of linked: the executable then starts without
/// mapping and relocating them. The daemon loads libnotify when its notifier starts, GIO when it first
/// follows a GSettings key (GNOME's show-banners; files are watched with inotify), libX11 and libXext
/// when it follows idleness on X11, libwayland-client when it follows idleness on Wayland or asks the
/// compositor for an activation token, libcanberra in the sound helper; the CLI loads none of them (issue 16: each library
/// a process maps costs its start-up some 0.1–0.3 ms on the machines measured, libnotify with what it
/// brings 1.8 ms).
public enum SharedLibrary {
    /// Opens `soname` for good (RTLD_NOW | RTLD_LOCAL) and fills a table of its functions with `load`
    /// (a C helper that looks up each function by name and gives it the type of its declaration).
    /// - Throws: when the library is not installed, or lacks one of the functions (the dynamic
    ///   linker's own words).
    public static func functions<Table>(
        of soname: String, _ load: (UnsafeMutableRawPointer, UnsafeMutablePointer<Table>) -> Bool
    ) throws(SystemError) -> Table {
        guard let library = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else {
            throw SystemError(message: "cannot load \(soname): \(lastError())")
        }
        // A table of function pointers: nothing to deinitialize when it is left half filled.
        let table = UnsafeMutablePointer<Table>.allocate(capacity: 1)
        defer { table.deallocate() }
        guard load(library, table) else {
            let detail = lastError()
            dlclose(library)
            throw SystemError(message: "\(soname) lacks a function gymbell calls: \(detail)")
        }
        return table.move()
    }

    private static func lastError() -> String {
        dlerror().map { String(cString: $0) } ?? "unknown error"
    }
}
