"""The light student page's routes (ui/server/rooms/phone.py, routes.py) against the ASGI app on both stores:
the page joins a class by its link, the stage's SVG is valid XML, cached per row, step and language, never
past a question's hold, and answers a phone that has it with a 304; bad codes and tokens get the class
room's refusals (as a page), and the guessing limit applies to the page and the picture as to any route."""

from __future__ import annotations

import base64
import gzip
import hashlib
import http.server
import itertools
import re
import threading
import time
import xml.etree.ElementTree as ET

import pytest
from starlette.testclient import TestClient

from stonegame import room as rm
from tests.classroom.test_routes import app_for, join, refused, url
from ui import cache
from ui.server import card, renderer
from ui.server.rooms import phone
from ui.server.rooms.routes import PREFIX, SHORT

ROW = [5, -3, 8, 2, -1, 7, 4, -6]
SVG = "{http://www.w3.org/2000/svg}svg"


@pytest.fixture
def client(store):
    """A TestClient on the routes over `store`, from a proxy on this machine."""
    with TestClient(app_for(store), client=("127.0.0.1", 5000)) as made:
        yield made


def page_url(code: str, query: str = "") -> str:
    return f"{PREFIX}/join/{code}{'?' + query if query else ''}"


def class_at(client, step: int = 12) -> tuple[str, str, str]:
    """A class on ROW at `step`: its code, secret and join token."""
    made = client.post(f"{PREFIX}/rooms", json={"values": ROW, "step": step})
    assert made.status_code == 201, made.text
    return made.json()["code"], made.json()["secret"], made.json()["room"]["join"]


def svg(client, code: str, step: int, lang: str = "en", you: str = "", **headers: str):
    return client.get(url(code, f"/stage.svg?step={step}&lang={lang}&code=py&you={you}"), headers=headers)


def test_the_link_opens_a_small_page_in_its_language_with_the_stage_at_the_class_step(client):
    code, _, token = class_at(client)
    for lang, words in (("en", "Step 12 of 17"), ("zh", "第 12 步，共 17 步")):
        page = client.get(page_url(code, f"join={token}&lang={lang}"), headers={"Accept-Encoding": "gzip"})
        assert page.status_code == 200, page.text
        # 19.5 KB: the "Write dp[i]" question's fallback editor and group words added ~1.3 KB gzipped (the
        # CodeMirror editor itself comes only when that question is asked)
        assert page.headers["content-encoding"] == "gzip" and int(page.headers["content-length"]) < 19_500
        text = page.text
        assert f'<html lang="{lang}">' in text and words in text
        assert re.search(r'data-testid="stage" data-ready="false" data-frame="12"', text), "drawn at step 12"
        assert f'data-join="{token}"' in text and "<svg" in text
        assert page.headers["cache-control"] == "no-cache, private" and page.headers["referrer-policy"] == "no-referrer"
        script = re.search(r'<script src="(/classroom/static/phone\.[0-9a-f]+\.js)" defer></script>', text)
        assert script is not None and "EventSource" in client.get(script.group(1)).text, "its script, as a file"
        early = re.search(r"<head>.*<script data-base=\"[^\"]+\"[^>]*>(.+?)</script>", text, re.S)
        assert early is not None and "/join" in early.group(1), "the head asks for the seat early"
        digest = base64.b64encode(hashlib.sha256(early.group(1).encode()).digest()).decode()
        allowed = f"script-src 'self' 'sha256-{digest}';"
        assert allowed in page.headers["content-security-policy"], (
            "and only they (the editor is one of the app's own files) may run"
        )
        assert len(re.findall(r"<script>", text)) == 0, "no other inline script"
    assert client.get(page_url(code, "lang=xx")).status_code == 200, "an unknown language shows English"


def test_the_svg_is_valid_cached_per_language_and_answers_304_to_a_phone_that_has_it(client):
    code, _, _ = class_at(client)
    student = join(client, code)
    en, zh = svg(client, code, 12, "en", student), svg(client, code, 12, "zh", student)
    for picture in (en, zh):
        assert picture.status_code == 200 and picture.headers["content-type"] == "image/svg+xml"
        assert ET.fromstring(picture.content).tag == SVG
    assert "Step 12 of 17" in en.text and "第 12 步" in zh.text and en.headers["etag"] != zh.headers["etag"]
    again = svg(client, code, 12, "en", student, **{"If-None-Match": en.headers["etag"]})
    assert again.status_code == 304 and not again.content
    made = cache.stage_svg(ROW, 3, 12, "en", "py", "total")
    assert cache.stage_svg(ROW, 3, 12, "en", "py", "total") is made, "made once, then from the cache"
    assert (
        renderer.service().cache.get(
            renderer.RenderKey(cache.row_key(cache.solution(ROW, 3)), 12, "en", "py", 3, "total", "phone-svg")
        )
        is made
    ), "the render service's cache, the one copy"
    assert svg(client, code, 13, "en", student).text != en.text


def test_the_svg_never_shows_past_the_step_a_question_holds_the_class_at(client):
    code, secret, _ = class_at(client, step=13)  # step 13 writes dp[3]: a question there holds the class at 12
    student = join(client, code)
    assert client.post(url(code, "/questions"), json={"secret": secret, "kind": "dp"}).status_code == 201
    held = svg(client, code, 12, you=student).text
    assert svg(client, code, 17, you=student).text == held
    assert 'data-frame="12"' in client.get(page_url(code)).text


def test_bad_codes_and_tokens_get_the_class_rooms_refusals_as_a_page(client):
    code, secret, token = class_at(client)
    cases = [
        (page_url("abc"), 400, "A join code is 6 letters"),
        (page_url("ABCDEF"), 404, "No class has this code"),
        (page_url(code, "join=not-the-token"), 403, "This join link is not class"),
    ]
    for path, status, words in cases:
        page = client.get(path)
        assert page.status_code == status and words in page.text, page.text
        assert page.headers["content-type"].startswith("text/html") and "Traceback" not in page.text
    assert client.post(url(code, "/end"), json={"secret": secret}).status_code == 200
    ended = client.get(page_url(code, f"join={token}&lang=zh"))
    assert ended.status_code == 410 and "课堂已结束" in ended.text and '<html lang="zh">' in ended.text


def test_the_pictures_refuse_bad_steps_languages_and_strangers(client):
    code, _, _ = class_at(client)
    refused(client.get(url(code, "/stage.svg?step=x&lang=en")), 400, "bad_request")
    refused(client.get(url(code, "/stage.svg?step=3&lang=fr")), 400, "bad_request")
    refused(client.get(url(code, f"/stage.svg?step=3&you={rm.new_student()}")), 403, "unknown_student")
    refused(client.get(url("ABCDEF", "/stage.svg?step=3")), 404, "unknown_room")


def test_the_guessing_limit_counts_the_page_and_spares_a_link_with_its_token(client):
    code, _, token = class_at(client)
    other = {"X-Forwarded-For": "198.51.100.9"}
    for _ in range(20):
        assert client.get(page_url(rm.new_code()), headers=other).status_code == 404
    shut = client.get(page_url(code), headers=other)
    assert shut.status_code == 429 and "Too many wrong codes" in shut.text and int(shut.headers["retry-after"]) > 60
    refused(client.get(url(code, "/stage.svg?step=1"), headers=other), 429, "too_many_codes")
    assert client.get(page_url(code, f"join={token}"), headers=other).status_code == 200, "the QR code's link passes"


def test_a_class_that_ended_keeps_its_row_for_its_phones_to_explore(client):
    code, secret, _ = class_at(client)
    student = join(client, code)
    before = svg(client, code, 3, you=student).text
    assert client.post(url(code, "/end"), json={"secret": secret}).status_code == 200
    after = svg(client, code, 3, you=student)
    assert after.status_code == 200 and after.text == before
    assert client.get(url(code, "/captions?lang=en")).json()[3][0].endswith("Step 3 of 17")


def picture_of(client, code: str, step: int, lang: str, listing: str):
    """A phone's request for the class's shared picture at `step` (the URL phone.js makes from its view)."""
    student = join(client, code)
    name = client.post(url(code, "/me"), json={"student": student}).json()["stage"]["picture"]
    return client.get(url(code, f"/pictures/{name}/{lang}/{listing}/{step}.svg"))


def test_a_step_of_the_teacher_makes_the_phones_pictures_of_it_and_the_next_ahead(client):
    """The teacher's step has the pictures of that step and the next made before any phone asks (warm.py), in the
    process the class's phones ask for its pictures (nginx's st_pictures sends them all to one): in the languages
    and listings they asked for here."""
    from ui.server.rooms.warm import WARMER

    code, secret, token = class_at(client, step=2)
    assert client.get(page_url(code, f"join={token}&lang=zh&code=java")).status_code == 200
    assert picture_of(client, code, 2, "zh", "java").status_code == 200
    renderer.service().cache.clear()
    asks = WARMER.asks
    moved = client.post(url(code, "/stage"), json={"secret": secret, "step": 5})
    assert moved.status_code == 200, moved.text
    assert WARMER.asks == asks + 2, "asked for, without waiting, in the render service's phone lane"
    sol = cache.solution(ROW, 3)
    for step in (5, 6):  # the service made what it was asked for
        renderer.service().wait(renderer.RenderKey(cache.row_key(sol), step, "zh", "java", 3, "total", "phone-svg"), 60)
    for step in (5, 6):
        assert cache.stage_svg_cached(ROW, 3, step, "zh", "java", "total"), step


def settled() -> None:
    """Wait until the render service has nothing queued or being made (the rows an earlier test's class had made
    ahead), then forget every picture it made."""
    deadline = time.monotonic() + 120
    while renderer.service().working():
        assert time.monotonic() < deadline, "the render service did not settle"
        time.sleep(0.05)  # polling the service's state, not synchronising with it
    renderer.service().cache.clear()


def test_a_process_its_phones_ask_for_no_picture_makes_none_ahead(client):
    """A replica that only served the class's join page (nginx sends the class's pictures to another) makes
    none of its pictures ahead when the teacher steps: a picture is made once a hall, not once a replica."""
    from ui.server.rooms.warm import WARMER

    settled()
    code, secret, token = class_at(client, step=2)
    assert client.get(page_url(code, f"join={token}&lang=zh&code=java")).status_code == 200
    asks = WARMER.asks
    moved = client.post(url(code, "/stage"), json={"secret": secret, "step": 5})
    assert moved.status_code == 200, moved.text
    assert WARMER.asks == asks, "a process that is not the class's pictures' made them ahead"
    assert not cache.stage_svg_cached(ROW, 3, 5, "en", "py", "total"), "only what this class's phones asked for"
    assert not cache.stage_svg_cached(ROW, 3, 7, "zh", "java", "total"), "only this step and the next"


def shared(client, code: str, step: int, lang: str = "en", listing: str = "py", name: str = "", **headers: str):
    """GET the class's shared picture URL (phone.js's pictureUrl) at `step`, named by the view's row (or `name`)."""
    name = name or client.get(url(code, "")).json()["stage"]["picture"]
    return client.get(url(code, f"/pictures/{name}/{lang}/{listing}/{step}.svg"), headers=headers)


def test_the_shared_picture_is_the_student_s_picture_marked_immutable_for_any_cache(client):
    code, _, _ = class_at(client)
    student = join(client, code)
    one = shared(client, code, 12, "zh", "java", **{"Accept-Encoding": "gzip"})
    assert one.status_code == 200 and one.headers["content-type"] == "image/svg+xml"
    assert one.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert one.headers["vary"] == "Accept-Encoding" and one.headers["content-encoding"] == "gzip"
    assert "set-cookie" not in one.headers and student not in one.url.path
    mine = client.get(url(code, f"/stage.svg?step=12&lang=zh&code=java&you={student}"))
    assert one.content == mine.content and ET.fromstring(one.content).tag == SVG
    assert shared(client, code, 12, **{"If-None-Match": one.headers["etag"]}).status_code == 200, "another picture"
    again = shared(client, code, 12, "zh", "java", **{"If-None-Match": one.headers["etag"]})
    assert again.status_code == 304


def test_the_shared_picture_refuses_other_rows_held_steps_and_strangers(client):
    code, secret, _ = class_at(client, step=13)
    name = client.get(url(code, "")).json()["stage"]["picture"]
    assert name == rm.picture_name(rm.read_stage({"values": ROW, "step": 13}))
    refused(shared(client, code, 3, name="0" * 16), 404, "not_found")
    refused(shared(client, code, 3, lang="fr"), 404, "not_found")
    refused(shared(client, code, 18), 404, "not_found")
    refused(client.get(url(code, f"/pictures/{name}/en/py/x.svg")), 400, "bad_request")
    refused(client.get(url("ABCDEF", f"/pictures/{name}/en/py/3.svg")), 404, "unknown_room")
    assert client.post(url(code, "/questions"), json={"secret": secret, "kind": "dp"}).status_code == 201
    refused(shared(client, code, 13), 409, "held")
    assert shared(client, code, 12).status_code == 200
    other = {"X-Forwarded-For": "198.51.100.7"}
    for _ in range(20):
        client.get(page_url(rm.new_code()), headers=other)
    refused(shared(client, code, 3, name="0" * 16, **other), 429, "too_many_codes")
    assert shared(client, code, 3, **other).status_code == 200, "the row's name passes a shut-out address"
    assert client.post(url(code, "/end"), json={"secret": secret}).status_code == 200
    assert shared(client, code, 3, name=name).status_code == 200, "an ended class's phones explore its row"


def test_the_page_follows_the_browsers_language_when_its_link_names_none(client):
    code, _, token = class_at(client)
    cases = [
        ("zh-CN,zh;q=0.9,en;q=0.8", "", "zh"),
        ("zh-TW", "", "zh"),
        ("fr-FR,zh;q=0.7,en;q=0.5", "", "zh"),  # the most wanted of ours
        ("en-GB,en;q=0.9,zh;q=0.8", "", "en"),
        ("de-DE", "", "en"),
        ("zh-CN", "&lang=en", "en"),  # an explicit choice wins
        ("en-US", "&lang=zh", "zh"),
    ]
    for header, query, lang in cases:
        page = client.get(page_url(code, f"join={token}{query}"), headers={"Accept-Language": header})
        assert page.status_code == 200 and f'<html lang="{lang}">' in page.text, (header, query)
        assert "Accept-Language" in page.headers["vary"]
    bare = client.get(page_url(code, f"join={token}"), headers={"Accept-Language": ""})
    assert '<html lang="en">' in bare.text and 'data-guess="1"' in bare.text, "no header: the script asks the browser"
    said = client.get(page_url(code, f"join={token}"), headers={"Accept-Language": "zh-CN"})
    assert 'data-guess="1"' not in said.text
    refused_zh = client.get(page_url("ABCDEF"), headers={"Accept-Language": "zh-CN"})
    assert refused_zh.status_code == 404 and '<html lang="zh">' in refused_zh.text


def test_leaving_drops_the_teachers_count_and_twice_is_harmless(client):
    code, secret, _ = class_at(client)
    staying, leaving = join(client, code), join(client, code)
    teacher = lambda: client.post(url(code, "/teacher"), json={"secret": secret}).json()  # noqa: E731
    assert teacher()["joined"] == 2
    for _ in range(2):
        left = client.post(url(code, "/leave"), json={"student": leaving})
        assert left.status_code == 200 and left.json()["left"] is True, left.text
        assert teacher()["joined"] == 1 and teacher()["following"] == 1
    refused(client.post(url(code, "/me"), json={"student": leaving}), 403, "unknown_student")
    assert client.post(url(code, "/me"), json={"student": staying}).status_code == 200, "the others stay"
    refused(client.post(url(code, "/leave"), content=b"student=x"), 415, "not_json")
    refused(client.post(url(code, "/leave"), json={"student": 7}), 403, "unknown_student")
    refused(client.post(url("ABCDEF", "/leave"), json={"student": staying}), 404, "unknown_room")


def test_a_second_visit_costs_a_304_and_the_assets_come_from_the_cache(client):
    """The page's script and style are versioned files (their content's hash in the URL) cached for a year;
    the page itself is small, revalidated (no-cache, private) with an ETag, and a phone that has it gets a 304."""
    code, _, token = class_at(client)
    gz = {"Accept-Encoding": "gzip"}
    page = client.get(page_url(code, f"join={token}"), headers=gz)
    assert page.status_code == 200 and page.headers["cache-control"] == "no-cache, private", page.headers
    assets = re.findall(
        r'<(?:script|link)[^>]* (?:src|href)="(/classroom/static/phone\.[0-9a-f]{16}\.(?:js|css))"', page.text
    )
    assert sorted(a.rsplit(".", 1)[1] for a in assets) == ["css", "js"], assets
    for asset in assets:
        got = client.get(asset, headers=gz)
        assert got.status_code == 200 and "immutable" in got.headers["cache-control"], (asset, got.headers)
        assert "max-age=31536000" in got.headers["cache-control"] and got.headers["content-encoding"] == "gzip"
        assert hashlib.sha256(client.get(asset).content).hexdigest()[:16] in asset, "named by its content"
    assert "EventSource" in client.get(assets[0] if assets[0].endswith(".js") else assets[1]).text
    assert client.get("/classroom/static/phone.0123456789abcdef.js").status_code == 404, "an old version is gone"
    again = client.get(page_url(code, f"join={token}"), headers={**gz, "If-None-Match": page.headers["etag"]})
    assert again.status_code == 304 and not again.content
    assert int(page.headers["content-length"]) < 13_000, "the page without its script and style"


# --- the light join form at the short address (routes.SHORT, phone.join_form) ---


def form(client, query: str = "", **headers: str):
    """The join form's answer (redirects not followed)."""
    return client.get(f"{SHORT}{'?' + query if query else ''}", headers=headers, follow_redirects=False)


def test_the_short_address_is_a_small_join_form_in_the_browsers_language_with_no_script(client):
    for header, lang, words in (
        ("en-GB,en", "en", "Type the class code"),
        ("zh-CN,zh;q=0.9", "zh", "输入老师屏幕上的课堂码"),
    ):
        page = form(client, **{"Accept-Language": header})
        assert page.status_code == 200 and f'<html lang="{lang}">' in page.text and words in page.text
        assert f'action="{SHORT}"' in page.text and 'name="class"' in page.text and "<script" not in page.text
        assert "form-action 'self'" in page.headers["content-security-policy"] and len(page.content) < 4_000
        assert f'<link rel="prefetch" href="/classroom/static/{phone.SCRIPT_FILE}">' in page.text, "the light page's"
        assert f"style-src {phone.FORM_STYLE_CSP};" in page.headers["content-security-policy"], "its own style only"
    assert card.page_of({"type": "http", "method": "GET", "path": SHORT}) is None, "the edge leaves it to the route"


def test_a_typed_code_of_an_open_class_goes_on_to_the_light_page_in_the_forms_language(client):
    code, _, _ = class_at(client)
    typed = f"{code[:3].lower()}-{code[3:]}"  # any case, a dash: as "Join a class" reads it
    light = form(client, f"class={typed}&lang=zh&code=java")  # the light page itself: no redirect to wait for
    assert light.status_code == 200 and '<html lang="zh">' in light.text and 'data-listing="java"' in light.text
    assert 'data-frame="12"' in light.text and f'data-code="{code}"' in light.text and 'data-join=""' in light.text


def test_a_wrong_code_is_said_on_the_form_and_counts_against_the_address(client):
    code, secret, _ = class_at(client)
    other = {"X-Forwarded-For": "198.51.100.7"}
    cases = [
        ("", 400, "Type the class code first"),
        ("abc", 400, "A join code is 6 letters and digits, like K7QX4M (no 0, O, 1, I or L): “abc” is not one."),
        ("ABCDEF", 404, "No class has this code"),
    ]
    for given, status, words in cases:
        page = form(client, f"class={given}", **other)
        assert page.status_code == status and words in page.text, page.text
        assert 'aria-invalid="true"' in page.text and f'value="{given}"' in page.text and "Traceback" not in page.text
    for _ in range(18):  # with "abc" and "ABCDEF" above: 20 wrong codes, the empty box counted as none
        assert form(client, f"class={rm.new_code()}", **other).status_code == 404
    shut = form(client, f"class={code}", **other)
    assert shut.status_code == 429 and "Too many wrong codes from this address" in shut.text
    assert form(client, f"class={code}").status_code == 200, "another address is not shut out"
    assert client.post(url(code, "/end"), json={"secret": secret}).status_code == 200
    ended = form(client, f"class={code}&lang=zh")
    assert ended.status_code == 410 and "这堂课已经结束。" in ended.text


def test_the_first_picture_a_process_is_asked_for_has_the_rows_pictures_made_ahead_once(client):
    """Issue 35: the first picture of a class asked for here (this process makes the class's pictures: nginx's
    st_pictures) has the row's pictures from that step to its last asked for in the render service's AHEAD lane,
    in the pair asked for, once: a second phone's request asks for none again, so a step costs no render."""
    from ui.server.rooms.warm import WARMER

    code, _, token = class_at(client, step=2)
    assert client.get(page_url(code, f"join={token}&lang=zh&code=java")).status_code == 200
    ahead = WARMER.ahead
    assert picture_of(client, code, 2, "zh", "java").status_code == 200
    last = 2 * len(ROW) + 1
    sol = cache.solution(ROW, 3)
    for step in range(2, last + 1):  # asked by a thread; each made by the AHEAD lane's worker
        key = renderer.RenderKey(cache.row_key(sol), step, "zh", "java", 3, "total", "phone-svg")
        deadline = time.monotonic() + 60
        while not isinstance(renderer.service().wait(key, 1), renderer.Done):
            assert time.monotonic() < deadline, f"step {step} was not made ahead"
    assert WARMER.ahead - ahead == last - 2 + 1, "each step from the asked one to the last, once"
    assert picture_of(client, code, 3, "zh", "java").status_code == 200
    assert WARMER.ahead - ahead == last - 1, "asked for once"


def test_the_owner_puts_the_next_steps_picture_into_the_fronts_cache_before_the_press(client, monkeypatch):
    """Issue 35: nginx's requests waiting on proxy_cache_lock look again only every 500 ms, so a hall asking for a
    step's picture at once waited up to half a second for a picture already made. The process that makes a class's
    pictures asks for the next two steps' through the front (STONEGAME_PICTURES_FRONT: nginx), so nginx's cache
    has them before the press and before the phones fetch the next one ahead; the room's maker does so when the
    room is made; a step put there once is not put again. Here the front is a stand-in that notes the paths asked."""
    seen: list[str] = []

    class Front(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            seen.append(self.path)
            self.send_response(200)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args) -> None:
            pass

    front = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Front)
    threading.Thread(target=front.serve_forever, daemon=True).start()
    try:
        monkeypatch.setenv("STONEGAME_PICTURES_FRONT", f"http://127.0.0.1:{front.server_address[1]}")

        def seen_at_least(count: int) -> None:
            deadline = time.monotonic() + 30
            while len(seen) < count:
                assert time.monotonic() < deadline, f"the next pictures were not asked for through the front: {seen}"
                time.sleep(0.02)  # polling what the stand-in front was asked

        code, secret, _ = class_at(client, step=2)
        name = client.get(url(code, "")).json()["stage"]["picture"]
        at = f"{PREFIX}/rooms/{code}/pictures/{name}/en/py/{{}}.svg".format
        # the room just made: its next steps go ahead before any phone asks (the light page comes with its step's
        # picture, so the first phone's picture request is the first press's, or its fetch of the next step)
        seen_at_least(2)
        assert seen == [at(3), at(4)], seen
        assert picture_of(client, code, 2, "en", "py").status_code == 200  # this process makes the class's pictures
        assert client.post(url(code, "/stage"), json={"secret": secret, "step": 3}).status_code == 200
        seen_at_least(3)
        assert client.post(url(code, "/stage"), json={"secret": secret, "step": 5}).status_code == 200
        seen_at_least(5)
        assert seen == [at(3), at(4), at(5), at(6), at(7)], seen  # each once: 3 and 4 were put there already
    finally:
        front.shutdown()


class StandInFront:
    """A stand-in for nginx's front (STONEGAME_PICTURES_FRONT) that notes each path asked and answers `status`
    with `body`, gzipped as nginx sends the replicas' pictures."""

    def __init__(self, status: int, body: bytes) -> None:
        self.seen: list[str] = []
        outer = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                outer.seen.append(self.path)
                packed = gzip.compress(body)
                self.send_response(status)
                self.send_header("Content-Encoding", "gzip")
                self.send_header("Content-Length", str(len(packed)))
                self.end_headers()
                self.wfile.write(packed)

            def log_message(self, *args) -> None:
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"


UNSEEN = itertools.count(100)  # the first pile of a row no test made before (the render service's cache is shared)


def unseen_class(client) -> tuple[str, str]:
    """A class at step 12 on a row like ROW that no test in this process made pictures of: its code and token."""
    made = client.post(f"{PREFIX}/rooms", json={"values": [next(UNSEEN), *ROW[1:]], "step": 12})
    assert made.status_code == 201, made.text
    return made.json()["code"], made.json()["room"]["join"]


SHARED = b'<svg xmlns="http://www.w3.org/2000/svg" id="the-class-s-shared-picture"/>'


@pytest.mark.parametrize("status", [200, 503])
def test_a_page_whose_picture_this_process_has_not_made_takes_the_class_s_shared_one(client, monkeypatch, status):
    """A replica that never made the class's picture (here: Chinese, which nothing asked this process for) takes
    the light page's picture from the front (nginx's cache, else the class's picture replica): one picture a
    hall, and no render worker started for a join page (a throttled phone waited 3.4-5.9 s for one). If the
    front does not have it, the page makes it here; a picture made here already is not asked of the front."""
    front = StandInFront(status, SHARED)
    try:
        monkeypatch.setenv("STONEGAME_PICTURES_FRONT", front.url)
        code, token = unseen_class(client)
        name = client.get(url(code, "")).json()["stage"]["picture"]
        page = client.get(page_url(code, f"join={token}&lang=zh"))
        assert page.status_code == 200, page.text
        at_12 = lambda: [path for path in front.seen if path.endswith("/12.svg")]  # noqa: E731 (not the maker's puts)
        assert at_12() == [f"{PREFIX}/rooms/{code}/pictures/{name}/zh/py/12.svg"]
        shared = "the-class-s-shared-picture" in page.text
        assert shared == (status == 200), "the front's picture when it has it, else one made here"
        assert ("<svg" in page.text) and (shared or "<title" in page.text or "<g" in page.text)
        made = picture_of(client, code, 12, "en", "py")
        assert made.status_code == 200  # made here now
        before = at_12()
        assert client.get(page_url(code, f"join={token}&lang=en")).status_code == 200
        assert at_12() == before, "a picture this process has is not asked of the front"
    finally:
        front.server.shutdown()


def test_without_a_front_a_page_makes_its_picture_here(client, monkeypatch):
    monkeypatch.delenv("STONEGAME_PICTURES_FRONT", raising=False)
    code, token = unseen_class(client)
    page = client.get(page_url(code, f"join={token}&lang=zh"))
    assert page.status_code == 200 and "<svg" in page.text and "the-class-s-shared-picture" not in page.text
