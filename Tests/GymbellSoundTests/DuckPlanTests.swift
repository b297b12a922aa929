import GymbellCore
import Testing

@testable import GymbellSound

/// What making room decides (issue 47): which streams are lowered and to what, and the restore rule.
@Suite("Ducking: what is lowered and what is set back")
struct DuckPlanTests {
    typealias Stream = DuckPlan.Stream
    typealias Entry = DuckPlan.Entry
    static let helper: Int32 = 4242
    static let full: UInt32 = 0x10000

    static func music(_ index: UInt32 = 7, volumes: [UInt32] = [full, full], pid: Int32 = 900) -> Stream {
        Stream(index: index, volumes: volumes, processID: pid, application: "Firefox")
    }

    @Test("who is lowered", arguments: [
        (music(), true),
        (Stream(index: 1, volumes: [full], processID: helper, application: "gymbell"), false),  // the helper's own sound
        (Stream(index: 1, volumes: [full], processID: 1, application: "gymbell", applicationID: "io.github.gymbell.Gymbell"), false),
        (Stream(index: 1, volumes: [full], processID: 1, application: "GNOME Shell", role: "event"), false),  // others' event sounds
        (Stream(index: 1, volumes: [full], processID: 1, application: "speech-dispatcher-espeak-ng"), false),  // the spoken cue
        (Stream(index: 1, volumes: [full], processID: 1, application: "Orca", role: "a11y"), false),
        (Stream(index: 1, volumes: [full], processID: 1, application: "mpv", corked: true), false),  // paused
        (Stream(index: 1, volumes: [full], processID: 1, application: "mpv", volumeWritable: false), false),
        (Stream(index: 1, volumes: [], processID: 1, application: "mpv"), false),
        (Stream(index: 1, volumes: [full], processID: nil, application: "mpv", role: "music"), true),
    ])
    func lowered(_ stream: Stream, _ expected: Bool) {
        #expect(DuckPlan.isOthers(stream, ownProcess: Self.helper) == expected)
    }

    @Test func lowersToTheShareAndWritesDownBoth() {
        let entries = DuckPlan.lowering([Self.music(volumes: [Self.full, 32768])], percent: 30, owner: Self.helper, journal: [])
        #expect(entries == [Entry(owner: Self.helper, index: 7, identity: "900/Firefox", original: [Self.full, 32768], lowered: [19660, 9830])])
    }

    @Test func aStreamListedAlreadyIsNotLoweredTwiceAndASilentOneNotAtAll() {
        let listed = Entry(owner: 1, index: 7, identity: "900/Firefox", original: [Self.full], lowered: [19660])
        let streams = [Self.music(7, volumes: [19660]), Self.music(8, volumes: [0, 0]), Self.music(9)]
        #expect(DuckPlan.lowering(streams, percent: 30, owner: Self.helper, journal: [listed]).map(\.index) == [9])
        #expect(DuckPlan.lowering([Self.music()], percent: 0, owner: Self.helper, journal: [])[0].lowered == [0, 0])
        #expect(DuckPlan.lower(UInt32.max, percent: 50) == UInt32.max / 2)  // no overflow
    }

    static let entry = Entry(owner: helper, index: 7, identity: "900/Firefox", original: [full, full], lowered: [19660, 19660])

    /// The restore rule, one case per row: the stream now → set back or forgotten.
    @Test("restore rule", arguments: [
        ("untouched", [music(volumes: [19660, 19660])], true),
        ("a slider's rounding", [music(volumes: [19660 + 300, 19660 - 300])], true),
        ("turned up meanwhile", [music(volumes: [40000, 40000])], false),
        ("turned down to silence meanwhile", [music(volumes: [0, 0])], false),
        ("one channel moved", [music(volumes: [19660, 30000])], false),
        ("channels changed", [music(volumes: [19660])], false),
        ("ended", [], false),
        ("index reused by another program (the server restarted)", [music(volumes: [19660, 19660], pid: 901)], false),
        ("ended; the program's next stream (a new track) came back lowered", [music(9, volumes: [19660, 19660])], true),
        ("ended; the program's next stream at another volume", [music(9, volumes: [full, full])], false),
        ("ended; another program's stream at the lowered volume", [music(9, volumes: [19660, 19660], pid: 901)], false),
        ("turned up meanwhile, the program's other stream lowered is not taken for it", [music(volumes: [40000, 40000]), music(9, volumes: [19660, 19660])], false),
    ] as [(String, [Stream], Bool)])
    func restoreRule(_ what: String, _ streams: [Stream], _ restored: Bool) {
        let (restore, keep) = DuckPlan.restoring([Self.entry], streams: streams, owner: Self.helper)
        var settled = Self.entry
        settled.index = streams.first(where: { DuckPlan.untouched($0.volumes, lowered: Self.entry.lowered) })?.index ?? 7
        #expect(restore == (restored ? [settled] : []), "\(what)")
        #expect(keep == [], "\(what): settled either way")
    }

    @Test func aHelperSettlesItsOwnAndTheStartSettlesAll() {
        var other = Self.entry
        other.owner = 77
        other.index = 8
        let streams = [Self.music(7, volumes: [19660, 19660]), Self.music(8, volumes: [19660, 19660])]
        let own = DuckPlan.restoring([Self.entry, other], streams: streams, owner: Self.helper)
        #expect(own.restore == [Self.entry] && own.keep == [other])
        let all = DuckPlan.restoring([Self.entry, other], streams: streams, owner: nil)
        #expect(all.restore == [Self.entry, other] && all.keep == [])
    }

    // MARK: The journal

    @Test func journalReadsBackWhatWasWritten() {
        var odd = Self.entry
        odd.identity = "0/a\tname\nwith breaks"
        odd.index = UInt32.max
        let text = DuckJournal.text([Self.entry, odd])
        #expect(text.split(separator: "\n").count == 2)
        odd.identity = "0/a name with breaks"
        #expect(DuckJournal.entries(Substring(text)) == [Self.entry, odd])
        #expect(DuckJournal.entries("") == [])
    }

    @Test("hostile journal lines are skipped", arguments: [
        "", "garbage", "1\t2\t3\t4", "x\t7\t1\t1\tid", "1\t-7\t1\t1\tid", "1\t7\t1,2\t1\tid",
        "1\t7\t\t\tid", "1\t7\t1,,2\t1,1,2\tid", "1\t7\t4294967295\t1\tid",
        "1\t7\t" + Array(repeating: "1", count: 33).joined(separator: ",") + "\t" + Array(repeating: "1", count: 33).joined(separator: ",") + "\tid",
        "1\t99999999999\t1\t1\tid", "\u{0}\t\u{0}\t\u{0}\t\u{0}\t\u{0}",
    ])
    func hostileLines(_ line: String) {
        let good = DuckJournal.text([Self.entry])
        #expect(DuckJournal.entries(Substring(line + "\n" + good)) == [Self.entry])
    }

    @Test func messagesToTheHelperReadBack() {
        for message in [SoundMessage.duck(.lower(percent: 30)), .duck(.off), .duck(.lower(percent: 0)), .duck(.pause), .restore,
                        .speak(["spd-say", "--wait", "--", "Rest over.\tA tab, a \\ and\na line"])] {
            #expect(SoundMessage(line: message.line.dropLast()) == message)
        }
        #expect(SoundMessage(line: "duck 101") == nil && SoundMessage(line: "duck -1") == nil && SoundMessage(line: "duck") == nil)
    }
}
