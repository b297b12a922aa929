import Foundation
import GymbellBus
import GymbellPlatform
import Logging
import Testing
@testable import GymbellCore
@testable import GymbellDaemon

/// The media player as tables (issue 28): what it signals for each change of what is playing, and what
/// it answers to each call a desktop makes — without a bus.
@Suite("Media player: signals and answers")
struct MediaPlayerTests {
    static let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    static func playing(
        _ track: String = "work-1", title: String = "Work", status: NowPlaying.Status = .playing, start: Date = t0, frozen: Date? = nil,
        length: TimeInterval? = 40, session: String = "s1"
    ) -> NowPlaying {
        NowPlaying(
            session: SessionID(session), track: track, title: title, artist: "gymbell", album: "HIIT", length: length, status: status,
            phaseStart: start, frozenAt: frozen, canGoNext: status != .stopped)
    }

    static func changed(_ signals: [MPRISProperties.Signal]) -> Set<String> {
        guard let first = signals.first(where: { $0.member == "PropertiesChanged" }), case .dictionary(let values) = first.arguments[1] else {
            return []
        }
        return Set(values.keys)
    }

    /// (what it showed, what it shows now, seconds after t0, properties changed, a Seeked signal)
    static let table: [(String, NowPlaying?, NowPlaying, TimeInterval, Set<String>, Bool)] = [
        ("a session starts: everything", nil, playing(), 0, Set(MPRISProperties.changing(playing(), artURL: nil).keys), false),
        ("the same again: nothing", playing(), playing(), 5, [], false),
        ("paused: status only", playing(), playing(status: .paused, frozen: t0.addingTimeInterval(5)), 5, ["PlaybackStatus"], false),
        ("resumed where it stood: status, no jump", playing(status: .paused, frozen: t0.addingTimeInterval(5)),
         playing(start: t0.addingTimeInterval(10)), 15, ["PlaybackStatus"], false),
        ("the next phase: a new track", playing(), playing("rest-1", title: "Rest", length: 20, ), 40, ["Metadata"], false),
        ("a rest adjusted: the position jumps", playing(), playing(start: t0.addingTimeInterval(15)), 20, [], true),
        ("another session, same phase name: a new track, no Seeked", playing(), playing(start: t0.addingTimeInterval(30), session: "s2"), 30,
         ["Metadata"], false),
    ]

    @Test("what the player signals", arguments: table.indices)
    func signals(row: Int) {
        let (name, old, new, seconds, properties, seeked) = Self.table[row]
        let signals = MPRISProperties.signals(from: old, to: new, artURL: nil, at: Self.t0.addingTimeInterval(seconds))
        #expect(Self.changed(signals) == properties, "\(name)")
        #expect(signals.contains { $0.member == "Seeked" } == seeked, "\(name)")
        if let first = signals.first, first.member == "PropertiesChanged" {
            #expect(first.interface == "org.freedesktop.DBus.Properties")
            #expect(first.arguments[0] == .string("org.mpris.MediaPlayer2.Player"))
        }
    }

    static func call(_ member: String, _ interface: String = "org.mpris.MediaPlayer2.Player", _ arguments: [DBusValue] = []) -> DBusMethodCall {
        DBusMethodCall(sender: ":1.9", path: "/org/mpris/MediaPlayer2", interface: interface, member: member, signature: "", arguments: arguments)
    }

    /// (call, the control the engine gets, the error's name)
    static let calls: [(DBusMethodCall, PlayerControl?, String?)] = [
        (call("PlayPause"), .playPause, nil), (call("Play"), .play, nil), (call("Pause"), .pause, nil), (call("Next"), .next, nil),
        (call("Stop"), .stop, nil), (call("PlayPause", ""), .playPause, nil),
        (call("Previous"), nil, nil), (call("Raise", "org.mpris.MediaPlayer2"), nil, nil),
        (call("Seek", "org.mpris.MediaPlayer2.Player", [.int64(1)]), nil, "org.freedesktop.DBus.Error.NotSupported"),
        (call("OpenUri", "org.mpris.MediaPlayer2.Player", [.string("file:///x")]), nil, "org.freedesktop.DBus.Error.NotSupported"),
        (call("Set", "org.freedesktop.DBus.Properties"), nil, "org.freedesktop.DBus.Error.PropertyReadOnly"),
        (call("Get", "org.freedesktop.DBus.Properties", [.string("org.mpris.MediaPlayer2.Player"), .string("Shuffle")]), nil,
         "org.freedesktop.DBus.Error.UnknownProperty"),
        (call("GetAll", "org.freedesktop.DBus.Properties", [.string("org.example.Nothing")]), nil, "org.freedesktop.DBus.Error.UnknownInterface"),
        (call("Rewind"), nil, "org.freedesktop.DBus.Error.UnknownMethod"),
    ]

    @Test("what the player answers", arguments: calls.indices)
    func answers(row: Int) {
        let (call, control, error) = Self.calls[row]
        let player = MediaPlayer(loop: MainLoop(), artURL: nil, clock: { Self.t0 }, logger: Logger(label: "test"))
        var received: [PlayerControl] = []
        player.onControl = { received.append($0) }
        let reply = player.handle(call)
        #expect(received == (control.map { [$0] } ?? []), "\(call.member)")
        if let error {
            guard case .error(let answered) = reply else { Issue.record("\(call.member): \(reply)"); return }
            #expect(answered.name == error)
        } else {
            #expect(reply == .values([]), "\(call.member)")
        }
    }

    @Test("properties read at an instant: status and position of a phase", arguments: [
        (NowPlaying.Status.playing, 12.0, Int64(12_000_000)), (.paused, 12.0, Int64(5_000_000)), (.stopped, 12.0, Int64(0)),
    ])
    func properties(status: NowPlaying.Status, seconds: Double, position: Int64) {
        let playing = Self.playing(status: status, frozen: status == .paused ? Self.t0.addingTimeInterval(5) : nil, length: status == .stopped ? nil : 40)
        let properties = MPRISProperties.player(playing, artURL: "file:///icon.svg", at: Self.t0.addingTimeInterval(seconds))
        #expect(properties["PlaybackStatus"] == .string(status.rawValue))
        #expect(properties["Position"] == .int64(position))
        #expect(properties["CanPlay"] == .bool(status != .stopped) && properties["CanPause"] == .bool(status != .stopped))
        #expect(properties["CanSeek"] == .bool(false) && properties["CanGoPrevious"] == .bool(false))
        guard case .dictionary(let metadata) = properties["Metadata"] else { Issue.record("no metadata"); return }
        #expect(metadata["mpris:artUrl"] == .string("file:///icon.svg"))
        #expect(metadata["xesam:title"] == .string("Work"))
    }
}
