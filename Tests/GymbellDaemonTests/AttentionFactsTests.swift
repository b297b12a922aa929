import GymbellCore
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

    /// Issue 50: a source asked and not answered leaves its fact unknown until it answers (or is given
    /// up on, which is an answer "off"); a change it tells is an answer too.
    @Test func aFactIsUnknownWhileASourceHasNotAnswered() {
        var facts = AttentionFacts()
        facts.asking(.doNotDisturb, from: "notification server")
        facts.asking(.doNotDisturb, from: "xfconf")
        facts.asking(.locked, from: "org.gnome.ScreenSaver")
        #expect(facts.unknownFacts == [.doNotDisturb, .locked])
        #expect(facts.set(.doNotDisturb, from: "xfconf", false) == nil)
        #expect(facts.unknownFacts == [.doNotDisturb, .locked], "the notification server has not answered")
        #expect(facts.set(.doNotDisturb, from: "notification server", true) == true)
        #expect(facts.unknownFacts == [.locked])
        #expect(facts.set(.locked, from: "org.gnome.ScreenSaver", false) == nil)
        #expect(facts.unknownFacts.isEmpty)
        #expect(AttentionFacts.reason(.locked) == .screenLocked)
    }
}

/// Where the running mako found its config file (mako 1.7.1's config.c), from its command line and
/// environment as /proc shows them.
@Suite("Attention: mako's config file")
struct MakoProcessTests {
    @Test(arguments: [
        (["-c", "/etc/mine"], ["HOME": "/home/a"], ["/home/a/.mako/config"], "/etc/mine"),
        (["--config=/etc/mine"], ["HOME": "/home/a"], [], "/etc/mine"),
        (["--config", "/etc/mine"], [:], [], "/etc/mine"),
        ([], ["HOME": "/home/a"], ["/home/a/.mako/config", "/home/a/.config/mako/config"], "/home/a/.mako/config"),
        ([], ["HOME": "/home/a"], ["/home/a/.config/mako/config"], "/home/a/.config/mako/config"),
        ([], ["HOME": "/home/a", "XDG_CONFIG_HOME": "/x"], ["/x/mako/config", "/home/a/.config/mako/config"], "/x/mako/config"),
        ([], ["HOME": "/home/a"], [], nil),
        ([], [:], ["/home/a/.mako/config"], nil),
    ] as [([String], [String: String], [String], String?)])
    func theFileMakoRead(_ arguments: [String], _ environment: [String: String], _ existing: [String], _ expected: String?) {
        #expect(MakoProcess.configPath(arguments: arguments, environment: environment) { existing.contains($0) } == expected)
    }

    @Test func environmentEntries() {
        #expect(MakoProcess.environment(["HOME=/h", "A=b=c", "junk"]) == ["HOME": "/h", "A": "b=c"])
    }
}
