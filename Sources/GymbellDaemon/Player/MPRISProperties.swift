import FoundationEssentials
import GymbellCore
import GymbellBus

/// The MPRIS 2 properties of the running session (https://specifications.freedesktop.org/mpris-spec/2.2/),
/// as `NowPlaying` gives them: values only, no bus.
enum MPRISProperties {
    static let busName = "org.mpris.MediaPlayer2.gymbell"
    static let objectPath = "/org/mpris/MediaPlayer2"
    static let rootInterface = "org.mpris.MediaPlayer2"
    static let playerInterface = "org.mpris.MediaPlayer2.Player"
    static let propertiesInterface = "org.freedesktop.DBus.Properties"

    /// `org.mpris.MediaPlayer2`: who the player is.
    static let root: [String: DBusValue] = [
        "CanQuit": .bool(false), "CanRaise": .bool(false), "HasTrackList": .bool(false), "Identity": .string("gymbell"),
        "DesktopEntry": .string("io.github.gymbell.Gymbell"), "SupportedUriSchemes": .stringArray([]),
        "SupportedMimeTypes": .stringArray([]),
    ]

    /// `org.mpris.MediaPlayer2.Player` at `now`. Position is only read, never signalled (it changes
    /// all the time; `Seeked` says when it jumps).
    static func player(_ playing: NowPlaying, artURL: String?, at now: Date) -> [String: DBusValue] {
        var properties = changing(playing, artURL: artURL)
        properties["Position"] = .int64(microseconds(playing.position(at: now)))
        return properties
    }

    /// The player's properties that PropertiesChanged carries.
    static func changing(_ playing: NowPlaying, artURL: String?) -> [String: DBusValue] {
        [
            "PlaybackStatus": .string(playing.status.rawValue), "Rate": .double(1), "MinimumRate": .double(1),
            "MaximumRate": .double(1), "Volume": .double(1), "Metadata": .dictionary(metadata(playing, artURL: artURL)),
            "CanGoNext": .bool(playing.canGoNext), "CanGoPrevious": .bool(false), "CanPlay": .bool(playing.status != .stopped),
            "CanPause": .bool(playing.status != .stopped), "CanSeek": .bool(false), "CanControl": .bool(true),
        ]
    }

    /// A signal the player emits.
    struct Signal: Equatable {
        var interface: String
        var member: String
        var arguments: [DBusValue]
    }

    /// What the player signals when what it shows goes from `old` to `new` at `now`: PropertiesChanged
    /// with the properties that changed (none: no signal), and Seeked when the position in the same
    /// phase jumped (a pause's resume, an adjusted rest) by more than a quarter second.
    static func signals(from old: NowPlaying?, to new: NowPlaying, artURL: String?, at now: Date) -> [Signal] {
        var signals: [Signal] = []
        let before = old.map { changing($0, artURL: artURL) } ?? [:]
        let changed = changing(new, artURL: artURL).filter { before[$0.key] != $0.value }
        if !changed.isEmpty {
            signals.append(Signal(
                interface: propertiesInterface, member: "PropertiesChanged",
                arguments: [.string(playerInterface), .dictionary(changed), .stringArray([])]))
        }
        if let old, old.session == new.session, old.track == new.track, abs(old.position(at: now) - new.position(at: now)) > 0.25 {
            signals.append(Signal(interface: playerInterface, member: "Seeked", arguments: [.int64(microseconds(new.position(at: now)))]))
        }
        return signals
    }

    static func metadata(_ playing: NowPlaying, artURL: String?) -> [String: DBusValue] {
        guard playing.session != nil else { return ["mpris:trackid": .objectPath(noTrack)] }
        var metadata: [String: DBusValue] = [
            "mpris:trackid": .objectPath(trackID(playing)), "xesam:title": .string(playing.title),
            "xesam:artist": .stringArray([playing.artist]), "xesam:album": .string(playing.album),
        ]
        if let length = playing.length { metadata["mpris:length"] = .int64(microseconds(length)) }
        if let artURL { metadata["mpris:artUrl"] = .string(artURL) }
        return metadata
    }

    /// MPRIS's track id of "no track".
    static let noTrack = "/org/mpris/MediaPlayer2/TrackList/NoTrack"

    /// `/io/github/gymbell/Gymbell/track/<session>_<phase>`: a new phase is a new track.
    static func trackID(_ playing: NowPlaying) -> String {
        guard let session = playing.session else { return noTrack }
        let safe = { (text: String) in String(text.unicodeScalars.map { $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0) ? Character($0) : "_" }) }
        return "/io/github/gymbell/Gymbell/track/\(safe(session.rawValue))_\(safe(playing.track))"
    }

    static func microseconds(_ seconds: TimeInterval) -> Int64 { Int64((seconds * 1_000_000).rounded()) }

    static let introspectionXML = """
        <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
        <node>
          <interface name="org.mpris.MediaPlayer2">
            <method name="Raise"/>
            <method name="Quit"/>
            <property name="CanQuit" type="b" access="read"/>
            <property name="CanRaise" type="b" access="read"/>
            <property name="HasTrackList" type="b" access="read"/>
            <property name="Identity" type="s" access="read"/>
            <property name="DesktopEntry" type="s" access="read"/>
            <property name="SupportedUriSchemes" type="as" access="read"/>
            <property name="SupportedMimeTypes" type="as" access="read"/>
          </interface>
          <interface name="org.mpris.MediaPlayer2.Player">
            <method name="Next"/>
            <method name="Previous"/>
            <method name="Pause"/>
            <method name="PlayPause"/>
            <method name="Stop"/>
            <method name="Play"/>
            <method name="Seek"><arg name="Offset" type="x" direction="in"/></method>
            <method name="SetPosition">
              <arg name="TrackId" type="o" direction="in"/>
              <arg name="Position" type="x" direction="in"/>
            </method>
            <method name="OpenUri"><arg name="Uri" type="s" direction="in"/></method>
            <signal name="Seeked"><arg name="Position" type="x"/></signal>
            <property name="PlaybackStatus" type="s" access="read"/>
            <property name="Rate" type="d" access="read"/>
            <property name="Metadata" type="a{sv}" access="read"/>
            <property name="Volume" type="d" access="read"/>
            <property name="Position" type="x" access="read"/>
            <property name="MinimumRate" type="d" access="read"/>
            <property name="MaximumRate" type="d" access="read"/>
            <property name="CanGoNext" type="b" access="read"/>
            <property name="CanGoPrevious" type="b" access="read"/>
            <property name="CanPlay" type="b" access="read"/>
            <property name="CanPause" type="b" access="read"/>
            <property name="CanSeek" type="b" access="read"/>
            <property name="CanControl" type="b" access="read"/>
          </interface>
          <interface name="org.freedesktop.DBus.Properties">
            <method name="Get">
              <arg name="interface_name" type="s" direction="in"/>
              <arg name="property_name" type="s" direction="in"/>
              <arg name="value" type="v" direction="out"/>
            </method>
            <method name="GetAll">
              <arg name="interface_name" type="s" direction="in"/>
              <arg name="properties" type="a{sv}" direction="out"/>
            </method>
            <method name="Set">
              <arg name="interface_name" type="s" direction="in"/>
              <arg name="property_name" type="s" direction="in"/>
              <arg name="value" type="v" direction="in"/>
            </method>
            <signal name="PropertiesChanged">
              <arg name="interface_name" type="s"/>
              <arg name="changed_properties" type="a{sv}"/>
              <arg name="invalidated_properties" type="as"/>
            </signal>
          </interface>
        </node>

        """
}
