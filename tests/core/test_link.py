"""Links: read as strictly as typed input; every problem named, with the fallback used."""

from stonegame.link import DEFAULT_VALUES, URL_VALUES_LIMIT, Link, random_row, read_link, write_link


def q(**params):
    return {k: v if isinstance(v, list) else [v] for k, v in params.items()}


def test_a_good_link():
    link = read_link(q(values="1,2,3,-9", step="5", lang="zh", code="java"))
    assert (link.values, link.step, link.lang, link.code, link.problems) == ([1, 2, 3, -9], 5, "zh", "java", ())


def test_no_parameters_is_the_first_example():
    link = read_link({})
    assert (link.values, link.step, link.lang, link.code, link.problems) == (DEFAULT_VALUES, 0, "en", "py", ())


def test_bad_values_fall_back_and_say_where():
    link = read_link(q(values="1,abc"))
    assert link.values == DEFAULT_VALUES
    (problem,) = link.problems
    assert (problem.param, problem.key, problem.fields["index"], problem.fallback) == (
        "values",
        "err_not_integer",
        2,
        "fallback_default",
    )


def test_step_is_checked_against_the_row():
    assert read_link(q(values="1,2", step="5")).step == 5  # the verdict of two piles
    for bad in ["6", "-1", "1.5", "abc", "", "99999999999999999999", "٣"]:
        link = read_link(q(values="1,2", step=bad))
        assert link.step == 0 and link.problems[0].param == "step", bad


def test_max_take_and_formulation():
    link = read_link(q(k="5", form="diff"))
    assert (link.max_take, link.form, link.problems) == (5, "diff", ())
    bad = read_link(q(k="6", form="both"))
    assert (bad.max_take, bad.form) == (3, "total") and [p.param for p in bad.problems] == ["k", "form"]
    assert write_link(Link([1, 2], None, 0, "en", "py", 4, "diff")) == {"values": "1,2", "k": "4", "form": "diff"}


def test_presenter_and_lock_flags():
    link = read_link(q(present="1", lock="1"))
    assert (link.present, link.lock, link.problems) == (True, True, ())
    assert read_link(q(present="yes")).problems[0].param == "present"
    assert write_link(Link([1, 2, 3, 7], None, 0, "en", "py", 3, "total", True, True)) == {"present": "1", "lock": "1"}


def test_unknown_lang_and_code():
    link = read_link(q(lang="fr", code="rust"))
    assert (link.lang, link.code) == ("en", "py")
    assert [p.param for p in link.problems] == ["lang", "code"]


def test_repeated_keys_are_refused():
    link = read_link(q(values=["1,2", "3,4"]))
    assert link.values == DEFAULT_VALUES and link.problems[0].key == "err_url_repeated"


def test_unknown_keys_are_ignored():
    assert read_link(q(utm_source="x")).problems == ()


def test_random_rows():
    link = read_link(q(random="50000", seed="7"))
    assert link.random == (50000, 7) and link.values == random_row(50000, 7) and len(link.values) == 50000
    assert random_row(12, 7) == random_row(12, 7) != random_row(12, 8)
    assert read_link(q(random="0")).problems[0].param == "random"
    assert read_link(q(random="50001")).problems[0].param == "random"
    assert read_link(q(random="5", seed="x")).problems[0].param == "seed"


def test_write_then_read_is_the_same_state():
    params = write_link(Link([1, 2, 3, -9], None, 6, "zh", "java"))
    assert params == {"values": "1,2,3,-9", "step": "6", "lang": "zh", "code": "java"}
    link = read_link(q(**params))
    assert (link.values, link.step, link.lang, link.code) == ([1, 2, 3, -9], 6, "zh", "java")


def test_defaults_are_left_out_and_long_rows_travel_as_random():
    assert write_link(Link(DEFAULT_VALUES, None, 0, "en", "py")) == {}
    assert write_link(Link(random_row(50000, 3), (50000, 3), 0, "en", "py")) == {"random": "50000", "seed": "3"}
    long_row = [-1000] * (URL_VALUES_LIMIT // 5 + 1)
    assert "values" not in write_link(Link(long_row, None, 0, "en", "py"))


def test_a_row_fits_in_a_link_up_to_its_limit_in_characters():
    from stonegame.link import fits_in_link

    assert fits_in_link([1] * (URL_VALUES_LIMIT // 2))  # "1,1,…,1": 3999 characters
    assert not fits_in_link([1] * (URL_VALUES_LIMIT // 2 + 1))
    assert not fits_in_link([-100] * 900) and fits_in_link([-100] * 800)  # 5 characters a pile
    assert "values" not in write_link(Link(values=[-100] * 900))
