"""The interface every real notification server of the matrix implements.

A server module subclasses DesktopServer. The test's world (private session bus, XDG dirs, the env
dict gymbell runs with) is the e2e harness's `Env` (tests/e2e/conftest.py): `env.address` is the bus,
`env.services_dir` the bus's only service folder (write the server's own .service files there),
`env.vars` the environment gymbell and the CLI run with (add DISPLAY / WAYLAND_DISPLAY … to it).
"""

from pathlib import Path


class DesktopServer:
    #: short id used in test ids and artefact names: gnome, plasma, xfce, notification-daemon, mako, dunst
    name = "?"
    #: GetServerInformation's name, as the server reports it
    server_name = "?"

    def __init__(self, env, artifacts: Path):
        self.env = env
        self.artifacts = Path(artifacts)
        self.artifacts.mkdir(parents=True, exist_ok=True)

    # --- lifecycle ---------------------------------------------------------------------------
    def start(self):
        """Bring the server up on env's private bus. On return org.freedesktop.Notifications is owned
        on env.address and answers GetServerInformation, the screen is ready to be photographed and
        clicked, and env.vars holds what a client needs (DISPLAY, WAYLAND_DISPLAY, …)."""
        raise NotImplementedError

    def stop(self):
        """End every process start() began (and nothing else); idempotent."""
        raise NotImplementedError

    # --- looking -----------------------------------------------------------------------------
    def screenshot(self, path) -> Path:
        """A PNG of the whole screen at `path`; returns the path. Should take well under 250 ms."""
        raise NotImplementedError

    #: whether the journeys of the matrix may share one running server (test_matrix's `stage`): False
    #: where what a journey leaves on screen would be in the next one's way, and the server is
    #: brought up afresh for each journey
    shared = True

    #: (x0, y0, x1, y1) of the screen region where this server's notifications appear (OCR crop)
    notification_area = None

    # --- input (a real pointer, never emulated D-Bus signals) ---------------------------------
    def move(self, x, y):
        """Move the real pointer to screen coordinates (x, y)."""
        raise NotImplementedError

    def click(self, x, y, button=1):
        """Move the real pointer to (x, y) and press and release `button` (1 left, 2 middle, 3 right)."""
        raise NotImplementedError

    #: how a person invokes a notification's default action here (mouse button)
    default_click_button = 1

    #: the label a button has on this server where gymbell shortens it (ServerProfile.labelLimit)
    labels = {}

    #: a normal banner leaves the screen after a few seconds unless the pointer is over it (Cinnamon: 4 s)
    banner_hides_unless_hovered = False

    def invoke_action(self, label, key):
        """Choose the action labelled `label` (key `key`) on the newest notification the way a person
        does on this server when it has no visible button for it (mako: makoctl, dunst: its context
        menu). Servers with buttons return False: the test clicks the button it sees."""
        return False
