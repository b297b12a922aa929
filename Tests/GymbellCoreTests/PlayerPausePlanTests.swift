import GymbellCore
import Testing

/// What `duck = "pause"` decides (issue 47): which media players are paused for a cue, which are
/// resumed after, and the journal that outlives a killed helper.
@Suite("Pausing media players: what is paused and what is resumed")
struct PlayerPausePlanTests {
    typealias Player = PlayerPausePlan.Player
    typealias Entry = PlayerPausePlan.Entry
    static let helper: Int32 = 4242
    static let mpv = "org.mpris.MediaPlayer2.mpv"
    static let firefox = "org.mpris.MediaPlayer2.firefox.instance_1_42"

    static func player(_ status: String, name: String = mpv, owner: String = ":1.7") -> Player {
        Player(busName: name, owner: owner, status: status)
    }

    @Test("whose players", arguments: [
        (mpv, true), (firefox, true), ("org.mpris.MediaPlayer2.gymbell", false), ("org.mpris.MediaPlayer2.gymbell.instance2", false),
        ("org.mpris.MediaPlayer2.gymbellish", true), ("org.mpris.MediaPlayer2.", false), ("org.freedesktop.Notifications", false),
    ])
    func others(_ name: String, _ expected: Bool) {
        #expect(PlayerPausePlan.isOthers(name) == expected)
    }

    @Test func onlyTheOthersPlayingArePausedAndWrittenDown() {
        let players = [
            Self.player("Playing"), Self.player("Paused", name: Self.firefox, owner: ":1.9"),
            Self.player("Stopped", name: "org.mpris.MediaPlayer2.vlc", owner: ":1.3"),
            Self.player("Playing", name: "org.mpris.MediaPlayer2.gymbell", owner: ":1.2"),
        ]
        let (journal, pause) = PlayerPausePlan.pausing(players, pauser: Self.helper, journal: [])
        #expect(pause == [Entry(pauser: Self.helper, busName: Self.mpv, owner: ":1.7")])
        #expect(journal == pause)
    }

    @Test func aSecondCueKeepsThePlayerPausedOnceAndTakesItOver() {
        // The first cue's helper paused mpv; the second cue comes before the first resumed it.
        let first = Entry(pauser: 1, busName: Self.mpv, owner: ":1.7")
        let (journal, pause) = PlayerPausePlan.pausing([Self.player("Paused")], pauser: Self.helper, journal: [first])
        #expect(pause.isEmpty, "not paused twice")
        #expect(journal == [Entry(pauser: Self.helper, busName: Self.mpv, owner: ":1.7")])
        // The first helper, its sound over, finds nothing of its own to resume; the second resumes it.
        #expect(PlayerPausePlan.resuming(journal, players: [Self.player("Paused")], pauser: 1) == ([], journal))
        #expect(PlayerPausePlan.resuming(journal, players: [Self.player("Paused")], pauser: Self.helper) == (journal, []))
    }

    @Test func aListedPlayerThePersonStartedAgainIsPausedAnewNotTwice() {
        let first = Entry(pauser: 1, busName: Self.mpv, owner: ":1.7")
        let (journal, pause) = PlayerPausePlan.pausing([Self.player("Playing")], pauser: Self.helper, journal: [first])
        #expect(pause == [Entry(pauser: Self.helper, busName: Self.mpv, owner: ":1.7")])
        #expect(journal == pause, "one line per player")
    }

    @Test func aListedPlayerNoLongerAsLeftStaysItsPausersToForget() {
        let gone = Entry(pauser: 1, busName: Self.firefox, owner: ":1.9")
        let (journal, pause) = PlayerPausePlan.pausing([Self.player("Stopped")], pauser: Self.helper, journal: [gone])
        #expect(pause.isEmpty && journal == [gone])
    }

    static let entry = Entry(pauser: helper, busName: mpv, owner: ":1.7")

    /// The resume rule, one case per row: the player after the cue → Play sent or forgotten.
    @Test("resume rule", arguments: [
        ("still paused as left", [player("Paused")], true),
        ("the person started it again", [player("Playing")], false),
        ("the person stopped it", [player("Stopped")], false),
        ("it quit", [Player](), false),
        ("it quit and another started under the name", [player("Paused", owner: ":1.99")], false),
    ])
    func resumeRule(_ what: String, _ players: [Player], _ resumed: Bool) {
        let (resume, keep) = PlayerPausePlan.resuming([Self.entry], players: players, pauser: Self.helper)
        #expect(resume == (resumed ? [Self.entry] : []), "\(what)")
        #expect(keep.isEmpty, "settled either way: \(what)")
    }

    @Test func anotherHelpersEntriesStayUntilTheStartSettlesEverything() {
        let others = Entry(pauser: 77, busName: Self.firefox, owner: ":1.9")
        let players = [Self.player("Paused"), Self.player("Paused", name: Self.firefox, owner: ":1.9")]
        let (resume, keep) = PlayerPausePlan.resuming([Self.entry, others], players: players, pauser: Self.helper)
        #expect(resume == [Self.entry] && keep == [others])
        // The daemon's start (a helper killed): every listed player still paused is resumed.
        let all = PlayerPausePlan.resuming([Self.entry, others], players: players, pauser: nil)
        #expect(all.resume == [Self.entry, others] && all.keep.isEmpty)
    }

    @Test func theJournalReadsBackWhatWasWrittenAndSkipsDamagedLines() {
        let entries = [Self.entry, Entry(pauser: 77, busName: Self.firefox, owner: ":1.9")]
        let text = PlayerPausePlan.text(entries)
        #expect(text == "4242\torg.mpris.MediaPlayer2.mpv\t:1.7\n77\torg.mpris.MediaPlayer2.firefox.instance_1_42\t:1.9\n")
        #expect(PlayerPausePlan.entries(Substring(text)) == entries)
        let damaged = "x\torg.mpris.MediaPlayer2.mpv\t:1.7\n1\torg.mpris.MediaPlayer2.gymbell\t:1.2\n1\tnot.a.player\t:1.3\n"
            + "1\torg.mpris.MediaPlayer2.mpv\t1.7\n1\torg.mpris.MediaPlayer2.mpv\n" + text
        #expect(PlayerPausePlan.entries(Substring(damaged)) == entries)
    }
}
