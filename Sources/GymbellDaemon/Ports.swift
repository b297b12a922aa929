import FoundationEssentials
import GymbellCore
import GymbellPlatform
import GymbellStore

/// What the daemon needs of the parts that carry out the engine's effects; real ones in the daemon,
/// fakes in tests.

/// The state database.
protocol StateStoring: AnyObject {
    /// The durable state, read once at start-up.
    func load() throws(StoreError) -> StoredState
    /// Writes one change in one transaction.
    func apply(_ change: StoreChange) throws(StoreError)
    /// The sets logged since `since`, in the order done: the log lives here, not in the engine.
    func loggedSets(since: Date) throws(StoreError) -> [LoggedSet]
    /// A reader of the set log for another thread; nil while the state lives in memory.
    var setLogReader: SetLogReader? { get }
    /// Retries saving changes kept in memory while the file could not be written; returns whether all is saved.
    @discardableResult func saveUnsaved(at now: Date, force: Bool) -> Bool
    /// Why state is not being saved (nil: all is well), and when saving is tried next.
    var problem: StorageProblem? { get }
    var nextSaveAttempt: Date? { get }
}

extension StateStoring {
    func saveUnsaved(at now: Date) { saveUnsaved(at: now, force: false) }
}

extension StateStore: StateStoring {
    func loggedSets(since: Date) throws(StoreError) -> [LoggedSet] { try progress.loggedSets(since: since) }
    var setLogReader: SetLogReader? { progress.readerForAnotherThread }
}

/// The notifications on screen (Presenter).
protocol NoticeShowing: AnyObject {
    var onAction: ((NoticeTarget, String) -> Void)? { get set }
    var onSessionServerID: ((SessionID, UInt32) -> Void)? { get set }
    var sessionRunning: () -> Bool { get set }
    var server: ServerProfile { get }
    func serverAppeared(_ completion: @escaping () -> Void)
    func serverVanished()
    func apply(sound: SoundSettings)
    func prepareSound(_ readiness: SoundReadiness, now: Date)
    func present(_ reminder: Reminder, late: TimeInterval, accepted: @escaping () -> Void)
    func showSession(
        _ notice: Notice, of session: SessionID, audible: Bool, late: TimeInterval, accepted: (() -> Void)?, resuming serverID: UInt32?)
    func endSession(leavingCompletion: Bool)
    func close(where matches: (Reminder) -> Bool)
}

extension Presenter: NoticeShowing {}

/// The one timer the daemon sleeps on.
protocol WakeTimer: AnyObject {
    func arm(at instant: Date?) throws(SystemError)
}

extension RealtimeTimer: WakeTimer {}

/// The media player on the session bus (MediaPlayer): shows what the engine says is playing.
protocol MediaPlayerShowing: AnyObject {
    func show(_ playing: NowPlaying?)
}
