"""End-to-end: what each real notification server is sent (issue 32), with the recording server
answering GetServerInformation as that server does. The real daemon on a private bus, driven by the
real CLI and ActionInvoked. What a person then sees on each real server is tests/desktops' part.

- the icon goes as the spec asks: a `file://` URI of the installed file, else the theme name;
- Budgie: `default` last (Budgie drops the action after it), the longest expiry it allows, a waiting
  notification sent again in place before Budgie would drop it, a completion closed by gymbell
  before Budgie would expire it into Raven;
- Cinnamon: the running session critical (a normal banner hides after 4 s), the completion closed
  by gymbell (Cinnamon expires nothing);
- xfce4-notifyd and lxqt-notificationd: no empty label (libnotify refuses it, and xfce got no
  default action at all), the daily reminder's click ("Open gymbell", a third button there) opens the
  window while Start Workout stays its own button, the session's Set done button is the click
  itself, a click that only dismisses is no action; lxqt-notificationd: short labels, a completion as
  a new notification (it keeps the first buttons through an update);
- MATE's daemon taken for itself, not for GNOME's notification-daemon;
- every completion with the `transient` hint.
"""

import json
import re
import shutil
import time

import pytest

from conftest import REPO, Daemon, Recorder, local_hms_ahead
from workout_config import ALL_DAYS, push_workout, weekday

pytestmark = pytest.mark.gymbell

IDENTITIES = {
    "budgie": "Budgie Notification Server,Budgie Desktop Developers,10.7.1",
    "cinnamon": "cinnamon,GNOME,5.6.8",
    "xfce": "Xfce Notify Daemon,Xfce,0.7.3",
    "lxqt": "lxqt-notificationd,lxqt.org,1.2.0",
    "mate": "Notification Daemon,MATE,1.26.0",
    "notification-daemon": "Notification Daemon,GNOME,3.20.0",
}
PUSH = push_workout(rest=1)


def pairs(record):
    return list(zip(record["actions"][0::2], record["actions"][1::2]))


def up(env, gymbell_bin, start_server, request, server, config=None):
    """The recording server as `server` (a key of IDENTITIES), gymbell's daemon started on it."""
    notifications = start_server("--identity", IDENTITIES[server])
    if config is not None:
        env.write_config(config)
    daemon = Daemon(env, gymbell_bin, request)
    request.addfinalizer(daemon.stop)
    daemon.start()
    return notifications, Recorder(notifications.log), daemon


def daily_config(seconds=3):
    hms, due = local_hms_ahead(seconds)
    return f'[reminders]\ntime = "{hms}"\ndays = {ALL_DAYS}\n[program]\n{weekday(at=due)} = "push"\n' + PUSH, due


def no_libnotify_criticals(daemon):
    log = daemon.output()
    assert "CRITICAL" not in log, f"libnotify refused something:\n{log}"


def test_the_icon_is_a_file_uri_of_the_installed_icon(env, gymbell_bin, start_server, request, cli):
    icons = env.data_home / "icons" / "hicolor"
    shutil.copytree(REPO / "data" / "icons" / "hicolor", icons)
    notifications = start_server()
    recorder = Recorder(notifications.log)
    daemon = Daemon(env, gymbell_bin, request)
    request.addfinalizer(daemon.stop)
    daemon.start()
    assert cli("rest", "1").returncode == 0
    shown = recorder.wait_for(lambda r: r["event"] == "Notify", 3)
    assert shown["app_icon"] == f"file://{icons}/128x128/apps/io.github.gymbell.Gymbell.png", shown["app_icon"]


def test_without_an_installed_icon_the_theme_name(env, gymbell_bin, start_server, request, cli):
    notifications = start_server()
    recorder = Recorder(notifications.log)
    daemon = Daemon(env, gymbell_bin, request)
    request.addfinalizer(daemon.stop)
    daemon.start()
    assert cli("rest", "1").returncode == 0
    shown = recorder.wait_for(lambda r: r["event"] == "Notify", 3)
    # beside the executable (make install PREFIX=…) there may be one: a file URI then, never a bare path
    assert shown["app_icon"] == "io.github.gymbell.Gymbell" or shown["app_icon"].startswith("file:///"), shown["app_icon"]


@pytest.mark.parametrize("server", ["mate", "notification-daemon"])
def test_mate_is_told_apart_from_gnomes_notification_daemon(env, gymbell_bin, start_server, request, server):
    _, _, daemon = up(env, gymbell_bin, start_server, request, server)
    expected = "mate-notification-daemon" if server == "mate" else "notification-daemon"
    for _ in range(50):
        if f"profile={expected}" in daemon.output() or f'profile: {expected}' in daemon.output():
            break
        time.sleep(0.1)
    assert re.search(rf"profile[=:] ?{re.escape(expected)}\b", daemon.output()), daemon.output()


def test_budgie_gets_default_last_and_a_daily_reminder_kept_until_answered(env, gymbell_bin, start_server, request, cli):
    config, due = daily_config()
    notifications, recorder, daemon = up(env, gymbell_bin, start_server, request, "budgie", config)
    daily = recorder.wait_for_notify("Workout Time!", timeout=due - time.time() + 3)
    assert pairs(daily) == [("start", "Start Workout"), ("snooze", "Snooze 1 hour"), ("default", "Open gymbell")]
    assert daily["expire_timeout"] == 12000, "the longest Budgie allows (0 would be 6 s)"
    # Budgie drops it after 12 s: before then gymbell sends it again in place, the same
    renewed = recorder.wait_for(lambda r: r["event"] == "Notify" and r["replaces_id"] == daily["id"], 12,
                                what="the daily reminder sent again in place")
    assert 9.5 <= renewed["t"] - daily["t"] <= 11.5, renewed["t"] - daily["t"]
    assert {k: renewed[k] for k in ("summary", "body", "actions", "expire_timeout")} \
        == {k: daily[k] for k in ("summary", "body", "actions", "expire_timeout")}
    notifications.invoke_action(daily["id"], "start")
    session = recorder.wait_for_notify("Push Day", 3)
    assert pairs(session)[-1] == ("default", "Set done") and ("set-done", "Set done") in pairs(session)
    # answered: no more renewals of the daily reminder
    time.sleep(11)
    again = recorder.notifies(lambda r: r["replaces_id"] == daily["id"] and r["t"] > renewed["t"])
    assert not again, again
    assert not recorder.notifies(lambda r: r["summary"] == "Workout Time!" and r["t"] > daily["t"] + 1 and r["replaces_id"] == 0)


def test_budgie_completion_closed_by_gymbell_before_budgie_expires_it(env, gymbell_bin, start_server, request, cli):
    notifications, recorder, daemon = up(env, gymbell_bin, start_server, request, "budgie")
    assert cli("hiit", "--rounds", "1", "--work", "1s", "--rest", "1s").returncode == 0
    done = recorder.wait_for_notify("HIIT session complete 🎉", 5)
    assert done["expire_timeout"] == 12000 and done["hints"].get("transient") is True, done
    closed = recorder.wait_for(lambda r: r["event"] == "CloseNotification" and r["id"] == done["id"], 12,
                               what="gymbell closing the completion")
    assert 9.5 <= closed["t"] - done["t"] <= 11, closed["t"] - done["t"]


def test_cinnamon_keeps_the_running_session_in_view_and_gymbell_closes_the_completion(env, gymbell_bin, start_server, request, cli):
    notifications, recorder, daemon = up(env, gymbell_bin, start_server, request, "cinnamon")
    assert cli("hiit", "--rounds", "1", "--work", "1s", "--rest", "1s").returncode == 0
    running = recorder.wait_for(lambda r: r["event"] == "Notify", 3)
    assert running["hints"].get("urgency") == 2, "only a critical banner stays on Cinnamon"
    done = recorder.wait_for_notify("HIIT session complete 🎉", 5)
    assert done["hints"].get("urgency") == 1 and done["hints"].get("transient") is True
    assert done["expire_timeout"] == 0, "Cinnamon expires nothing: gymbell closes it"
    closed = recorder.wait_for(lambda r: r["event"] == "CloseNotification" and r["id"] == done["id"], 12,
                               what="gymbell closing the completion")
    assert 9.5 <= closed["t"] - done["t"] <= 11, closed["t"] - done["t"]


def test_xfce_the_set_done_button_is_the_click_and_nothing_is_refused(env, gymbell_bin, start_server, request, cli):
    config, due = daily_config()
    notifications, recorder, daemon = up(env, gymbell_bin, start_server, request, "xfce", config)
    daily = recorder.wait_for_notify("Workout Time!", timeout=due - time.time() + 3)
    # a click on the bubble opens the window (tests/window); its Start Workout button starts
    assert pairs(daily) == [("start", "Start Workout"), ("snooze", "Snooze 1 hour"), ("default", "Open gymbell")]
    notifications.invoke_action(daily["id"], "start")
    session = recorder.wait_for_notify("Push Day", 3)
    assert pairs(session) == [("default", "Set done"), ("fewer-reps", "Fewer reps"), ("stop", "End workout")]
    notifications.invoke_action(session["id"], "default")
    resting = recorder.wait_for(lambda r: r["event"] == "Notify" and "Resting until" in r["body"], 3, what="the rest")
    notifications.invoke_action(resting["id"], "default")  # Set done on the second set (rest over or not)
    done = recorder.wait_for_notify("Workout complete 🎉", 5)
    assert pairs(done) == [], "a click that only dismisses is no action there: xfce closes a bubble clicked without one"
    assert done["hints"].get("transient") is True
    assert cli("history", "--json").stdout.count('"completed"') == 1
    no_libnotify_criticals(daemon)


def test_lxqt_short_labels_and_a_completion_without_stale_buttons(env, gymbell_bin, start_server, request, cli):
    config, due = daily_config()
    notifications, recorder, daemon = up(env, gymbell_bin, start_server, request, "lxqt", config)
    daily = recorder.wait_for_notify("Workout Time!", timeout=due - time.time() + 3)
    assert pairs(daily) == [("start", "Start"), ("snooze", "Snooze"), ("default", "Open")]
    assert daily["expire_timeout"] == 0
    notifications.invoke_action(daily["id"], "start")
    session = recorder.wait_for_notify("Push Day", 3)
    assert pairs(session) == [("default", "Done"), ("fewer-reps", "−1 rep"), ("stop", "End")]
    notifications.invoke_action(session["id"], "fewer-reps")
    resting = recorder.wait_for(lambda r: r["event"] == "Notify" and "Resting until" in r["body"], 3, what="the rest")
    assert resting["expire_timeout"] == 0, "lxqt-notificationd ends a countdown when the pointer leaves: none is sent"
    over = recorder.wait_for_notify("Rest over ⏰", 3)
    assert over["replaces_id"] == resting["id"] and pairs(over) == pairs(session), "same buttons: updated in place"
    notifications.invoke_action(over["id"], "default")
    done = recorder.wait_for_notify("Workout complete 🎉", 5)
    assert pairs(done) == [] and done["replaces_id"] == 0, "other buttons: a new notification, not an update"
    assert recorder.closes(lambda r: r["id"] == over["id"]), "the old one is closed"
    closed = recorder.wait_for(lambda r: r["event"] == "CloseNotification" and r["id"] == done["id"], 12,
                               what="gymbell closing the completion")
    assert 9.5 <= closed["t"] - done["t"] <= 11
    no_libnotify_criticals(daemon)


def test_lxqt_in_german_short_labels_fit(env, gymbell_bin, start_server, request, cli):
    env.vars["LANG"] = "de_DE.UTF-8"
    config, due = daily_config()
    notifications, recorder, daemon = up(env, gymbell_bin, start_server, request, "lxqt", config)
    daily = recorder.wait_for_notify("Zeit fürs Training!", timeout=due - time.time() + 3)
    assert pairs(daily) == [("start", "Start"), ("snooze", "Später"), ("default", "Öffnen")]


def test_lxqt_hiit_completion_is_a_new_notification(env, gymbell_bin, start_server, request, cli):
    notifications, recorder, daemon = up(env, gymbell_bin, start_server, request, "lxqt")
    assert cli("hiit", "--rounds", "1", "--work", "1s", "--rest", "1s").returncode == 0
    done = recorder.wait_for_notify("HIIT session complete 🎉", 5)
    assert pairs(done) == [] and done["replaces_id"] == 0, "other buttons: a new notification, not an update"


def test_budgie_button_click_then_its_default_and_dismissal_start_one_workout(env, gymbell_bin, start_server, request, cli):
    """Budgie 10.7 answers a click on a button with the button's action, then `default` and
    NotificationClosed (dismissed) for the same popup (the click reaches the popup too): one workout
    starts, its notification stays, and the trailing `default` opens no window."""
    config, due = daily_config()
    notifications, recorder, daemon = up(env, gymbell_bin, start_server, request, "budgie", config)
    daily = recorder.wait_for_notify("Workout Time!", timeout=due - time.time() + 3)
    notifications.invoke_action(daily["id"], "start")
    try:
        notifications.invoke_action(daily["id"], "default")
        notifications.close(daily["id"], 2)
    except Exception:  # noqa: BLE001 — gymbell closed it first (it does once the workout starts)
        pass
    card = recorder.wait_for_notify("Push Day", 3)
    time.sleep(2)
    assert json.loads(cli("status", "--json").stdout)["session"]["kind"] == "strength"
    assert len(recorder.notifies(lambda r: r["summary"] == "Push Day")) == 1, "one workout, one notification"
    assert not recorder.closes(lambda r: r["id"] == card["id"]), "the session's notification was closed"
    assert "opening the window" not in daemon.output()
