"""The parser: every accepted form, a clear message for every refusal, and properties under hypothesis."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stonegame import ParseError, format_values, parse_values
from stonegame.parse import MAX_PILES


@pytest.mark.parametrize(
    "text",
    [
        "1,2,3,7",
        "[1,2,3,7]",
        " [ 1, 2, 3, 7 ] ",
        "1 2 3 7",
        "1\n2\n3\n7",
        "1\t2\t3\t7",
        "1，2，3，7",  # full-width commas, as a Chinese input method types them
        "１，２，３，７",  # full-width digits too
        "［1、2、3、7］",  # full-width brackets and the enumeration comma
        "1;2;3;7",
        "1,2,3,7,",  # one trailing separator is forgiven
        "+1, 2, 3, 7",
    ],
)
def test_accepted_forms(text):
    assert parse_values(text) == [1, 2, 3, 7]


def test_minus_signs():
    assert parse_values("-1, −2, －3, –4") == [-1, -2, -3, -4]


@pytest.mark.parametrize(
    ("text", "key", "fields"),
    [
        ("", "err_empty", {}),
        ("[]", "err_empty", {}),
        ("[1,2", "err_brackets", {}),
        ("1,2,x", "err_not_integer", {"index": 3, "pos": 5, "token": "x"}),
        ("1,,2", "err_empty_between", {"index": 2, "pos": 3}),
        ("[1, 2.5]", "err_not_integer", {"index": 2, "pos": 5, "token": "2.5"}),
        ("1e3", "err_not_integer", {"index": 1, "pos": 1, "token": "1e3"}),
        ("0x10", "err_not_integer", {"index": 1, "pos": 1, "token": "0x10"}),
        ("1001", "err_range", {"index": 1, "pos": 1, "token": "1001"}),
        ("5,-1001", "err_range", {"index": 2, "pos": 3, "token": "-1001"}),
        ("1²", "err_not_integer", {"index": 1, "pos": 1, "token": "1²"}),  # never guessed at
        ("1,\x002", "err_control", {"pos": 3}),
    ],
)
def test_refusals_name_what_and_where(text, key, fields):
    with pytest.raises(ParseError) as caught:
        parse_values(text)
    assert caught.value.key == key
    assert fields.items() <= caught.value.fields.items()


def test_messages_are_sentences_in_both_languages():
    with pytest.raises(ValueError) as caught:
        parse_values("1,2,x")
    assert str(caught.value) == "value #3 “x” (at character 5) is not a whole number."
    assert caught.value.message("zh") == "第 3 个数值“x”（第 5 个字符处）不是整数。"


def test_too_many_piles():
    parse_values(",".join(["1"] * MAX_PILES))
    with pytest.raises(ParseError) as caught:
        parse_values(",".join(["1"] * (MAX_PILES + 1)))
    assert caught.value.key == "err_too_many" and "50,001" in str(caught.value)


def test_huge_text_is_refused_before_it_is_read():
    with pytest.raises(ParseError) as caught:
        parse_values("1," * 600_000)
    assert caught.value.key == "err_too_long"


rows = st.lists(st.integers(-1000, 1000), min_size=1, max_size=60)
separators = st.sampled_from([",", ", ", " ", "\n", "，", "、", ";", " ,\t"])


@given(rows, separators, st.booleans())
@settings(max_examples=300)
def test_accepted_text_round_trips(values, sep, brackets):
    text = sep.join(map(str, values))
    assert parse_values(f"[{text}]" if brackets else text) == values
    assert parse_values(format_values(values)) == values


@given(st.text(max_size=80))
@settings(max_examples=1000)
def test_garbage_raises_only_value_error(text):
    try:
        values = parse_values(text)
    except ValueError as err:
        assert isinstance(err, ParseError) and str(err)  # a message, in words
    else:
        assert 1 <= len(values) <= MAX_PILES and all(-1000 <= v <= 1000 for v in values)


def test_tokens_name_their_text_and_where_it_starts():
    from stonegame.parse import tokens

    first, second = tokens("12 , -3")
    assert (first.pos, first.text) == (1, "12") and (second.pos, second.text) == (6, "-3")
    assert [t.text for t in tokens("1,2,")] == ["1", "2"], "one trailing separator is dropped"


def test_a_long_token_is_quoted_short_in_its_message():
    with pytest.raises(ParseError) as err:
        parse_values("1," + "x" * 30)
    assert err.value.fields["token"] == "x" * 20 + "…" and err.value.fields["pos"] == 3
