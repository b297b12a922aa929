"""End-to-end: names reach the notification server as text (issue 27). A server that announces
`body-markup` reads the body as markup, so there `&`, `<` and `>` of a workout or exercise name come
escaped; a server without it gets the text as typed; a summary is plain text on both. The real daemon
on a private bus, driven by the real CLI and ActionInvoked, observed at the recording server: the daily
reminder, the session's notification (first set, a rest over in place, the completion), the personal
record and the overload suggestion."""

import time

import pytest

from conftest import insert_state_rows, local_hms_ahead
from workout_config import ALL_DAYS, weekday

pytestmark = pytest.mark.gymbell

TITLE = "Push & Pull <Heavy>"
BENCH = "Bench & Dips"
SQUAT = "Squat <Deep>"
WORKOUT = ('[workouts.push]\ntitle = "Push & Pull <Heavy>"\nkind = "strength"\nexercises = [\n'
           '  { name = "Bench & Dips", sets = 2, reps = 8, weight = 100, unit = "kg", rest = 1, compound = true },\n'
           '  { name = "Squat <Deep>", sets = 1, reps = 5, weight = 100, unit = "kg", rest = 1 },\n]\n')


def escaped(text):
    """What a markup server must be sent for `text` (written independently of the daemon's escape)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def earlier_sets(days_ago):
    """A past workout with every set as planned (the overload rule needs three in a row)."""
    at = time.time() - days_ago * 86400
    rows = [dict(exercise=BENCH, set_number=n, reps=8, planned_reps=8, weight=100) for n in (1, 2)]
    rows.append(dict(exercise=SQUAT, set_number=1, reps=5, planned_reps=5, weight=100))
    return [dict(row, session_id=f"earlier-{days_ago}", workout="push", unit="kg", failed=0, at=at + i)
            for i, row in enumerate(rows)]


@pytest.mark.parametrize("markup", [True, False], ids=["body-markup", "plain-body"])
def test_names_reach_the_server_escaped_only_where_it_reads_markup(env, gymbell_bin, cli, start_server, write_config, request,
                                                                     markup):
    from conftest import Daemon, Recorder
    server = start_server("--capabilities", "actions,body,sound,persistence" + (",body-markup" if markup else ""))
    recorder = Recorder(server.log)
    sent = escaped if markup else (lambda text: text)
    hms, due = local_hms_ahead(5)
    write_config(f'[reminders]\ntime = "{hms}"\ndays = {ALL_DAYS}\n[program]\n{weekday()} = "push"\n' + WORKOUT)
    daemon = Daemon(env, gymbell_bin, request)
    try:
        daemon.start()  # makes the state database: two earlier workouts go into its log
        daemon.kill()
        insert_state_rows(env, sets=earlier_sets(4) + earlier_sets(2))
        daemon.start()

        daily = recorder.wait_for_notify("Workout Time!", timeout=due - time.time() + 4)
        assert daily["body"].startswith(sent(f"Today: {TITLE} — {BENCH} 100 kg, {SQUAT} 100 kg · ")), daily["body"]
        assert ("Push &amp; Pull &lt;Heavy&gt;" in daily["body"]) == markup, daily["body"]
        server.invoke_action(daily["id"], "start")

        def card(what, pick):
            return recorder.wait_for(lambda r: r["event"] == "Notify" and r["hints"].get("category") == "x-gymbell.session"
                                     and pick(r), 5, what)

        first = card("the session's notification", lambda r: "set 1 of 2" in r["body"])
        assert first["summary"] == TITLE, "the workout's title is the summary: plain text, never escaped"
        assert first["body"] == sent(f"Now: {BENCH} — set 1 of 2, 8 × 100 kg")
        server.invoke_action(first["id"], "set-done")
        over = card("Rest over naming the second set", lambda r: r["summary"] == "Rest over ⏰" and "set 2 of 2" in r["body"])
        assert over["body"] == sent(f"Time for your next set! Next: {BENCH} — set 2 of 2, 8 × 100 kg")
        server.invoke_action(over["id"], "set-done")
        squat = card("Rest over naming the squat", lambda r: r["summary"] == "Rest over ⏰" and "set 1 of 1" in r["body"])
        assert squat["body"] == sent(f"Time for your next set! Next: {SQUAT} — set 1 of 1, 5 × 100 kg")
        r = cli("set-done", "--weight", "110")
        assert r.returncode == 0, r.stderr

        done = recorder.wait_for_notify("Workout complete 🎉", timeout=5)
        assert done["body"] == sent(f"{TITLE}: 3 sets done. Great work!")
        record = recorder.wait_for_notify("New personal record! 🎉", timeout=5)
        assert record["body"] == sent(f"{SQUAT}: 5 × 110 kg (before: 5 × 100 kg)")
        offer = recorder.wait_for_notify("Time for more weight? 💪", timeout=15)  # after the completion's 10 s glance
        assert offer["body"] == sent(f"{BENCH} 100 kg: 3× done. Try 102.5 kg!\n{SQUAT} 100 kg: 3× done. Try 105 kg!")

        for shown in recorder.notifies():
            assert "&amp;" not in shown["summary"] and "&lt;" not in shown["summary"], shown["summary"]
            if markup:
                body = shown["body"].replace("&amp;", "").replace("&lt;", "").replace("&gt;", "")
                assert not any(c in body for c in "&<>"), f"unescaped in {shown['body']!r}"
            else:
                assert "&amp;" not in shown["body"] and "&lt;" not in shown["body"], shown["body"]
    finally:
        daemon.stop()
