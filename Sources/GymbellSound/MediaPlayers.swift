import GymbellBus
import GymbellCore

/// The media players on the session bus (MPRIS 2), as the sound helper sees and drives them: one
/// blocking libdbus connection, each call bounded, so that a player that does not answer costs a
/// moment, not the helper (https://specifications.freedesktop.org/mpris-spec/2.2/).
final class MediaPlayers {
    private static let objectPath = "/org/mpris/MediaPlayer2"
    private static let playerInterface = "org.mpris.MediaPlayer2.Player"
    /// The longest one call waits for a player's answer.
    private static let timeout = 1000
    private let bus: DBusClient

    /// Connects to the session bus (`DBUS_SESSION_BUS_ADDRESS`, else `$XDG_RUNTIME_DIR/bus`).
    init() throws(DBusError) {
        bus = try DBusClient()
    }

    /// The players of other programs on the bus now, each with its owner and PlaybackStatus (one that
    /// does not answer is left out: it is not paused, nor resumed).
    func list() throws(DBusError) -> [PlayerPausePlan.Player] {
        let names = try bus.call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            member: "ListNames", timeoutMilliseconds: Self.timeout
        ).first?.stringArray ?? []
        return names.filter(PlayerPausePlan.isOthers).compactMap { name in
            guard let owner = try? bus.call(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                member: "GetNameOwner", arguments: [.string(name)], timeoutMilliseconds: Self.timeout
            ).first?.string,
                let status = try? bus.call(
                    destination: name, path: Self.objectPath, interface: "org.freedesktop.DBus.Properties", member: "Get",
                    arguments: [.string(Self.playerInterface), .string("PlaybackStatus")], timeoutMilliseconds: Self.timeout
                ).first?.unwrapped?.string
            else { return nil }
            return PlayerPausePlan.Player(busName: name, owner: owner, status: status)
        }
    }

    /// Sends `Pause` or `Play` to the player of `entry`, at the connection that was paused (a player
    /// that quit meanwhile does not get another's Play).
    func send(_ member: String, to entry: PlayerPausePlan.Entry) throws(DBusError) {
        _ = try bus.call(
            destination: entry.owner, path: Self.objectPath, interface: Self.playerInterface, member: member,
            timeoutMilliseconds: Self.timeout)
    }
}

extension DBusValue {
    /// The value inside a variant (a property's value), or the value itself.
    fileprivate var unwrapped: DBusValue? {
        if case .variant(let inner) = self { inner } else { self }
    }
}
