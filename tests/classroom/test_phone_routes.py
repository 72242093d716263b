"""The light student page's routes (ui/server/rooms/phone.py, routes.py) against the ASGI app on both stores:
the page joins a class by its link, the stage's SVG is valid XML, cached per row, step and language, never
past a question's hold, and answers a phone that has it with a 304; bad codes and tokens get the class
room's refusals (as a page), and the guessing limit applies to the page and the picture as to any route."""

from __future__ import annotations

import base64
import hashlib
import re
import xml.etree.ElementTree as ET

import pytest
from starlette.testclient import TestClient

from stonegame import room as rm
from tests.classroom.test_routes import app_for, join, refused, url
from ui import cache
from ui.server.rooms.routes import PREFIX

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
        assert page.headers["content-encoding"] == "gzip" and int(page.headers["content-length"]) < 18_000
        text = page.text
        assert f'<html lang="{lang}">' in text and words in text
        assert re.search(r'data-testid="stage" data-ready="false" data-frame="12"', text), "drawn at step 12"
        assert f'data-join="{token}"' in text and "<svg" in text
        assert page.headers["cache-control"] == "no-store" and page.headers["referrer-policy"] == "no-referrer"
        script = re.search(r"<script>(.+?)</script>", text, re.S)
        assert script is not None and "EventSource" in script.group(1), "its script is in the page"
        early = re.search(r"<head>.*<script data-base=\"[^\"]+\"[^>]*>(.+?)</script>", text, re.S)
        assert early is not None and "/join" in early.group(1), "the head asks for the seat early"
        digests = [base64.b64encode(hashlib.sha256(s.group(1).encode()).digest()).decode() for s in (early, script)]
        allowed = f"script-src 'sha256-{digests[0]}' 'sha256-{digests[1]}';"
        assert allowed in page.headers["content-security-policy"], "and only they may run"
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


def test_a_step_of_the_teacher_makes_the_phones_pictures_of_it_and_the_next_ahead(client):
    """The teacher's step has the pictures of that step and the next made before any phone asks (warm.py):
    in the languages and listings the class's phones asked for here."""
    from ui.server.rooms.warm import WARMER

    code, secret, token = class_at(client, step=2)
    assert client.get(page_url(code, f"join={token}&lang=zh&code=java")).status_code == 200
    cache._stage_svg.clear()
    moved = client.post(url(code, "/stage"), json={"secret": secret, "step": 5})
    assert moved.status_code == 200, moved.text
    WARMER.pool.submit(lambda: None).result(timeout=60)  # the worker made what it was asked for
    for step in (5, 6):
        assert cache.stage_svg_cached(ROW, 3, step, "zh", "java", "total"), step
    assert not cache.stage_svg_cached(ROW, 3, 5, "en", "py", "total"), "only what this class's phones asked for"
    assert not cache.stage_svg_cached(ROW, 3, 7, "zh", "java", "total"), "only this step and the next"
