import GymbellBus
import GymbellPlatform
import Logging

extension FollowedDesktop {
    /// What the desktop tells of the person (AttentionWatch, and ScreenLockWatch for the media player
    /// too) and the screen keeper, all asked before the daemon's first look at the agenda: a reminder
    /// held before a restart stays held while Do Not Disturb is still on.
    static func followAttention(
        _ parts: DaemonParts, through service: DBusService
    ) -> (attention: AttentionWatch?, screenLock: ScreenLockWatch?) {
        let (loop, daemon, logger) = (parts.loop, parts.daemon, parts.logger)
        let awayAfter = parts.config.config.attention.awayAfter
        let began = ContinuousClock.now
        defer { logger.debug("the desktop's attention sources asked", metadata: ["took": "\(ContinuousClock.now - began)"]) }
        var attention: AttentionWatch?
        do {
            attention = try AttentionWatch(
                loop: loop, names: service, awayAfter: awayAfter, logger: logger,
                criticalShown: { shown in daemon.criticalShownDuringDoNotDisturbChanged(shown) },
                unknown: { facts in daemon.attentionUnknownChanged(Set(facts.map(AttentionFacts.reason))) }
            ) { fact, holds in
                switch fact {
                case .doNotDisturb: daemon.doNotDisturbChanged(holds)
                case .locked: daemon.screenLockChanged(holds)
                case .away: daemon.awayChanged(holds)
                }
            }
        } catch {
            logger.warning("cannot follow Do Not Disturb, the screen lock or idleness: \(error)")
        }
        if let attention {
            daemon.attach(screenKeeper: ScreenKeeper(bus: attention.listener, logger: logger))
            daemon.configFollowers.append { [weak attention] config in attention?.awayAfterChanged(config.attention.awayAfter) }
        }
        var screenLock: ScreenLockWatch?
        do {
            screenLock = try ScreenLockWatch(
                loop: loop, names: service, logger: logger, onAsking: { [weak attention] in attention?.screenSaverAsking() }
            ) { [weak attention] locked in
                if let attention { attention.screenSaverChanged(locked) } else { daemon.screenLockChanged(locked) }
            }
        } catch {
            logger.warning("cannot follow the screen locker: \(error)")
        }
        return (attention, screenLock)
    }
}
