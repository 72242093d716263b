"""The Export page's embed snippet (ui/parts/embed.py), through the app's entry as a link opens it: the
row and the step on screen, in the page's language, and no snippet for a row too long for a link."""

from html.parser import HTMLParser

from stonegame.i18n import t
from tests.apptest_helpers import app

EXPORT = "pages/export.py"


def export_page(**query):
    """The Export page opened from a link with these parameters."""
    at = app(**query)
    for key, value in query.items():
        at.query_params[key] = value
    at.switch_page(EXPORT).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def iframe_src(at) -> str:
    """The src of the page's one <iframe> snippet."""
    codes = [c.value for c in at.code if "<iframe" in c.value]
    assert len(codes) == 1, codes
    found = {}
    parser = HTMLParser()
    parser.handle_starttag = lambda tag, attrs: found.update(dict(attrs)) if tag == "iframe" else None
    parser.feed(codes[0])
    return found["src"]


def test_the_snippet_shows_the_row_at_the_step_on_screen():
    src = iframe_src(export_page(values="4,5,6", step="3", lang="zh"))
    assert src.endswith("/?values=4,5,6&step=3&lang=zh&present=1&embed=true&embed_options=light_theme")


def test_a_row_too_long_for_a_link_gets_a_note_not_a_snippet():
    at = app()
    at.text_area(key="explainer_row_text").set_value(",".join(["-999"] * 1100))  # 5,499 characters
    at.form_submit_button[0].click().run()
    at.switch_page(EXPORT).run()
    assert not [c for c in at.code if "<iframe" in c.value]
    assert t("embed_too_long", "en") in [c.value for c in at.caption]
