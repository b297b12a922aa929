"""Cinnamon 5.6 on Xvfb (server_session): `cinnamon --replace` is the window manager, the panel and
the notification server at once (Linux Mint's desktop).

Its bus offers dconf, the accessibility bus and cinnamon-calendar-server (the panel's clock asks for
them); settings are the defaults of a fresh user, as Mint ships them. Up in about a second. What was
seen here (../../shared/DESKTOPS.md): popups top-right under each other; a normal banner hides after
4 s (unless hovered) into the notification applet at the right of the bottom panel, where it stays
until cleared — `remove-old` is off, so nothing expires, whatever expire_timeout says; a critical
banner stays until it is clicked or closed; buttons under the body; a click on the banner invokes
`default`; CloseNotification takes it off the screen and out of the applet.
"""

from server_session import SCREEN_H, SCREEN_W, X11Session


class CinnamonServer(X11Session):
    name = "cinnamon"
    server_name = "cinnamon"
    services = {
        "ca.desrt.dconf": "/usr/libexec/dconf-service",
        "org.a11y.Bus": "/usr/libexec/at-spi-bus-launcher",
        "org.cinnamon.CalendarServer": "/usr/bin/cinnamon-calendar-server",
    }
    session_vars = {"XDG_CURRENT_DESKTOP": "X-Cinnamon", "XDG_SESSION_DESKTOP": "cinnamon", "DESKTOP_SESSION": "cinnamon"}
    #: Mint's default panel without the two applets that fail to load here (the menu and printers need
    #: typelibs Debian only recommends): Cinnamon would greet with a "Problems during Cinnamon startup"
    #: banner in front of the test's own. The notification applet stays.
    settings = (("org.cinnamon", "enabled-applets", repr([
        "panel1:left:1:separator@cinnamon.org", "panel1:left:2:grouped-window-list@cinnamon.org",
        "panel1:right:0:systray@cinnamon.org", "panel1:right:1:xapp-status@cinnamon.org", "panel1:right:2:notifications@cinnamon.org",
        "panel1:right:4:removable-drives@cinnamon.org", "panel1:right:5:keyboard@cinnamon.org", "panel1:right:6:favorites@cinnamon.org",
        "panel1:right:7:network@cinnamon.org", "panel1:right:8:sound@cinnamon.org", "panel1:right:9:power@cinnamon.org",
        "panel1:right:10:calendar@cinnamon.org", "panel1:right:11:cornerbar@cinnamon.org"])),)
    #: popups top-right, 420 px wide, stacked downwards
    notification_area = (SCREEN_W - 480, 0, SCREEN_W, 500)
    banner_hides_unless_hovered = True
    PANEL_H = 40

    def launch(self, deadline):
        # The home folder Cinnamon's window list and autostart look into.
        for folder in (".config/autostart", "Desktop"):
            (self.env.home / folder).mkdir(parents=True, exist_ok=True)
        self.spawn("cinnamon", ["cinnamon", "--replace"])

    def ready(self, deadline):
        self.wait_painted((0, SCREEN_H - self.PANEL_H, SCREEN_W, SCREEN_H), deadline, "the panel")
