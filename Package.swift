// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "gymbell",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "gymbell", targets: ["gymbell"]),
        .executable(name: "gymbell-window", targets: ["gymbell-window"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // C surface: modulemap + shim header only.
        // libnotify and GIO are loaded when first used (SharedLibrary), not linked (issue 16): no
        // pkg-config for libnotify and GObject's for GLib, as their flags would link them. GIO's
        // headers are GLib's; gdk-pixbuf's, which libnotify's include, see GymbellNotify.
        .systemLibrary(name: "CNotify", providers: [.apt(["libnotify-dev"])]),
        .systemLibrary(name: "CGLib", pkgConfig: "gobject-2.0", providers: [.apt(["libglib2.0-dev"])]),
        .systemLibrary(name: "CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
        // Header only: the sound helper loads libcanberra with dlopen, so the daemon never maps it (issue 16).
        .systemLibrary(name: "CCanberra", providers: [.apt(["libcanberra-dev"])]),
        // Header only: the sound helper loads libpulse with dlopen to lower other audio while a sound plays.
        .systemLibrary(name: "CPulse", providers: [.apt(["libpulse-dev"])]),
        // GTK 4 and libadwaita: the window's alone (its own executable; the daemon and the CLI never map them).
        .systemLibrary(name: "CAdw", pkgConfig: "libadwaita-1", providers: [.apt(["libadwaita-1-dev", "libgtk-4-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // Header only: the daemon loads libX11 and libXext with dlopen when it follows idleness on X11.
        .systemLibrary(name: "CX11", providers: [.apt(["libx11-dev", "libxext-dev"])]),
        // libwayland-client's headers (libwayland-dev), loaded with dlopen like libX11, and the code wayland-scanner made
        // of the idle and activation protocols, committed (generated/: the build needs no scanner; CWayland.h says from what).
        .target(name: "CWayland", exclude: ["generated"]),

        // The next three are pure Swift: no C, no clock, no files.
        // TOML 1.0 text: a reader that says where each key and value is written, and an editor that keeps
        // a file's layout. Knows nothing of gymbell.
        .target(name: "TOML"),
        // gymbell's heart: the model, the config's schema, time, rules, planning, the engine, the texts.
        .target(
            name: "GymbellCore", dependencies: ["TOML"],
            resources: [.embedInCode("Resources/default-config.toml")]
        ),
        // The files gymbell writes and reads beside its own: the HTML/SVG report, the iCalendar export,
        // the training logs in CSV (Strong, Hevy, its own set log) and mako's config.
        .target(name: "GymbellFormats", dependencies: ["GymbellCore"]),
        // The Linux platform: the GLib main loop, timerfd, threads, processes, files (an inotify watcher),
        // shared libraries loaded when used, gettext, the tz database through GLib.
        .target(name: "GymbellPlatform", dependencies: ["CGLib"]),
        // SQLite: connections, statements, typed errors.
        .target(name: "GymbellSQLite", dependencies: ["CSQLite"]),
        // The session bus through libdbus on the GLib loop: services, clients, signals, message coding.
        .target(name: "GymbellBus", dependencies: ["CDBus", "GymbellPlatform"]),
        // Desktop notifications through libnotify, on a thread of their own.
        .target(
            name: "GymbellNotify", dependencies: ["CNotify", "CGLib", "GymbellPlatform"],
            // libnotify's header includes gdk-pixbuf's, which pkg-config would name with the libraries
            // (Debian and Ubuntu install it here, with libnotify-dev).
            swiftSettings: [.unsafeFlags(["-Xcc", "-I/usr/include/gdk-pixbuf-2.0"])]),
        // The X server: away told by the X Sync extension's IDLETIME alarms, on the GLib loop.
        .target(name: "GymbellX11", dependencies: ["CX11", "GymbellPlatform"]),
        // A Wayland compositor through libwayland-client: away told by ext-idle-notify-v1 or org_kde_kwin_idle, on the
        // GLib loop; an activation token for what a click launches (gtk_shell1.notify_launch or xdg_activation_v1).
        .target(name: "GymbellWayland", dependencies: ["CWayland", "GymbellPlatform"]),
        // Sounds through libcanberra, played by a helper process that lowers other audio meanwhile (libpulse)
        // or pauses media players (MPRIS, libdbus).
        .target(name: "GymbellSound", dependencies: ["CCanberra", "CPulse", "CGLib", "GymbellPlatform", "GymbellBus", "GymbellCore"]),
        // What the system says gymbell's files and time are: XDG paths, the config file as read, the
        // system time zone. Shared by the CLI, the daemon and a future window.
        .target(name: "GymbellSettings", dependencies: ["GymbellCore", "GymbellFormats", "GymbellPlatform", "TOML"]),
        // SQLite state: schema migrations, transactions, rows ↔ model.
        .target(name: "GymbellStore", dependencies: ["GymbellCore", "GymbellSQLite", "GymbellPlatform"]),
        // The control interface's contract (one table: dispatch, client calls, introspection XML),
        // the bus names and the CLI's client.
        .target(name: "GymbellControl", dependencies: ["GymbellCore", "GymbellBus"]),
        // Wires everything together: commands in, reminders out, one event loop.
        .target(
            name: "GymbellDaemon",
            dependencies: [
                "GymbellCore", "GymbellFormats", "GymbellStore", "GymbellPlatform", "GymbellBus", "GymbellNotify",
                "GymbellSound", "GymbellSettings", "GymbellControl", "GymbellX11", "GymbellWayland",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "gymbell",
            dependencies: [
                "GymbellCore", "GymbellFormats", "GymbellControl", "GymbellSettings", "GymbellPlatform", "GymbellDaemon",
                "TOML",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The window (GTK 4 + libadwaita): Today and the running session, following the daemon over the
        // control contract. Never imports GymbellDaemon.
        .executableTarget(
            name: "gymbell-window",
            dependencies: ["CAdw", "GymbellCore", "GymbellFormats", "GymbellControl", "GymbellSettings", "GymbellPlatform", "GymbellBus"],
            path: "Sources/GymbellWindow"
        ),
        .testTarget(name: "TOMLTests", dependencies: ["TOML"]),
        // The time helpers both share (instants, zones through the tz database as GymbellSettings reads it).
        .target(name: "GymbellTimeSupport", dependencies: ["GymbellCore", "GymbellSettings"], path: "Tests/GymbellTimeSupport"),
        .testTarget(name: "GymbellCoreTests", dependencies: ["GymbellCore", "GymbellSettings", "GymbellTimeSupport", "TOML"]),  // Settings: the tz database through GLib
        .testTarget(name: "GymbellFormatsTests", dependencies: ["GymbellFormats", "GymbellCore", "GymbellSettings", "GymbellTimeSupport"]),
        .testTarget(name: "GymbellSettingsTests", dependencies: ["GymbellSettings", "GymbellCore", "GymbellFormats", "GymbellPlatform", "TOML"]),
        .testTarget(
            name: "GymbellStoreTests", dependencies: ["GymbellStore", "GymbellCore", "GymbellSQLite", "GymbellPlatform"],
            exclude: ["Fixtures"]),
        // What the tests of several modules share: the one GLib default main context taken in turn
        // (`.mainContext`), loop runs with a deadline, a private dbus-daemon. Used by test targets only.
        .target(name: "GymbellTestSupport", dependencies: ["GymbellPlatform"], path: "Tests/GymbellTestSupport"),
        .testTarget(name: "GymbellPlatformTests", dependencies: ["GymbellPlatform", "GymbellTestSupport"]),
        .testTarget(name: "GymbellSQLiteTests", dependencies: ["GymbellSQLite"]),
        .testTarget(name: "GymbellBusTests", dependencies: ["GymbellBus", "GymbellPlatform", "GymbellTestSupport"]),
        .testTarget(name: "GymbellNotifyTests", dependencies: ["GymbellNotify", "GymbellPlatform", "GymbellTestSupport"]),
        .testTarget(name: "GymbellX11Tests", dependencies: ["GymbellX11", "GymbellPlatform", "GymbellTestSupport"]),
        .testTarget(
            name: "GymbellWaylandTests", dependencies: ["GymbellWayland", "GymbellPlatform", "GymbellTestSupport"],
            exclude: ["fake_compositor.py"]),
        .testTarget(
            name: "GymbellSoundTests", dependencies: ["GymbellSound", "GymbellCore", "GymbellPlatform", "GymbellTestSupport"]),
        .testTarget(name: "GymbellControlTests", dependencies: ["GymbellControl", "GymbellCore", "GymbellBus"]),
        .testTarget(
            name: "GymbellDaemonTests",
            dependencies: [
                "GymbellDaemon", "GymbellControl", "GymbellCore", "GymbellFormats", "GymbellStore", "GymbellPlatform", "GymbellBus",
                "GymbellSettings",
                .product(name: "Logging", package: "swift-log"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
