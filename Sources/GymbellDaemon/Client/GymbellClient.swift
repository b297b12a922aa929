import Foundation
import GymbellCore
import GymbellDesktop

/// Why a CLI command could not be carried out, as a sentence for the terminal.
public enum ClientError: Error, CustomStringConvertible {
    /// No session bus, or no daemon on it.
    case noDaemon(String)
    /// The daemon refused the command (bad value, no session, invalid config …).
    case refused(name: String, message: String)
    /// The daemon's answer was not what the interface promises.
    case badReply(String)

    public var description: String {
        switch self {
        case .noDaemon(let message), .badReply(let message): message
        case .refused(_, let message): message
        }
    }
}

/// The CLI's side of `io.github.gymbell.Gymbell1`: one typed method per D-Bus method.
public final class GymbellClient {
    private let bus: DBusClient
    private let timeoutMilliseconds: Int32

    public init(address: String? = nil, timeoutMilliseconds: Int32 = 10_000) throws(ClientError) {
        do {
            bus = try DBusClient(address: address)
        } catch {
            throw .noDaemon(
                "cannot reach the session bus (\(error.message)). gymbell needs a desktop session; "
                    + "inside one, start the daemon with `gymbell daemon`.")
        }
        self.timeoutMilliseconds = timeoutMilliseconds
    }

    public func rest(seconds: UInt32?) throws(ClientError) -> Date {
        if let seconds { return try instant(call("Rest", [.uint32(seconds)])) }
        return try instant(call("RestDefault", []))
    }

    public func adjustRest(by seconds: Int32) throws(ClientError) -> Date { try instant(call("AdjustRest", [.int32(seconds)])) }

    public func hiit(rounds: UInt32, work: Double, rest: Double) throws(ClientError) -> Date {
        try instant(call("Hiit", [.uint32(rounds), .double(work), .double(rest)]))
    }

    public func walkRun(run: Double, walk: Double, repeats: UInt32) throws(ClientError) -> Date {
        try instant(call("WalkRun", [.double(run), .double(walk), .uint32(repeats)]))
    }

    public func start(workout: String?) throws(ClientError) -> String { try text(call("Start", [.string(workout ?? "")])) }

    public func setDone() throws(ClientError) -> String { try text(call("SetDone", [])) }

    /// The session that was stopped (`session`) and the reminders cancelled with it (`pending`).
    public func stop() throws(ClientError) -> StatusReport { try report(call("Stop", [])) }

    public func snooze(minutes: UInt32?) throws(ClientError) -> Date { try instant(call("Snooze", [.uint32(minutes ?? 0)])) }

    public func skipToday() throws(ClientError) -> Date? {
        let value = try text(call("SkipToday", []))
        return value.isEmpty ? nil : try instant([.string(value)])
    }

    public func upcomingJSON(days: UInt32) throws(ClientError) -> String { try text(call("Upcoming", [.uint32(days)])) }

    public func upcoming(days: UInt32) throws(ClientError) -> [UpcomingEntry] {
        let json = try upcomingJSON(days: days)
        do { return try UpcomingEntry.decode(jsonText: json) } catch { throw .badReply("the daemon's list could not be read: \(error)") }
    }

    public func statusJSON() throws(ClientError) -> String { try text(call("Status", [])) }

    public func status() throws(ClientError) -> StatusReport { try report([.string(statusJSON())]) }

    public func reload() throws(ClientError) -> String { try text(call("Reload", [])) }

    /// Carries on the paused workout; the daemon's sentence says where it stands.
    public func resume() throws(ClientError) -> String { try text(call("Resume", [])) }

    /// Sessions started in the last `days` days (1 to 3660), oldest first, as the daemon's JSON array.
    public func historyJSON(days: UInt32) throws(ClientError) -> String { try text(call("History", [.uint32(days)])) }

    public func history(days: UInt32) throws(ClientError) -> [HistoryEntry] {
        let json = try historyJSON(days: days)
        do { return try HistoryEntry.decode(jsonText: json) } catch { throw .badReply("the daemon's history could not be read: \(error)") }
    }

    public func statsJSON() throws(ClientError) -> String { try text(call("Stats", [])) }

    public func stats() throws(ClientError) -> StatsReport {
        let json = try statsJSON()
        do { return try StatsReport.decode(jsonText: json) } catch { throw .badReply("the daemon's statistics could not be read: \(error)") }
    }

    public func suggestJSON() throws(ClientError) -> String { try text(call("Suggest", [])) }

    public func suggest() throws(ClientError) -> SuggestReport {
        let json = try suggestJSON()
        do { return try SuggestReport.decode(jsonText: json) } catch { throw .badReply("the daemon's suggestions could not be read: \(error)") }
    }

    /// The planned workouts of the next `weeks` weeks (1 to 52) as iCalendar text.
    public func exportICS(weeks: UInt32) throws(ClientError) -> String {
        let ics = try text(call("ExportIcs", [.uint32(weeks)]))
        // Checked here so that no other text ends up in the user's calendar file.
        guard ics.hasPrefix("BEGIN:VCALENDAR") else { throw .badReply("the daemon's answer is not an iCalendar text: \(ics.prefix(80))") }
        return ics
    }

    // MARK: Plumbing

    private func call(_ member: String, _ arguments: [DBusValue]) throws(ClientError) -> [DBusValue] {
        do {
            return try bus.call(
                destination: BusNames.wellKnownName, path: BusNames.objectPath, interface: BusNames.interface,
                member: member, arguments: arguments, timeoutMilliseconds: Int(timeoutMilliseconds))
        } catch {
            switch error.name {
            case DBusError.serviceUnknown, "org.freedesktop.DBus.Error.NameHasNoOwner", DBusError.noServer, DBusError.disconnected:
                throw .noDaemon(
                    "no gymbell daemon is running on this session bus; start it with `gymbell daemon` "
                        + "(or `systemctl --user start gymbell` where the user unit is installed)")
            case DBusError.noReply:
                throw .noDaemon("the gymbell daemon did not answer in time (\(error.message))")
            default:
                throw .refused(name: error.name, message: error.message)
            }
        }
    }

    private func text(_ values: [DBusValue]) throws(ClientError) -> String {
        guard let value = values.first?.string, values.count == 1 else {
            throw .badReply("the daemon answered \(values) where one string was expected")
        }
        return value
    }

    private func instant(_ values: [DBusValue]) throws(ClientError) -> Date {
        let value = try text(values)
        guard let date = ISO8601.parse(value) else { throw .badReply("the daemon answered \"\(value)\" where an instant was expected") }
        return date
    }

    private func report(_ values: [DBusValue]) throws(ClientError) -> StatusReport {
        let json = try text(values)
        do {
            return try StatusReport.decode(jsonText: json)
        } catch {
            throw .badReply("the daemon's status could not be read: \(error)")
        }
    }
}
