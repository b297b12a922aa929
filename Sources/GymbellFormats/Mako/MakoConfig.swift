import GymbellCore

/// mako's configuration file, as far as it says whether one of gymbell's notifications is shown (issue
/// 31). mako 1.7's Do Not Disturb is a mode the person names and styles (`makoctl mode -a
/// do-not-disturb`; `[mode=do-not-disturb]` `invisible=1`, mako(5)): a mode means nothing by its name,
/// only by the sections of this file that match it. Read as mako 1.7.1 reads it (config.c, criteria.c):
/// options before the first `[criteria]` line style every notification, each matching section's
/// options then in file order, the last one wins; `#` starts a comment line.
public struct MakoConfig: Equatable, Sendable {
    /// A section that sets `invisible`, with its criteria (`key=value`, a bare `key` / `!key` is
    /// `true` / `false`).
    struct Section: Equatable, Sendable {
        var criteria: [String: String]
        var invisible: Bool
    }

    /// What mako matches criteria against, for one of gymbell's notifications.
    public struct Probe: Equatable, Sendable {
        public var appName = "gymbell"
        public var desktopEntry = "io.github.gymbell.Gymbell"
        public var category: String
        public var urgency: Notice.Urgency
        public var actionable: Bool

        public init(category: String, urgency: Notice.Urgency, actionable: Bool) {
            self.category = category
            self.urgency = urgency
            self.actionable = actionable
        }

        /// A daily reminder: what is held while mako hides it.
        public static let daily = Probe(category: ReminderKind.daily.category, urgency: .normal, actionable: true)
        /// A running session's notice under Do Not Disturb (critical: AttentionRules.sessionNotice).
        public static let session = Probe(category: "x-gymbell.session", urgency: .critical, actionable: true)
    }

    /// What the active modes mean for gymbell.
    public struct Attention: Equatable, Sendable {
        /// A daily reminder would be invisible: Do Not Disturb.
        public var doNotDisturb: Bool
        /// A critical session notice would still be shown.
        public var criticalShown: Bool
    }

    var sections: [Section]

    /// Reads the file's text; lines mako would refuse are skipped (mako itself would then not start).
    public init(parsing text: String) {
        sections = []
        var criteria: [String: String]? = [:]  // nil: in a section whose criteria cannot be read
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.first == "#" { continue }
            if line.first == "[", line.last == "]" {
                criteria = Self.criteria(line.dropFirst().dropLast())
                continue
            }
            guard let equals = line.firstIndex(of: "="), line[..<equals] == "invisible", let criteria,
                  let value = Self.boolean(line[line.index(after: equals)...])
            else { continue }
            sections.append(Section(criteria: criteria, invisible: value))
        }
    }

    /// Whether mako makes `probe` invisible while `modes` are on.
    public func invisible(_ probe: Probe, modes: [String]) -> Bool {
        var invisible = false
        for section in sections where section.criteria.allSatisfy({ Self.matches($0.key, $0.value, probe, modes) }) {
            invisible = section.invisible
        }
        return invisible
    }

    public func attention(modes: [String]) -> Attention {
        Attention(doNotDisturb: invisible(.daily, modes: modes), criticalShown: !invisible(.session, modes: modes))
    }

    /// One criterion against a notification of gymbell's. What cannot be known before it is sent
    /// (summary, body, icon, output, anchor) never matches: such a section is taken not to apply.
    static func matches(_ key: String, _ value: String, _ probe: Probe, _ modes: [String]) -> Bool {
        switch key {
        case "mode": modes.contains(value)
        case "app-name": value == probe.appName
        case "desktop-entry": value == probe.desktopEntry
        case "category": value == probe.category
        case "urgency": urgency(value) == probe.urgency
        case "actionable": boolean(Substring(value)) == probe.actionable
        case "expiring": boolean(Substring(value)) == false  // gymbell's stay until answered or closed by gymbell
        case "grouped", "hidden": boolean(Substring(value)) == false
        case "group-index": value == "-1"
        default: false
        }
    }

    /// `key=value` tokens separated by spaces; `"` quotes, `\` escapes (criteria.c's parse_criteria).
    static func criteria(_ text: Substring) -> [String: String]? {
        var tokens: [String] = []
        var token = ""
        var quoted = false
        var escaped = false
        for character in text {
            if escaped {
                token.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                quoted.toggle()
            } else if character == " ", !quoted {
                tokens.append(token)
                token = ""
            } else {
                token.append(character)
            }
        }
        guard !quoted, !escaped else { return nil }
        tokens.append(token)
        var criteria: [String: String] = [:]
        for token in tokens where !token.isEmpty {
            if let equals = token.firstIndex(of: "=") {
                criteria[String(token[..<equals])] = String(token[token.index(after: equals)...])
            } else if token.first == "!" {
                criteria[String(token.dropFirst())] = "false"
            } else {
                criteria[token] = "true"
            }
        }
        return criteria
    }

    /// `1`/`0`, `true`/`false` in any case (types.c's parse_boolean).
    static func boolean(_ text: Substring) -> Bool? {
        switch text.lowercased() {
        case "1", "true": true
        case "0", "false": false
        default: nil
        }
    }

    /// `low`, `normal`, `critical` or `high` in any case (types.c's parse_urgency).
    static func urgency(_ text: String) -> Notice.Urgency? {
        switch text.lowercased() {
        case "low": .low
        case "normal": .normal
        case "critical", "high": .critical
        default: nil
        }
    }
}
