import FoundationEssentials
import GymbellCore
import GymbellBus
import GymbellPlatform
import Logging

/// The running session as an MPRIS 2 player on the session bus (`org.mpris.MediaPlayer2.gymbell`):
/// the name is owned, on a connection of its own, only while a session runs, so closing that
/// connection is what takes the player away. Answers the properties and the controls, and signals
/// every change (PropertiesChanged; Seeked when the position in a phase jumps). Decides nothing: the
/// engine says what is playing (`show`), the controls go back to it (`onControl`).
final class MediaPlayer: MediaPlayerShowing {
    var onControl: ((PlayerControl) -> Void)?

    private let loop: MainLoop
    private let address: String?
    private let artURL: String?
    private let clock: () -> Date
    private let logger: Logger
    private var service: DBusService?
    private var playing: NowPlaying?
    private var opening = false

    init(loop: MainLoop, address: String? = nil, artURL: String?, clock: @escaping () -> Date = Date.init, logger: Logger) {
        self.loop = loop
        self.address = address
        self.artURL = artURL
        self.clock = clock
        self.logger = logger
    }

    func show(_ new: NowPlaying?) {
        let old = playing
        playing = new
        guard let new else {
            // Later: Stop arrives as one of the player's own calls, and a service is not closed from inside its dispatch.
            if let service {
                self.service = nil
                _ = loop.idle { service.close() }
            }
            return
        }
        guard let service else {
            openLater()
            return
        }
        do {
            for signal in MPRISProperties.signals(from: old, to: new, artURL: artURL, at: clock()) {
                try service.emitSignal(interface: signal.interface, member: signal.member, arguments: signal.arguments)
            }
        } catch {
            logger.warning("cannot signal the media player's change: \(error)")
        }
    }

    /// Takes the player off the bus now (the daemon exits).
    func close() {
        service?.close()
        service = nil
        playing = nil
    }

    /// Owns the name on the next turn of the loop, after a player that just went has left it.
    private func openLater() {
        guard !opening else { return }
        opening = true
        _ = loop.idle { [weak self] in
            guard let self else { return }
            opening = false
            guard playing != nil, service == nil else { return }
            do {
                service = try DBusService(
                    loop: loop, address: address, name: MPRISProperties.busName, objectPath: MPRISProperties.objectPath,
                    introspectionXML: MPRISProperties.introspectionXML, handler: { [weak self] in self?.handle($0) ?? .values([]) })
                logger.info("media player on the bus", metadata: ["name": "\(MPRISProperties.busName)"])
            } catch {
                logger.warning("no media player on the bus: \(error)")
            }
        }
    }

    private func properties(of interface: String) -> [String: DBusValue]? {
        switch interface {
        case MPRISProperties.rootInterface: return MPRISProperties.root
        case MPRISProperties.playerInterface:
            return playing.map { MPRISProperties.player($0, artURL: artURL, at: clock()) } ?? [:]
        default: return nil
        }
    }

    func handle(_ call: DBusMethodCall) -> DBusReply {
        let interface = call.interface
        switch (interface, call.member) {
        case (MPRISProperties.propertiesInterface, "Get"), ("", "Get"):
            guard call.arguments.count == 2, let name = call.arguments[0].string, let property = call.arguments[1].string else {
                return .error(.invalidArgs("Get takes an interface and a property name"))
            }
            guard let value = properties(of: name)?[property] else {
                return .error(DBusError(name: "org.freedesktop.DBus.Error.UnknownProperty", message: "no property \(name).\(property)"))
            }
            return .values([.variant(value)])
        case (MPRISProperties.propertiesInterface, "GetAll"), ("", "GetAll"):
            guard call.arguments.count == 1, let name = call.arguments[0].string else {
                return .error(.invalidArgs("GetAll takes an interface name"))
            }
            guard let all = properties(of: name) else {
                return .error(DBusError(name: "org.freedesktop.DBus.Error.UnknownInterface", message: "no interface \(name)"))
            }
            return .values([.dictionary(all)])
        case (MPRISProperties.propertiesInterface, "Set"), ("", "Set"):
            return .error(DBusError(name: "org.freedesktop.DBus.Error.PropertyReadOnly", message: "gymbell's player properties are read-only"))
        case (MPRISProperties.rootInterface, "Raise"), (MPRISProperties.rootInterface, "Quit"), ("", "Raise"), ("", "Quit"),
             (MPRISProperties.playerInterface, "Previous"), ("", "Previous"):
            return .values([])  // CanRaise, CanQuit and CanGoPrevious are false: no effect, as the spec asks
        case (MPRISProperties.playerInterface, "Seek"), (MPRISProperties.playerInterface, "SetPosition"), ("", "Seek"), ("", "SetPosition"):
            return .error(DBusError(
                name: "org.freedesktop.DBus.Error.NotSupported",
                message: "a workout's phase cannot be seeked (CanSeek is false); Next skips to the next phase"))
        case (MPRISProperties.playerInterface, "OpenUri"), ("", "OpenUri"):
            return .error(DBusError(name: "org.freedesktop.DBus.Error.NotSupported", message: "gymbell opens no URIs"))
        case (MPRISProperties.playerInterface, let member), ("", let member):
            guard let control = Self.controls[member] else { break }
            onControl?(control)
            return .values([])
        default: break
        }
        return .error(DBusError(name: DBusError.unknownMethod, message: "no method \(interface).\(call.member) on \(MPRISProperties.objectPath)"))
    }

    private static let controls: [String: PlayerControl] = [
        "PlayPause": .playPause, "Play": .play, "Pause": .pause, "Next": .next, "Stop": .stop,
    ]
}
