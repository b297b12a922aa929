import FoundationEssentials
import GymbellCore
import GymbellPlatform
import GymbellNotify
import GymbellSound
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
    /// The sessions started since `since`, oldest first: the history lives here, not in the engine.
    func history(since: Date?) throws(StoreError) -> [HistoryEntry]
    /// What each session before the latest with sets beat (the records timeline), in the order logged.
    func recordCandidates() throws(StoreError) -> [RecordCandidate]
    /// The set the log numbers `id`; nil when it has none.
    func loggedSet(id: Int64) throws(StoreError) -> LoggedSet?
    /// The whole log summed up (after a set was corrected: the summary cannot take a set back).
    func progressSummary() throws(StoreError) -> ProgressSummary
    /// A reader of the set log and the history for another thread; nil while the state lives in memory.
    var logReader: LogReader? { get }
    /// Retries saving changes kept in memory while the file could not be written; returns whether all is saved.
    @discardableResult func saveUnsaved(at now: Date, force: Bool) -> Bool
    /// Why state is not being saved (nil: all is well), and when saving is tried next (the engine arms
    /// the timer for it and asks for the retry: Effect.retrySaving).
    var problem: StorageProblem? { get }
    var nextSaveAttempt: Date? { get }
}

extension StateStoring {
    func saveUnsaved(at now: Date) { saveUnsaved(at: now, force: false) }
}

extension StateStore: StateStoring {
    func loggedSets(since: Date) throws(StoreError) -> [LoggedSet] { try progress.loggedSets(since: since) }
    var logReader: LogReader? { progress.readerForAnotherThread }
    func recordCandidates() throws(StoreError) -> [RecordCandidate] { try progress.recordCandidates() }
    func loggedSet(id: Int64) throws(StoreError) -> LoggedSet? { try progress.loggedSet(id: id) }
    func progressSummary() throws(StoreError) -> ProgressSummary { try progress.summary() }
}

/// The notifications on screen (Presenter).
protocol NoticeShowing: AnyObject {
    var onAction: ((NoticeTarget, String, String?) -> Void)? { get set }
    var onSessionServerID: ((SessionID, UInt32) -> Void)? { get set }
    var onNotShown: ((Reminder) -> Void)? { get set }
    var server: ServerProfile { get }
    func serverAppeared(_ completion: @escaping () -> Void)
    func serverVanished()
    func apply(sound: SoundSettings)
    func prepareSound(_ readiness: SoundReadiness, now: Date)
    /// Runs the voice where other audio makes room for it; false: the caller runs it.
    func speak(_ argv: [String]) -> Bool
    func present(_ reminder: Reminder, as notice: Notice, late: TimeInterval, accepted: @escaping () -> Void)
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

/// The desktop's idle inhibitor (ScreenKeeper): asked to keep the screen on while a workout runs.
protocol ScreenKeeping: AnyObject {
    func keepScreenOn(_ on: Bool)
}

/// libnotify on its thread (Notifier): the notice layer's only way to the notification server.
protocol NotificationPosting: AnyObject {
    var onAction: ((NotificationHandle, String, String?) -> Void)? { get set }
    var onClosed: ((NotificationHandle) -> Void)? { get set }
    var onFailed: ((NotificationHandle, NotifierError) -> Void)? { get set }
    var onUnconfirmed: ((NotificationHandle, NotifierError) -> Void)? { get set }
    func show(_ request: NotificationRequest, replacing serverID: UInt32?, accepted: ((UInt32) -> Void)?) -> NotificationHandle
    func update(_ handle: NotificationHandle, with request: NotificationRequest, reshow: Bool, accepted: ((UInt32) -> Void)?)
    func close(_ handle: NotificationHandle)
    func queryServer(_ completion: @escaping (NotificationServerInfo?) -> Void)
}

extension NotificationPosting {
    func show(_ request: NotificationRequest, accepted: ((UInt32) -> Void)? = nil) -> NotificationHandle {
        show(request, replacing: nil, accepted: accepted)
    }
    func update(_ handle: NotificationHandle, with request: NotificationRequest, reshow: Bool = true, accepted: ((UInt32) -> Void)? = nil) {
        update(handle, with: request, reshow: reshow, accepted: accepted)
    }
}

extension Notifier: NotificationPosting {}

/// The sound helper (SoundPlayer).
protocol SoundPlaying: AnyObject {
    var isHeld: Bool { get }
    func hold(_ sound: SoundPlayer.Sound, inSeconds delay: Double)
    func release()
    func play(_ sound: SoundPlayer.Sound, duck: SoundDucking)
    func speak(_ argv: [String], duck: SoundDucking) -> Bool
}

extension SoundPlaying {
    func hold(_ sound: SoundPlayer.Sound) { hold(sound, inSeconds: 0) }
}

extension SoundPlayer: SoundPlaying {}
