import Testing
@testable import GymbellCore
@testable import GymbellFormats

/// mako's config file as it decides what its modes mean for gymbell (issue 31): mako 1.7's Do Not
/// Disturb is a mode styled by the person's own sections.
@Suite("MakoConfig: what mako's modes hide")
struct MakoConfigTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let config: String
        let modes: [String]
        let doNotDisturb: Bool
        let criticalShown: Bool
        var testDescription: String { "\(modes) with \(config.debugDescription)" }
    }

    static let documented = "[mode=do-not-disturb]\ninvisible=1\n"  // mako(5)'s example

    @Test(arguments: [
        Case(config: "", modes: ["default", "do-not-disturb"], doNotDisturb: false, criticalShown: true),  // no file: a name alone hides nothing
        Case(config: documented, modes: ["default"], doNotDisturb: false, criticalShown: true),
        Case(config: documented, modes: ["default", "do-not-disturb"], doNotDisturb: true, criticalShown: false),
        Case(config: documented, modes: ["do-not-disturb"], doNotDisturb: true, criticalShown: false),
        Case(config: documented + "[mode=do-not-disturb urgency=critical]\ninvisible=0\n", modes: ["do-not-disturb"], doNotDisturb: true, criticalShown: true),
        Case(config: documented + "[mode=do-not-disturb urgency=high]\ninvisible=false\n", modes: ["do-not-disturb"], doNotDisturb: true, criticalShown: true),
        Case(config: documented + "[mode=do-not-disturb app-name=gymbell]\ninvisible=0\n", modes: ["do-not-disturb"], doNotDisturb: false, criticalShown: true),
        Case(config: documented + "[mode=do-not-disturb category=x-gymbell.session]\ninvisible=0\n", modes: ["do-not-disturb"], doNotDisturb: true, criticalShown: true),
        Case(config: documented + "[mode=do-not-disturb app-name=Firefox]\ninvisible=0\n", modes: ["do-not-disturb"], doNotDisturb: true, criticalShown: false),
        // Order: the last matching section wins; a later hiding section overrides an earlier exception.
        Case(config: "[mode=do-not-disturb urgency=critical]\ninvisible=0\n" + documented, modes: ["do-not-disturb"], doNotDisturb: true, criticalShown: false),
        // Another name, and a mode that hides only low urgency.
        Case(config: "[mode=dnd]\ninvisible=1\n[mode=quiet urgency=low]\ninvisible=1\n", modes: ["quiet"], doNotDisturb: false, criticalShown: true),
        Case(config: "[mode=dnd]\ninvisible=1\n", modes: ["dnd"], doNotDisturb: true, criticalShown: false),
        // Options before any section style everything; comments and other options are no matter.
        Case(config: "# all hidden\nfont=monospace 10\ninvisible=1\n[urgency=critical]\ninvisible=0\n", modes: ["default"], doNotDisturb: true, criticalShown: true),
        // What cannot be known before sending (summary, body) is taken not to apply.
        Case(config: "[mode=do-not-disturb summary~=\"Time to\"]\ninvisible=1\n", modes: ["do-not-disturb"], doNotDisturb: false, criticalShown: true),
        // Quoted values, bare and negated booleans.
        Case(config: "[mode=\"do not disturb\" actionable]\ninvisible=1\n", modes: ["do not disturb"], doNotDisturb: true, criticalShown: false),
        Case(config: "[mode=do-not-disturb !actionable]\ninvisible=1\n", modes: ["do-not-disturb"], doNotDisturb: false, criticalShown: true),
        Case(config: "[mode=do-not-disturb grouped]\ninvisible=1\n", modes: ["do-not-disturb"], doNotDisturb: false, criticalShown: true),
        // A section mako could not read (an open quote) styles nothing here.
        Case(config: "[mode=\"do-not-disturb]\ninvisible=1\n", modes: ["do-not-disturb"], doNotDisturb: false, criticalShown: true),
    ])
    func modesMeanWhatTheConfigSays(_ c: Case) {
        let attention = MakoConfig(parsing: c.config).attention(modes: c.modes)
        #expect(attention.doNotDisturb == c.doNotDisturb)
        #expect(attention.criticalShown == c.criticalShown)
    }
}
