"""A phone used with a thumb (issue 33, WCAG 2.5.5): on a 390×844 touch screen (a phone-like context:
`pointer: coarse`) every visible control of the explainer's stage, of a lesson chapter with a question (its
answers, Check, Show me, Back, Next and its stage) and of a class (a teacher's controls; a student's answer
buttons on the light student page) is at least 44×44 CSS px, and "Join a class" is inside the first screen.
On 6746042 the stage's buttons and speed menu were 40 px tall, its scrubber 32 px and "Link to this step"
32 px, the lesson's buttons 40 px, its answers' radio circles 13 px (their labels 24 px), and "Join a class"
was at y = 1463."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from stonegame.i18n import t

from .helpers import PHONE, join_token, on_light_page, open_explainer, wait_for_app_run, wait_for_stage

TOUCH = {"viewport": PHONE, "is_mobile": True, "has_touch": True}
ROW = "5,-3,8,2,-1,7,4,-6"
SMALLEST = 44  # CSS px (WCAG 2.5.5, target size)

# Every visible control under the page's main pane (Streamlit's, or the light student page's <main>), through
# the open shadow roots of the stage and the class bar. A radio or a checkbox is the label a thumb presses (its
# input is hidden inside it); a control drawn at opacity 0 (a heading's anchor, shown on hover only) is not
# there for a thumb.
CONTROLS = """() => {
  const SEL = 'button, select, textarea, input, a[href], summary, [role=button], [role=tab], ' +
              '[data-testid=stRadioOption], [data-testid=stCheckbox] label';
  const found = [];
  const walk = root => {
    for (const el of root.querySelectorAll('*')) {
      if (el.matches(SEL)) found.push(el);
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  walk(document.querySelector('[data-testid=stMain]') || document.querySelector('main'));
  return found.filter(el => !(el.type === 'radio' || el.type === 'checkbox')).map(el => {
    const r = el.getBoundingClientRect(), cs = getComputedStyle(el);
    const name = (el.getAttribute('aria-label') || el.innerText || el.className || el.tagName).trim();
    return {name: name.replace(/\\s+/g, ' ').slice(0, 40), tag: el.tagName.toLowerCase(), width: r.width,
            height: r.height, shown: r.width > 1 && r.height > 1 && cs.visibility !== 'hidden' && cs.opacity !== '0'};
  }).filter(c => c.shown);
}"""


def controls(page: Page) -> list[dict]:
    """The page's visible controls, once its run is over."""
    wait_for_app_run(page)
    return page.evaluate(CONTROLS)


def assert_thumb_sized(found: list[dict], where: str, must: tuple[str, ...]) -> None:
    """Every control found is at least SMALLEST×SMALLEST, and a control named by each of `must` is among them."""
    names = " | ".join(c["name"] for c in found)
    for word in must:
        assert any(word in c["name"] for c in found), f"{where}: no control named {word!r} among {names}"
    small = [
        f"{c['name']!r} ({c['tag']}) {c['width']:.0f}×{c['height']:.0f}"
        for c in found
        if min(c["width"], c["height"]) < SMALLEST - 0.5
    ]
    assert not small, f"{where}: controls under {SMALLEST}×{SMALLEST} px: {small}"


def test_the_explainers_controls_fit_a_thumb_and_join_a_class_is_on_the_first_screen(new_context):
    page = new_context(**TOUCH).new_page()
    open_explainer(page, "/")
    join = page.get_by_test_id("stMain").get_by_role("button", name=t("class_join"))
    box = join.bounding_box()
    assert box is not None and box["y"] + box["height"] <= PHONE["height"], f"Join a class at {box}"
    found = controls(page)
    must = ("First step", "Step back", "Play", "Next step", "Last step", "Speed", "Step", "Link to this step")
    assert_thumb_sized(found, "explainer", (*must, t("lesson_start"), t("class_join")))
    join.click()
    expect(page.get_by_role("textbox", name=t("class_join_label"))).to_be_visible()
    assert_thumb_sized(controls(page), "explainer, join box open", (t("class_join_button"),))


def test_a_lesson_chapters_answers_buttons_and_stage_fit_a_thumb(new_context):
    page = new_context(**TOUCH).new_page()
    page.goto("/lesson?lesson=6")
    wait_for_stage(page)
    found = controls(page)
    radios = [c for c in found if c["tag"] == "label"]
    assert len(radios) >= 2, f"the chapter's answers: {found}"
    must = (t("lesson_check"), t("lesson_show"), t("lesson_back"), t("lesson_next"), "Play", "Speed", "Step")
    assert_thumb_sized(found, "lesson chapter 6", must)


def test_a_class_teachers_controls_and_a_students_answer_buttons_fit_a_thumb(new_context, app_url: str):
    teacher = new_context(**TOUCH).new_page()
    open_explainer(teacher, f"/?values={ROW}&step=12")
    teacher.get_by_test_id("stExpandSidebarButton").click()
    teacher.get_by_test_id("stSidebar").get_by_role("button", name=t("class_start")).click()
    wait_for_app_run(teacher)
    code = teacher.get_by_test_id("join-code").inner_text().strip()
    assert re.fullmatch(r"[A-Z2-9]{6}", code), code
    if teacher.get_by_test_id("stSidebar").is_visible():  # a phone's sidebar lies over the page: fold it
        teacher.get_by_test_id("stSidebarCollapseButton").locator("button").click()
    student = new_context(**TOUCH).new_page()  # a student on the light page, by the class's link
    student.goto(f"{app_url}/classroom/join/{code}?join={join_token(teacher, code)}")
    on_light_page(student, code)
    teacher.get_by_role("button", name=t("class_ask")).click()
    wait_for_app_run(teacher)
    choices = student.get_by_test_id("classbar").locator("button.choice")
    expect(choices.first).to_be_visible()
    teacher_must = (t("class_ask"), t("class_lock"), t("class_reveal"), t("class_end"), t("class_show_join"), "Play")
    assert_thumb_sized(controls(teacher), "a teacher's phone", teacher_must)
    found = student.evaluate(CONTROLS)  # the light page has no script run to wait for
    assert choices.count() >= 2
    for k in range(choices.count()):
        size = choices.nth(k).bounding_box()
        assert size is not None and min(size["width"], size["height"]) >= SMALLEST, f"answer button {k}: {size}"
    assert_thumb_sized(found, "a student's phone", ("Play", t("class_explore")))
