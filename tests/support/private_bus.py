"""The configuration of a private dbus-daemon, as every suite writes one: the e2e harness's session
bus (tests/e2e/conftest.py, and through it reliability, window and desktops), packaging's, a private
system bus for logind (tests/e2e/test_attention.py) or GDM (tests/desktops/server_gnome.py).

No activatable service but those in `services` (the machine's own never answer for the test), every
name may be owned and every message sent and eavesdropped (the tests watch what gymbell sends)."""

_CONFIG = """<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>{kind}</type>
  <listen>unix:path={socket}</listen>
  <auth>EXTERNAL</auth>{services}
  <policy context="default">{users}
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
"""


def bus_config(socket, services=None, kind="session", every_user=True):
    """The config file's text: a bus of `kind` ("session" or "system") listening on the Unix socket
    `socket`, activating what `services` (a folder; None: nothing) holds; `every_user`: connections
    from every Unix user are accepted (a session bus otherwise only takes its own user's)."""
    return _CONFIG.format(
        kind=kind, socket=socket,
        services="" if services is None else f"\n  <servicedir>{services}</servicedir>",
        users='\n    <allow user="*"/>' if every_user else "")
