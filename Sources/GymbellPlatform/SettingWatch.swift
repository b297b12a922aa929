import CGLib

/// One boolean GSettings key, read now and followed: `onChange` is called on the main loop with its
/// new value each time it changes (GNOME's `org.gnome.desktop.notifications show-banners`).
///
/// Through GIO's GSettings (GIO loaded with dlopen, SharedLibrary), whose dconf backend is told of
/// changes by dconf's `ca.desrt.dconf.Writer` `Notify` signal: nothing polls. Create, use and cancel it on
/// the loop's thread. Nil from `init` when the schema or the key is not installed (not a GNOME system).
public final class SettingWatch {
    public let schema: String
    public let key: String

    private let settings: UnsafeMutablePointer<GSettings>
    private let gsettings: GbGSettingsFunctions
    private let receiver: SettingReceiver
    private var handlerID: gulong = 0

    private static let functions = Result { () throws(SystemError) in
        try SharedLibrary.functions(of: "libgio-2.0.so.0", gb_gsettings_functions_load)
    }

    public init?(schema: String, key: String, onChange: @escaping (Bool) -> Void) {
        guard let gsettings = try? Self.functions.get(), let source = gsettings.g_settings_schema_source_get_default(),
              let found = gsettings.g_settings_schema_source_lookup(source, schema, 1)
        else { return nil }
        let hasKey = gsettings.g_settings_schema_has_key(found, key) != 0
        gsettings.g_settings_schema_unref(found)
        guard hasKey, let settings = gsettings.g_settings_new(schema) else { return nil }
        self.schema = schema
        self.key = key
        self.settings = settings
        self.gsettings = gsettings
        receiver = SettingReceiver(key: key, read: { gsettings.g_settings_get_boolean(settings, key) != 0 }, onChange: onChange)
        handlerID = gb_settings_connect_changed(
            settings, "changed::\(key)", settingChanged, Unmanaged.passRetained(receiver).toOpaque(), settingReceiverRelease)
        // GSettings emits "changed" only for keys read since: read it once now.
        _ = receiver.read()
    }

    /// The key's value now.
    public var value: Bool { receiver.read() }

    deinit {
        cancel()
        gb_object_unref(settings)
    }

    public func cancel() {
        guard handlerID != 0 else { return }
        g_signal_handler_disconnect(settings, handlerID)  // GLib releases the receiver's reference
        handlerID = 0
    }
}

private final class SettingReceiver {
    let key: String
    let read: () -> Bool
    let onChange: (Bool) -> Void

    init(key: String, read: @escaping () -> Bool, onChange: @escaping (Bool) -> Void) {
        self.key = key
        self.read = read
        self.onChange = onChange
    }
}

private func settingChanged(_ settings: UnsafeMutablePointer<GSettings>?, _ key: UnsafePointer<gchar>?, _ data: gpointer?) {
    let receiver = Unmanaged<SettingReceiver>.fromOpaque(data!).takeUnretainedValue()
    receiver.onChange(receiver.read())
}

private func settingReceiverRelease(_ data: gpointer?, _ closure: UnsafeMutablePointer<GClosure>?) {
    Unmanaged<SettingReceiver>.fromOpaque(data!).release()
}
