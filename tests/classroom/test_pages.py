"""The class room on the explainer, through AppTest: starting a class, a student sent to the light student
page by the box and by the link (it takes the seat, not the app), an old student link (`you=`: no class in the
app, a link to the light page), a teacher's key, a forged key; the teacher's secret kept by the tab, never in the
address), the refusals in words (a malformed
code, an unknown one, too many, a store that is down: the rest of the page still works), the teacher's
row change, a question asked, locked and revealed (its chart), and the end of the class."""

from __future__ import annotations

import json

import pytest

from stonegame import room as rm
from tests.apptest_helpers import answer_kept, app, texts
from ui import state
from ui.parts.classroom import Seat
from ui.server.rooms import routes

ROW = [5, -3, 8, 2, -1, 7, 4, -6]


@pytest.fixture(autouse=True)
def own_store(tmp_path, monkeypatch):
    """Every test's pages and routes on a store of its own (a fresh SQLite folder), made anew."""
    monkeypatch.setenv("STONEGAME_STATE", str(tmp_path / "state"))
    monkeypatch.delenv("STONEGAME_ROOMS", raising=False)
    routes._SHARED.clear()
    yield
    routes._SHARED.clear()


def store():
    """The store the pages use."""
    return routes.shared().store()


def room_of(at) -> rm.Room:
    """The room of the page's seat, as stored."""
    return store().room(at.session_state[state.CLASS].code)


def start(at):
    """Press the sidebar's "Start a class"."""
    return at.button(key=state.W_CLASS_START).click().run()


def join_typed(at, text: str):
    """Type a join code in the sidebar's box and press Join."""
    at.text_input(key=state.W_CLASS_CODE.format(where="side")).input(text)
    submit = next(b for b in at.button if b.key and b.key.startswith("FormSubmitter:class_join_side"))
    return submit.click().run()


def bar_data(at) -> dict:
    """What the page drew its class bar (the stonegame_class element) with, on its one such element."""
    (element,) = [e for e in at.get("bidi_component") if e.proto.component_name == "stonegame_class"]
    return json.loads(element.proto.json)


def seated(code: str, who: str = "10.0.0.9") -> str:
    """A student seated as the light page seats one (the store's join, typed: no token): their id."""
    return store().join(code, who)[0]


def new_room() -> tuple[str, str]:
    """A room on ROW at step 12, made in the store: its code and secret."""
    secret = rm.new_secret()
    return store().create(rm.Stage(tuple(ROW), step=12), secret), secret


def test_starting_a_class_makes_a_room_of_the_row_and_shows_how_to_join():
    at = start(app(values=",".join(map(str, ROW)), step="12"))
    assert not at.exception
    seat = at.session_state[state.CLASS]
    assert seat.token and store().peek(seat.code) is not None
    room = room_of(at)
    assert room.stage.values == tuple(ROW) and room.stage.step == 12
    assert rm.secret_matches(seat.token, room.digest)
    assert at.query_params["class"] == seat.code and "key" not in at.query_params
    assert all(seat.token not in value for value in at.query_params.values()), "the secret is in no parameter"
    shown = " ".join(h.proto.body for h in at.get("html"))
    assert f">{seat.code}</p>" in shown and f"/classroom/join/{seat.code}" in shown and "data:image/svg+xml" in shown
    assert f"?class={seat.code}" not in shown, "the link phones open is the light student page, not the app"


@pytest.mark.parametrize(("lang", "listing"), [("en", "py"), ("zh", "java")])
def test_a_typed_code_of_an_open_class_sends_the_tab_to_the_light_page_which_takes_the_seat(lang, listing):
    code, _ = new_room()
    at = join_typed(app(lang=lang, code=listing), code.lower())
    assert not at.exception and at.session_state[state.CLASS] is None, "the full app takes no seat"
    assert bar_data(at) == {"go": f"/classroom/join/{code}?lang={lang}&code={listing}"}
    assert not room_of_code(code).students, "the light page takes it"
    assert not at.get("vega_lite_chart") and "you" not in at.query_params, "nothing of a half-joined class"
    assert code in texts(at), "one line says the class is opening"


@pytest.mark.parametrize(
    ("typed", "said"),
    [("K7Q", "is not one"), ("ABCDE0", "is not one"), ("KKKKKK", "No class has this code")],
)
def test_a_wrong_code_says_what_is_wrong_and_changes_nothing(typed, said):
    at = join_typed(app(), typed)
    assert not at.exception and at.session_state[state.CLASS] is None
    assert said in texts(at)


def test_twenty_wrong_codes_in_a_minute_are_refused_for_a_while():
    at = app()
    for _ in range(20):
        at = join_typed(at, "KKKKKK")
    code, _ = new_room()
    at = join_typed(at, code)
    assert at.session_state[state.CLASS] is None and "Too many wrong codes" in texts(at)
    assert at.session_state[state.CLASS_GOING] is None, "a shut-out address is not sent on to the light page"


def test_an_ended_class_typed_is_said_in_words_and_sends_nowhere():
    code, secret = new_room()
    store().end(code, secret)
    at = join_typed(app(), code)
    assert at.session_state[state.CLASS] is None and at.session_state[state.CLASS_GOING] is None
    assert "ended" in texts(at)


def test_a_class_link_in_a_tab_without_the_secret_goes_to_the_light_page_with_its_token_and_language():
    code, secret = new_room()
    token = rm.join_token(secret)
    asking = app(**{"class": code, "join": token, "lang": "zh"})
    assert asking.session_state[state.CLASS] is None and not room_of_code(code).students, "the tab is asked first"
    light = f"/classroom/join/{code}?join={token}&lang=zh&code=py"
    assert bar_data(asking) == {"ask": code, "away": light}, "a tab that keeps no secret goes there at once"
    assert not asking.get("vega_lite_chart")
    answered = answer_kept(asking, "")  # a tab that answered all the same (its script's older form)
    assert bar_data(answered) == {"go": light} and answered.session_state[state.CLASS] is None
    forged = answer_kept(app(**{"class": code}), {"not": "a secret"})  # only a script sends this: a student
    assert bar_data(forged) == {"go": f"/classroom/join/{code}?lang=en&code=py"}
    assert not room_of_code(code).students, "the light page takes the seat, not the full app"


def test_a_tab_whose_class_bar_is_silent_gets_a_link_to_the_light_page():
    code, _ = new_room()
    asking = app(**{"class": code, "lang": "zh"})
    asking.session_state[state.CLASS_OPENING_SINCE] = -1e9  # the bar never answered nor left the page
    links = [(e.proto.label, e.proto.url) for e in asking.run().get("link_button")]
    assert links == [(f"以学生身份加入课堂 {code}", f"/classroom/join/{code}?lang=zh&code=py")]
    assert not room_of_code(code).students


@pytest.mark.parametrize(
    "lang, said, button",
    [
        ("en", "This address is an old student link of class {code}", "Join class {code} as a student"),
        ("zh", "这是课堂 {code} 的旧学生链接", "以学生身份加入课堂 {code}"),
    ],
)
def test_an_old_student_link_says_so_and_links_the_light_page_without_a_class_in_the_app(lang, said, button):
    """`?class=<code>&you=<id>` (the full app's student mode, gone) renders no class: one sentence saying
    the address is an old student link and a link to the class's light page in the page's language."""
    code, _ = new_room()
    you = seated(code)
    old = app(**{"class": code, "you": you, "lang": lang})
    assert not old.exception and old.session_state[state.CLASS] is None, "no seat in the full app"
    assert said.format(code=code) in texts(old)
    links = [(e.proto.label, e.proto.url) for e in old.get("link_button")]
    assert links == [(button.format(code=code), f"/classroom/join/{code}?lang={lang}&code=py")]
    drawn = {e.proto.component_name for e in old.get("bidi_component")}
    assert not drawn & {"stonegame_class", "stonegame_stage"}, f"no class bar, no stage: {drawn}"
    assert set(room_of_code(code).students) == {you}, "the seat is the light page's, untouched"


def room_of_code(code: str) -> rm.Room:
    """The room of this code, as stored."""
    return store().room(code)


def test_the_control_link_reopens_the_control_leaves_the_address_and_a_forged_key_does_not():
    code, secret = new_room()
    teacher = app(**{"class": code, "key": secret})
    assert teacher.session_state[state.CLASS] is not None
    assert "key" not in teacher.query_params and teacher.query_params["class"] == code
    assert list(teacher.session_state[state.VALUES]) == ROW and teacher.session_state[state.STEP] == 12
    assert room_of_code(code).stage.values == tuple(ROW), "the room's row stays: the session took it"
    forged = app(**{"class": code, "key": secret[:-2] + "xx"})
    assert forged.session_state[state.CLASS] is None and "key" not in forged.query_params
    assert "does not lead class" in texts(forged)


def test_the_tab_that_keeps_the_secret_leads_again_and_takes_no_seat():
    code, secret = new_room()
    teacher = answer_kept(app(**{"class": code}), secret)
    assert teacher.session_state[state.CLASS] == Seat(code, secret)
    assert not room_of_code(code).students, "no student was counted"
    assert teacher.query_params["class"] == code and "key" not in teacher.query_params
    assert state.W_CLASS_ASK in {b.key for b in teacher.button}
    wrong = answer_kept(app(**{"class": code}), secret[:-2] + "xx")
    assert wrong.session_state[state.CLASS] is None and not room_of_code(code).students
    assert "does not lead class" in texts(wrong)
    forged = answer_kept(app(**{"class": code}), {"not": "a secret"})  # only a script sends this: a student
    assert forged.session_state[state.CLASS] is None and "go" in bar_data(forged)


def test_the_tab_that_leads_again_keeps_its_join_screen_folded_or_not():
    code, secret = new_room()
    for folded in (True, False):
        teacher = answer_kept(app(**{"class": code}), {"secret": secret, "folded": folded})
        assert teacher.session_state[state.CLASS] == Seat(code, secret)
        assert teacher.session_state[state.W_CLASS_SCREEN] is (not folded)
        (bar,) = [e for e in teacher.get("bidi_component") if e.proto.component_name == "stonegame_class"]
        assert json.loads(bar.proto.json)["folded"] is folded, "the bar keeps the fold for the next reload"
    assert not room_of_code(code).students, "no student was counted"


def holding(at, secret: str) -> list[str]:
    """The kinds of the page's elements whose message holds the secret (the class bar's data needs it: it
    posts the teacher's moves)."""

    def walk(node):
        yield node
        for child in getattr(node, "children", {}).values():
            yield from walk(child)

    found = [n for n in walk(at._tree) if secret in str(getattr(n, "proto", ""))]
    return [getattr(n.proto, "component_name", "") or n.type for n in found]


def test_the_control_on_another_device_is_drawn_only_unfolded_under_a_warning():
    at = start(app(values=",".join(map(str, ROW)), step="12"))
    seat = at.session_state[state.CLASS]
    assert holding(at, seat.token) == ["stonegame_class"], "folded: only the class bar's data holds the secret"
    at.session_state[state.W_CLASS_CONTROL] = True
    at = at.run()
    shown = " ".join(h.proto.body for h in at.get("html"))
    assert f"/?class={seat.code}&amp;key={seat.token}</p>" in shown and 'data-testid="control-qr"' in shown
    assert any("Do not show it on the projector" in w.value for w in at.warning)


def test_a_store_that_is_down_says_so_in_one_line_and_the_stage_still_works(monkeypatch):
    monkeypatch.setenv("STONEGAME_ROOMS", "redis://127.0.0.1:1/0")  # nothing listens on port 1
    at = start(app(values="1,2,3"))
    assert not at.exception
    assert at.session_state[state.CLASS] is None
    assert "The class room is unavailable right now" in texts(at)
    assert at.get("component_instance") or at.get("bidi_component"), "the stage is still drawn"


def test_the_teachers_new_row_goes_to_the_room_and_a_row_too_long_does_not():
    at = start(app(values="1,2,3"))
    at.session_state[state.W_ROW_TEXT] = "[4,-1,6,2]"
    apply = next(b for b in at.button if b.key and b.key.startswith("FormSubmitter:explainer_row_form"))
    at = apply.click().run()
    assert room_of(at).stage.values == (4, -1, 6, 2) and room_of(at).stage.step == 0
    at.session_state[state.W_ROW_TEXT] = "[" + ",".join(["1"] * (rm.MAX_PILES + 1)) + "]"
    at = apply.click().run()
    assert room_of(at).stage.values == (4, -1, 6, 2)
    assert f"at most {rm.MAX_PILES} piles" in texts(at)


def test_a_question_is_asked_locked_and_revealed_with_its_chart():
    at = start(app(values=",".join(map(str, ROW)), step="12"))
    at.selectbox(key=state.W_CLASS_KIND).select("dp")
    at = at.button(key=state.W_CLASS_ASK).click().run()
    room = room_of(at)
    assert room.questions[-1].kind == "dp" and room.questions[-1].pile == 4 and room.stage.step == 11
    student, _ = store().join(room.code)
    store().answer(room.code, student, 1, 10)
    at = at.button(key=state.W_CLASS_LOCK).click().run()
    assert room_of(at).questions[-1].state == "locked"
    at = at.button(key=state.W_CLASS_REVEAL).click().run()
    assert room_of(at).questions[-1].state == "revealed" and room_of(at).stage.step == 12
    assert "1 of 1 right (100 %). The answer: 10." in texts(at)
    assert any("Answers to question 1" in c.proto.spec for c in at.get("vega_lite_chart"))
    assert at.dataframe, "the questions so far are listed"


def test_asking_about_a_pile_at_a_step_that_writes_none_says_where_to_go():
    at = start(app(values="1,2,3", step="1"))
    at.selectbox(key=state.W_CLASS_KIND).select("take")
    at = at.button(key=state.W_CLASS_ASK).click().run()
    assert not room_of(at).questions and "Step to a dp step" in texts(at)


def test_ending_the_class_lets_the_teacher_go_keeping_the_row():
    at = start(app(values=",".join(map(str, ROW)), step="5"))
    code = at.session_state[state.CLASS].code
    at = at.button(key=state.W_CLASS_END).click().run()
    assert at.session_state[state.CLASS] is not None and not store().peek(code).ended, "one press ends nothing"
    at = at.button(key=state.W_CLASS_END_SURE).click().run()
    assert at.session_state[state.CLASS] is None and store().peek(code).ended
    assert f"You ended the class {code}." in texts(at) and not at.session_state[state.LOCK]
    assert list(at.session_state[state.VALUES]) == ROW and at.session_state[state.STEP] == 5


def test_a_configured_public_address_makes_the_join_link_and_its_qr_code(monkeypatch):
    monkeypatch.setenv("STONEGAME_PUBLIC_URL", "https://class.example.org/")
    at = start(app(values="1,2,3"))
    code, secret = at.session_state[state.CLASS].code, at.session_state[state.CLASS].token
    shown = " ".join(h.proto.body for h in at.get("html"))
    assert ">class.example.org/join</p>" in shown, "the address to read and type: the join form's, short"
    assert "Go to this address and type the code" in shown
    token = rm.join_token(secret)
    assert f"QR code of the join link https://class.example.org/classroom/join/{code}?join={token}" in shown
    assert not at.warning and not at.error


def test_a_bad_public_address_is_named_in_one_line_and_ignored(monkeypatch):
    monkeypatch.setenv("STONEGAME_PUBLIC_URL", "class.example.org")
    at = start(app(values="1,2,3"))
    assert [e.value for e in at.error] == [
        "STONEGAME_PUBLIC_URL is ignored: “class.example.org” is not an http:// or https:// address with a host "
        "(like https://class.example.org)."
    ]
    assert "class.example.org/classroom/join/" not in " ".join(h.proto.body for h in at.get("html"))


def test_ending_asks_once_more_and_keep_teaching_or_another_press_takes_the_question_back():
    at = start(app(values=",".join(map(str, ROW)), step="12"))
    code = at.session_state[state.CLASS].code
    at = at.button(key=state.W_CLASS_END).click().run()
    keys = {b.key for b in at.button}
    assert {state.W_CLASS_END_SURE, state.W_CLASS_KEEP} <= keys and state.W_CLASS_END not in keys
    assert [b.label for b in at.button if b.key in (state.W_CLASS_END_SURE, state.W_CLASS_KEEP)] == [
        "End for everyone?",
        "Keep teaching",
    ]
    at = at.button(key=state.W_CLASS_KEEP).click().run()
    assert not store().peek(code).ended and state.W_CLASS_END in {b.key for b in at.button}
    at = at.button(key=state.W_CLASS_END).click().run()
    at = at.button(key=state.W_CLASS_ASK).click().run()  # teaching on: the confirm step goes away
    assert not store().peek(code).ended and state.W_CLASS_END_SURE not in {b.key for b in at.button}


def shown_html(at) -> str:
    """Every st.html body the page drew this run, joined."""
    return " ".join(h.proto.body for h in at.get("html"))


def test_the_qr_code_carries_the_rooms_join_token_once_it_is_renewed():
    at = start(app(values=",".join(map(str, ROW)), step="12"))
    seat = at.session_state[state.CLASS]
    new = store().renew_join(seat.code, seat.token).join  # renewed elsewhere (the route, another device)
    shown = shown_html(at.run())
    assert f"/classroom/join/{seat.code}?join={new}" in shown, "the QR code draws the room's join token"
    assert rm.join_token(seat.token) not in shown, "not the one derived from the secret, which no longer joins"


def test_new_qr_code_renews_the_join_token_the_old_link_is_refused_and_the_class_keeps_its_students():
    at = start(app(values=",".join(map(str, ROW)), step="12"))
    code = at.session_state[state.CLASS].code
    old = room_of(at).join
    early = store().join(code, "10.0.0.9", old)[0]  # a phone joined by the QR code (its light page's join)
    assert "If the link or QR code got out of the room" in texts(at), "a caption says why one would press it"
    at = at.button(key=state.W_CLASS_NEW_QR).click().run()
    assert not at.exception
    new = room_of(at).join
    assert new != old and f"?join={new}" in shown_html(at) and old not in shown_html(at)
    with pytest.raises(rm.RoomError):
        store().join(code, "10.0.0.9", old)
    late = store().join(code, "10.0.0.9", new)[0]
    assert set(room_of(at).students) == {early, late}, "the student who joined first keeps the seat"
