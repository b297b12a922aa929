import Foundation
import GymbellControl
import GymbellCore
import GymbellBus
import GymbellPlatform
import GymbellSettings
import GymbellStore
import Logging
import Testing
@testable import GymbellDaemon

/// The daemon as the interpreter of the engine's effects, with a fake notification server and timer,
/// a clock the test moves, and a real SQLite store.
@Suite("Daemon: carrying out the engine's effects")
struct DaemonTests {
    final class Clock: @unchecked Sendable {
        var now = Date(timeIntervalSince1970: 1_800_000_000)
    }

    /// Records what would be on screen; takes every notification at once, or only when told.
    final class FakePresenter: NoticeShowing {
        var onAction: ((NoticeTarget, String, String?) -> Void)?
        var onSessionServerID: ((SessionID, UInt32) -> Void)?
        var onNotShown: ((Reminder) -> Void)?
        var server = ServerProfile.unknown
        var takesAtOnce = true
        var presented: [Reminder] = []
        var sessionNotices: [(notice: Notice, audible: Bool)] = []
        var closed = 0
        var endedSession: [Bool] = []
        var waiting: [() -> Void] = []
        var sound: SoundSettings?
        var readiness: [SoundReadiness] = []

        func serverAppeared(_ completion: @escaping () -> Void) { completion() }
        func serverVanished() {}
        func apply(sound: SoundSettings) { self.sound = sound }
        func prepareSound(_ readiness: SoundReadiness, now: Date) { self.readiness.append(readiness) }
        func speak(_ argv: [String]) -> Bool { false }
        func present(_ reminder: Reminder, as notice: Notice, late: TimeInterval, accepted: @escaping () -> Void) {
            presented.append(reminder)
            take(accepted)
        }
        func showSession(
            _ notice: Notice, of session: SessionID, audible: Bool, late: TimeInterval, accepted: (() -> Void)?, resuming serverID: UInt32?
        ) {
            sessionNotices.append((notice, audible))
            if let accepted { take(accepted) }
            onSessionServerID?(session, 17)
        }
        func endSession(leavingCompletion: Bool) { endedSession.append(leavingCompletion) }
        func close(where matches: (Reminder) -> Bool) { closed += 1 }

        private func take(_ accepted: @escaping () -> Void) {
            if takesAtOnce { accepted() } else { waiting.append(accepted) }
        }
    }

    final class FakeTimer: WakeTimer {
        var armed: Date?
        func arm(at instant: Date?) { armed = instant }
    }

    let clock = Clock()
    let presenter = FakePresenter()
    let timer = FakeTimer()
    var launched: [[String]] = []

    func daemon(
        _ toml: String = "", store: StateStore? = nil, launch: @escaping ([String], [String: String]) throws -> Void = { _, _ in },
        ownToken: @escaping () -> String? = { nil }
    ) throws -> (Daemon, StateStore) {
        let store = try store ?? StateStore()
        let config = LoadedConfig(config: try ConfigParser.parse(toml, path: "config.toml"), path: "config.toml")
        let clock = self.clock
        var ids = 0
        let environment = Daemon.Environment(
            clock: { clock.now }, timeZone: { SystemZones.named("Europe/Berlin")! }, launch: launch,
            newID: { ids += 1; return "s\(ids)" }, isInstalled: { _ in false }, ownActivationToken: ownToken)
        let daemon = Daemon(
            config: config, store: store, presenter: presenter, timer: timer, environment: environment, logger: Logger(label: "test"))
        return (daemon, store)
    }

    @Test func aRestIsWrittenArmedShownAndRecorded() throws {
        let (daemon, store) = try daemon()
        daemon.reevaluate()
        let end = try #require(try daemon.run(.rest(seconds: 30)).get().until)
        #expect(end == clock.now.addingTimeInterval(30))
        #expect(timer.armed == end)
        #expect(try store.activeSession()?.endsAt == end)
        #expect(try store.pendingReminders().map(\.kind) == [.restOver])
        let running = try #require(try store.activeSession())
        #expect(try store.noticeID(of: running.id) == 17)

        clock.now = end
        daemon.reevaluate()  // the timer fired
        #expect(presenter.sessionNotices.filter(\.audible).map(\.notice.title) == ["Rest over ⏰"])
        // Taken by the server: gone from the database, the session recorded as completed.
        #expect(try store.pendingReminders().isEmpty)
        #expect(try store.activeSession() == nil)
        #expect(try store.history().last?.outcome == .completed)
        #expect(presenter.endedSession.last == true)  // the completion stays on screen to expire
    }

    /// Start-up reads the set log's summary on a thread of its own (issue 33); the engine has it before
    /// its first event, and after a restart it is what was logged.
    @Test func theSetLogsSummaryReadAtStartUpIsTheEnginesBeforeItsFirstEvent() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "gymbell-summary-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appending(path: "state.sqlite").path
        var sets: [LoggedSet] = []
        for n in 0..<30 {
            let weight: Double = 100 + Double(n / 5) * 2.5
            let at = Date(timeIntervalSince1970: 1_800_000_000 + Double(n * 600 - 86_400))
            sets.append(LoggedSet(session: SessionID("w\(n / 5)"), exercise: "Squat", setNumber: n % 5 + 1, reps: 5, weight: weight, at: at))
        }
        do {
            let store = try StateStore(path: path)
            for set in sets { try store.apply(.logSet(set)) }
            store.close()
        }
        let store = try StateStore(path: path)
        defer { store.close() }
        let initial = StartUpState.read(from: store, helpedBy: StateStore.AgendaReadHelp())
        #expect(initial.progress != nil && initial.state.progress == ProgressSummary())
        let config = LoadedConfig(config: Config(), path: "config.toml")
        let now = clock
        let daemon = Daemon(
            config: config, store: store, initial: initial, presenter: presenter, timer: timer,
            environment: Daemon.Environment(clock: { now.now }, timeZone: { SystemZones.named("Europe/Berlin")! }, isInstalled: { _ in false }),
            logger: Logger(label: "test"))
        guard case .success(.stats(let stats)) = daemon.run(.stats) else { Issue.record("no stats"); return }
        #expect(stats.volumeKilograms == (sets.volumeKilograms * 10).rounded() / 10)
        #expect(daemon.state.progress == ProgressSummary(sets))
        guard case .success(.records(let records)) = daemon.run(.records(earlier: [])) else { Issue.record("no records"); return }
        #expect(records.records.map(\.set.loadText) == ["5 × 102.5 kg", "5 × 105 kg", "5 × 107.5 kg", "5 × 110 kg", "5 × 112.5 kg"])
        // The sets came without the engine (as seeded ones do): what the closed sessions beat was kept
        // in the records timeline as start-up added them; the open session's record is the engine's.
        #expect(try store.progress.recordCandidates().compactMap(\.set?.loadText) == ["5 × 102.5 kg", "5 × 105 kg", "5 × 107.5 kg", "5 × 110 kg"])
    }

    final class FakePlayer: MediaPlayerShowing {
        var shown: [NowPlaying?] = []
        func show(_ playing: NowPlaying?) { shown.append(playing) }
    }

    @Test func theMediaPlayerShowsTheSessionAndGoesWithIt() throws {
        let (daemon, _) = try daemon()
        let player = FakePlayer()
        daemon.attach(player: player)
        daemon.reevaluate()
        _ = daemon.run(.hiit(HIITPlan(rounds: 1, work: 10, rest: 5), title: nil, workout: nil))
        #expect(player.shown.last??.title == "Work")
        _ = daemon.run(.player(.playPause))  // pauses the timeline
        #expect(player.shown.last??.status == .paused)
        _ = daemon.run(.player(.stop))
        #expect(player.shown.map { $0?.title } == [nil, "Work", "Work", nil])
    }

    @Test func aReminderNotYetTakenStaysInTheDatabaseUntilItIs() throws {
        presenter.takesAtOnce = false
        let (daemon, store) = try daemon()
        daemon.reevaluate()
        _ = daemon.run(.rest(seconds: 5))
        clock.now = clock.now.addingTimeInterval(5)
        daemon.reevaluate()
        #expect(try store.pendingReminders().count == 1)  // a crash now shows it again after the restart
        daemon.reevaluate()
        #expect(presenter.sessionNotices.filter(\.audible).count == 1)  // but not twice in this process
        presenter.waiting.forEach { $0() }
        #expect(try store.pendingReminders().isEmpty)
    }

    @Test func aRestartedDaemonCarriesOnFromTheDatabase() throws {
        let store = try StateStore()
        do {
            let (first, _) = try daemon(store: store)
            first.reevaluate()
            _ = first.run(.hiit(HIITPlan(rounds: 2, work: 10, rest: 5), title: nil, workout: nil))
        }
        clock.now = clock.now.addingTimeInterval(12)
        let (second, _) = try daemon(store: store)
        second.reevaluate()
        #expect(presenter.sessionNotices.filter(\.audible).map(\.notice.title) == ["Work phase done ✅"])
        #expect(timer.armed == Date(timeIntervalSince1970: 1_800_000_015))
    }

    @Test func aFailingStartCommandIsToldInTheReply() throws {
        struct Failure: Error, CustomStringConvertible { var description: String { "no such program" } }
        let (daemon, _) = try daemon("[reminders]\nstart_command = [\"nope\"]\n", launch: { _, _ in throw Failure() })
        daemon.reevaluate()
        #expect(daemon.run(.start(workout: nil)) == .success(.text(
            "No workout is planned today, so none is tracked; no more reminders today; start_command failed: no such program")))
    }

    /// Issue 46: `gymbell start` on a rest day of a programme starts nothing and says so, naming the
    /// workouts; by name it starts one.
    @Test func startOnARestDayStartsNothingAndSaysWhy() throws {
        let (daemon, store) = try daemon("""
            [program]
            mon = "push"

            [workouts.push]
            title = "Push Day"
            kind = "strength"
            exercises = [{ name = "Bench Press", sets = 3, reps = 5, rest = 90 }]
            """)  // the clock's 2027-01-15 is a Friday
        daemon.reevaluate()
        #expect(daemon.run(.start(workout: nil)) == .failure(.invalidArgument(
            "today is a rest day in the programme: no workout started; start one by name (`gymbell start NAME`): \"push\"")))
        #expect(try store.activeSession() == nil)
        #expect(daemon.run(.start(workout: "push")) == .success(.text("Started Push Day")))
        #expect(try store.activeSession()?.title == "Push Day")
    }

    @Test func aClickOnTheDailyReminderStartsTheWorkoutAndRunsTheCommand() throws {
        var ran: [[String]] = []
        let (daemon, store) = try daemon("[reminders]\ntime = \"00:00\"\nstart_command = [\"xdg-open\", \"x\"]\n", launch: { argv, _ in ran.append(argv) })
        clock.now = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15 09:00 in Berlin: today's 00:00 is long past
        daemon.reevaluate()
        let tomorrow = try #require(timer.armed)
        clock.now = tomorrow
        daemon.reevaluate()
        let daily = try #require(presenter.presented.last)
        #expect(daily.kind == .daily)
        presenter.onAction?(.reminder(daily), "start", nil)
        #expect(ran == [["xdg-open", "x"]])
        #expect(try store.dailyState().quietDay != nil)
    }

    @Test func whatAClickLaunchesCarriesItsActivationToken() throws {
        var ran: [(argv: [String], environment: [String: String])] = []
        let (daemon, _) = try daemon(
            "[reminders]\ntime = \"00:00\"\nstart_command = [\"my-player\"]\n", launch: { ran.append(($0, $1)) })
        clock.now = Date(timeIntervalSince1970: 1_800_000_000)
        daemon.reevaluate()
        clock.now = try #require(timer.armed)
        daemon.reevaluate()
        let daily = try #require(presenter.presented.last)
        presenter.onAction?(.reminder(daily), "start", "kwin-token-7")
        #expect(ran.map(\.argv) == [["my-player"]])
        #expect(ran.first?.environment == ["XDG_ACTIVATION_TOKEN": "kwin-token-7", "DESKTOP_STARTUP_ID": "kwin-token-7"])
        // A start from the CLI is no click: nothing of the token stays for it.
        _ = daemon.run(.stop)
        _ = daemon.run(.start(workout: nil))
        #expect(ran.count == 2 && ran[1].environment.isEmpty)
    }

    /// mako, swaync, dunst and GNOME Shell 43 send no ActivationToken: the daemon asks the compositor for
    /// one of its own (WaylandActivation), a fresh one per launch, and only for what a click launches.
    @Test func whereTheServerSendsNoTokenTheClickGetsTheDaemonsOwn() throws {
        var ran: [(argv: [String], environment: [String: String])] = []
        var asked = 0
        let (daemon, _) = try daemon(
            "[reminders]\ntime = \"00:00\"\nstart_command = [\"my-player\"]\n", launch: { ran.append(($0, $1)) },
            ownToken: { asked += 1; return "gymbell-\(asked)" })
        clock.now = Date(timeIntervalSince1970: 1_800_000_000)
        daemon.reevaluate()
        clock.now = try #require(timer.armed)
        daemon.reevaluate()
        presenter.onAction?(.reminder(try #require(presenter.presented.last)), "start", nil)
        #expect(ran.map(\.environment) == [["XDG_ACTIVATION_TOKEN": "gymbell-1", "DESKTOP_STARTUP_ID": "gymbell-1"]])
        _ = daemon.run(.stop)
        _ = daemon.run(.start(workout: nil))
        #expect(asked == 1 && ran.count == 2 && ran[1].environment.isEmpty, "a start from the CLI is no click")
    }

    @Test func aNewConfigIsTakenUp() throws {
        let (daemon, _) = try daemon()
        daemon.reevaluate()
        daemon.apply(LoadedConfig(config: try ConfigParser.parse("[sound]\nname = \"bell\"\n", path: "new.toml"), path: "new.toml"))
        #expect(presenter.sound?.name == "bell")
        #expect(daemon.loaded.origin == "new.toml")
        #expect(daemon.run(.start(workout: "x")) == .failure(.invalidArgument("no workout named \"x\" in new.toml")))
    }

    /// The window follows the Changed signal: one after each event that changed what Status, Upcoming
    /// or Stats answer, none after a question or a refusal.
    @Test func changesAreAnnouncedOnceAndQuestionsAreNot() throws {
        let (daemon, _) = try daemon()
        var announced = 0
        daemon.onChange = { announced += 1 }
        daemon.reevaluate()
        let afterStart = announced
        _ = daemon.run(.rest(seconds: 30))
        #expect(announced == afterStart + 1)
        _ = daemon.run(.status)
        _ = daemon.run(.upcoming(days: 7))
        _ = daemon.run(.adjustRest(by: 100_000))  // refused: out of range
        #expect(announced == afterStart + 1)
        _ = daemon.run(.stop)
        #expect(announced == afterStart + 2)
        daemon.apply(LoadedConfig(config: try ConfigParser.parse("[rest]\ndefault = \"60s\"\n", path: "new.toml"), path: "new.toml"))
        #expect(announced == afterStart + 3)
    }

    /// A name of a megabyte sent over the bus is refused with a short error that quotes its start,
    /// escaped, as the config's diagnostics quote a long value (TOMLText.quoted).
    @Test func aRefusalQuotesALongArgumentShort() throws {
        let (daemon, _) = try daemon("""
            [workouts.push]
            title = "Push Day"
            kind = "strength"
            exercises = [{ name = "Bench Press", sets = 2, reps = 8, weight = 80, unit = "kg", rest = 60 }]
            """)
        let control = ControlInterface(commands: daemon, reload: { "config.toml" })
        let long = "\u{1B}[2J" + String(repeating: "x", count: 1 << 20)
        func refusal(_ member: String, _ arguments: [DBusValue]) -> DBusError? {
            let call = DBusMethodCall(
                sender: ":1.7", path: BusNames.objectPath, interface: BusNames.interface, member: member,
                signature: arguments.dbusSignature, arguments: arguments)
            guard case .error(let error) = control.handle(call) else { return nil }
            return error
        }
        let quoted = "\"\\u001B[2J" + String(repeating: "x", count: 36) + "…\" (1048580 characters)"
        for (member, arguments) in [
            ("Start", [DBusValue.string(long)]), ("SetWeight", [.string(long), .double(100)]),
            ("ResetWeights", [.stringArray([long, "Bench Press"])]), ("SetDoneAs", [.string(long)]),
        ] {
            let error = try #require(refusal(member, arguments), "\(member)")
            #expect(error.name == ControlErrorName.invalidArgs.rawValue || error.name == ControlErrorName.noSession.rawValue, "\(member)")
            #expect(error.message.utf8.count < 300, "\(member): \(error.message.prefix(400))")
            #expect(!error.message.unicodeScalars.contains(where: TerminalText.needsEscape), "\(member)")
            #expect(error.message.contains(quoted), "\(member): \(error.message)")
        }
        #expect(refusal("Start", [.string(long)])?.message == "no workout named \(quoted) in config.toml; defined: \"push\"")
    }
}
