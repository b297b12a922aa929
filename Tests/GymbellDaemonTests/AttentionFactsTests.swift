import Testing

@testable import GymbellDaemon

/// A fact the desktop tells from several sources (GNOME's screen saver and logind both say "locked")
/// holds while any of them says so, and only a change of the combined value is reported.
@Suite("Attention: facts from several sources")
struct AttentionFactsTests {
    @Test func aFactHoldsWhileAnySourceSaysSo() {
        var facts = AttentionFacts()
        let steps: [(String, Bool, Bool?)] = [
            ("org.gnome.ScreenSaver", false, nil),  // no change: it did not hold
            ("org.gnome.ScreenSaver", true, true),
            ("logind", true, nil),  // holds already
            ("org.gnome.ScreenSaver", false, nil),  // logind still says locked
            ("logind", false, false),
        ]
        for (source, value, reported) in steps {
            #expect(facts.set(.locked, from: source, value) == reported, "\(source) = \(value)")
        }
        #expect(!facts.holds(.locked))
        #expect(facts.set(.doNotDisturb, from: "xfconf", true) == true)
        #expect(!facts.holds(.away), "facts are apart")
    }
}
