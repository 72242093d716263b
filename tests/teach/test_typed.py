"""The quiz's typed answers (issue 40, "Small things a class notices"): a number box stopped a 20-digit
answer in the browser and Reveal did nothing. The answers are now text, read on the server the way the row
is read (stonegame.parse): full-width digits and the Chinese minus signs are folded, the space around the
number dropped; anything else that is not a whole number within ±ANSWER_LIMIT is named with the range."""

from __future__ import annotations

import pytest

from stonegame.i18n import t
from stonegame.parse import ParseError, parse_whole
from stonegame.teach import quiz as qz

LIMIT = qz.ANSWER_LIMIT


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("7", 7),
        ("  -3 ", -3),
        ("+5", 5),
        ("007", 7),
        ("-0", 0),
        ("７", 7),  # full-width digits, as a Chinese input method types them
        ("－３", -3),  # the full-width minus
        ("−3", -3),  # the minus sign
        ("﹣12", -12),  # the small minus
        ("\u3000４２\u3000", 42),  # the ideographic space around it
        (str(LIMIT), LIMIT),
        (str(-LIMIT), -LIMIT),
        ("0" * 30 + "5", 5),  # leading zeros are not digits that count
    ],
)
def test_a_whole_number_in_range_is_read(text, value):
    assert parse_whole(text, -LIMIT, LIMIT) == value


@pytest.mark.parametrize("text", ["", "   ", "\u3000", "\t"])
def test_a_blank_box_is_blank(text):
    assert parse_whole(text, -LIMIT, LIMIT) is None


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("12345678901234567890", "err_whole_range"),
        (str(LIMIT + 1), "err_whole_range"),
        (str(-LIMIT - 1), "err_whole_range"),
        ("9" * 5000, "err_whole_range"),
        ("abc", "err_whole_not_integer"),
        ("1e5", "err_whole_not_integer"),
        ("--3", "err_whole_not_integer"),
        ("5.0", "err_whole_not_integer"),
        ("1,000", "err_whole_not_integer"),
        ("- 3", "err_whole_not_integer"),
        ("١٢", "err_whole_not_integer"),  # Arabic-Indic digits are not guessed at
        ("²", "err_whole_not_integer"),
        ("[7]", "err_whole_not_integer"),
    ],
)
def test_anything_else_is_named_with_the_range(text, key):
    with pytest.raises(ParseError) as caught:
        parse_whole(text, -LIMIT, LIMIT)
    assert caught.value.key == key
    assert caught.value.fields == {"token": text if len(text) <= 20 else text[:20] + "…", "lo": -LIMIT, "hi": LIMIT}
    for lang in ("en", "zh"):
        said = caught.value.message(lang)
        assert "-1,000,000,000" in said and "1,000,000,000" in said, said


def test_read_guess_keeps_the_good_answers_and_names_the_bad_ones():
    guess, bad = qz.read_guess(2, "12345678901234567890", "－６", None)
    assert guess == qz.Guess(take=2, opponent=None, dp=-6)
    assert [(b.part, b.number, b.key) for b in bad] == [("opponent", 2, "err_whole_range")]
    assert qz.blanks(guess, bad, 8, 0) == (), "a bad answer is said apart, not as blank"
    guess, bad = qz.read_guess(None, "", "abc", None)
    assert [(b.part, b.number, b.key) for b in bad] == [("dp", 3, "err_whole_not_integer")]
    assert qz.blanks(guess, bad, 8, 0) == ("take", "opponent")
    guess, bad = qz.read_guess(None, 5, None, "bob")  # not text: only a script sends it, and it is blank
    assert guess == qz.Guess(winner="bob") and bad == ()


def test_the_sentence_says_which_answer_what_is_wrong_and_the_range():
    _, (bad,) = qz.read_guess(1, "0", "12345678901234567890", None)
    reason = t(bad.key, "en", **bad.fields)
    said = t("quiz_bad_answer", "en", n=bad.number, part=t("quiz_part_dp", "en", i=7), reason=reason)
    assert said == (
        "Answer 3 (dp[7]): “12345678901234567890” is out of range: "
        "type a whole number from -1,000,000,000 to 1,000,000,000."
    )
    zh = t(
        "quiz_bad_answer", "zh", n=bad.number, part=t("quiz_part_dp", "zh", i=7), reason=t(bad.key, "zh", **bad.fields)
    )
    assert zh.startswith("第 3 小题（dp[7]）：“12345678901234567890”超出范围") and "1,000,000,000" in zh
