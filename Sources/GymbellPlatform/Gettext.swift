import CGLib
import FoundationEssentials

/// Translations through GNU gettext (glibc's libintl) from compiled `.mo` catalogs.
public enum Gettext {
    public static let domain = "gymbell"

    /// Where catalogs are looked for, first match wins: `$GYMBELL_LOCALEDIR`, the `share/locale` beside
    /// the installed binary (`<prefix>/bin/../share/locale`), `locale/` beside a development build,
    /// then the system's.
    public static func candidateDirectories(environment: (String) -> String? = CurrentProcess.environmentVariable) -> [String] {
        var directories: [String] = []
        if let explicit = environment("GYMBELL_LOCALEDIR"), !explicit.isEmpty { directories.append(explicit) }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        directories.append(executable.deletingLastPathComponent().appendingPathComponent("share/locale").path)
        directories.append(executable.appendingPathComponent("locale").path)
        directories.append("/usr/share/locale")
        return directories
    }

    /// A catalog's two lookups: a text, and a text that counts something (`dngettext`: the catalog's
    /// Plural-Forms pick the form for the count; without a translation, the singular for 1 and the
    /// plural for any other count, as English has it).
    public struct Translation: Sendable {
        public let translate: @Sendable (String) -> String
        public let translatePlural: @Sendable (_ singular: String, _ plural: String, _ count: Int) -> String
    }

    /// Sets up message translation for the user's locale (LC_MESSAGES only: numbers stay in C
    /// notation for parsers) and returns the translation functions.
    public static func translation(directories: [String] = candidateDirectories()) -> Translation {
        setlocale(LC_CTYPE, "")
        setlocale(LC_MESSAGES, "")
        let fileManager = FileManager.default
        let directory = directories.first { dir in
            (try? fileManager.contentsOfDirectory(atPath: dir))?.contains { language in
                fileManager.fileExists(atPath: "\(dir)/\(language)/LC_MESSAGES/\(domain).mo")
            } ?? false
        }
        guard let directory else {
            return Translation(translate: { $0 }, translatePlural: { singular, plural, count in count == 1 ? singular : plural })
        }
        bindtextdomain(domain, directory)
        bind_textdomain_codeset(domain, "UTF-8")
        return Translation(
            translate: { msgid in
                // Without a translation dgettext returns its argument: read it while that C string lives.
                msgid.withCString { cMsgid in
                    guard let translated = dgettext(domain, cMsgid), UnsafePointer(translated) != cMsgid else { return msgid }
                    return String(cString: translated)
                }
            },
            translatePlural: { singular, plural, count in
                // Likewise dngettext returns one of its arguments when the catalog lacks the entry.
                singular.withCString { cSingular in
                    plural.withCString { cPlural in
                        guard let translated = dngettext(domain, cSingular, cPlural, UInt(clamping: count)) else {
                            return count == 1 ? singular : plural
                        }
                        if UnsafePointer(translated) == cSingular { return singular }
                        if UnsafePointer(translated) == cPlural { return plural }
                        return String(cString: translated)
                    }
                }
            })
    }
}
