"""The misconception deck's parts: every card with its trap, its numbers (games, a chart, tables, the
buggy code), a button that loads its row and a link to the explainer."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import pandas as pd
import streamlit as st

from stonegame import format_values
from stonegame.i18n import t
from stonegame.teach import charts
from stonegame.teach import deck as cards
from ui import cache, state
from ui.teach import locked

# --- the deck -----------------------------------------------------------------------------------


@st.cache_resource(**cache.CACHE)
def _cards() -> dict[str, cards.Card]:
    """Every card's row and numbers (the same for everyone: computed once per server)."""
    return {name: cards.card(name) for name in cards.CARDS}


def _load(name: str) -> None:
    """Callback: make the card's row the shared row (not under a teacher's locked link)."""
    if locked():
        return
    state.set_row(list(_cards()[name].row))
    st.session_state[state.DECK_LOADED] = name


def cards_shown(lang: str) -> None:
    """Every card: the trap, its numbers, a button that loads its row and a link to the explainer."""
    if locked():
        st.info(t("deck_locked", lang), icon="🔒")
    if st.session_state[state.MAX_TAKE] != cards.MAX_TAKE:
        st.info(t("deck_rule_note", lang, k=st.session_state[state.MAX_TAKE], leetcode=cards.MAX_TAKE), icon="ℹ️")
    for number, (name, card) in enumerate(_cards().items(), 1):
        with st.container(border=True):
            st.subheader(f"{number} · {t('deck_' + name + '_title', lang)}")
            st.markdown(t("deck_" + name + "_trap", lang))
            DETAILS[name](card, lang)
            _card_actions(name, card, lang)


def _card_actions(name: str, card: cards.Card, lang: str) -> None:
    """The card's row, its load button and the link to the explainer (with a tick once loaded)."""
    row = f"`[{format_values(list(card.row))}]`"
    load, link = st.columns([1, 1], vertical_alignment="center")
    load.button(
        t("deck_load", lang, row=row),
        key=state.DECK_LOAD.format(card=name),
        on_click=_load,
        args=(name,),
        disabled=locked(),
        width="stretch",
    )
    link.page_link("streamlit_app.py", label=t("deck_open", lang), icon="📈")
    loaded = st.session_state.get(state.DECK_LOADED) == name and st.session_state[state.VALUES] == list(card.row)
    if loaded:
        st.caption("✓ " + t("deck_loaded", lang, row=row))


def _game_column(column: Any, title: str, game: cards.Game, lang: str) -> None:
    """One game: its title, final totals and verdict, and its turns as a table."""
    with column:
        st.markdown(f"**{title}**")
        st.markdown(t("deck_totals", lang, alice=game.alice, bob=game.bob, winner=t("winner_" + game.winner, lang)))
        turns = pd.DataFrame(
            {
                t("deck_col_turn", lang): game.turns["turn"],
                t("deck_col_player", lang): game.turns["player"],
                t("deck_col_piles", lang): [
                    f"{i}" if k == 1 else f"{i}–{i + k - 1}"
                    for i, k in zip(game.turns["i"], game.turns["k"], strict=True)
                ],
                t("deck_col_gained", lang): game.turns["gained"],
            }
        )
        st.dataframe(turns, hide_index=True, width="stretch")


def _games(card: cards.Card, lang: str) -> None:
    """Greedy Alice against optimal Bob, beside the optimal game."""
    st.markdown(t("deck_" + card.name + "_numbers", lang, **_plain(card.numbers, lang)))
    greedy, optimal = st.columns(2)
    _game_column(greedy, "✗ " + t("deck_greedy_game", lang), card.numbers["greedy"], lang)
    _game_column(optimal, "✓ " + t("deck_optimal_game", lang), card.numbers["optimal"], lang)


def _plain(numbers: dict[str, object], lang: str) -> dict[str, object]:
    """The card's scalar numbers for a sentence, winners in the page's language."""
    out: dict[str, object] = {}
    for key, value in numbers.items():
        if isinstance(value, str):
            out[key] = t("winner_" + value, lang)
        elif isinstance(value, int):
            out[key] = value
    return out


def _zero(card: cards.Card, lang: str) -> None:
    """[0]: the numbers, and what a verdict that forgets the tie answers."""
    st.markdown(t("deck_zero_numbers", lang, **_plain(card.numbers, lang)))
    right, wrong = st.columns(2)
    right.markdown("✓ " + t("deck_zero_right", lang, winner=t("winner_" + card.numbers["winner"], lang)))
    wrong.markdown("✗ " + t("deck_zero_wrong", lang, winner=t("winner_" + card.numbers["no_tie"], lang)))
    with st.expander(t("deck_show_code", lang)):
        st.code(inspect.getsource(cards.verdict_without_tie_buggy), language="python")


def _zero_init(card: cards.Card, lang: str) -> None:
    """The right diff array beside the one the 0 start gives, with both verdicts and the buggy code."""
    numbers = card.numbers
    right, wrong = st.columns(2)
    with right:
        st.markdown("✓ " + t("deck_zero_init_right", lang))
        st.code(f"diff = {numbers['diff']}\n→ {t('winner_' + numbers['winner'], lang)}", language=None)
    with wrong:
        st.markdown("✗ " + t("deck_zero_init_wrong", lang))
        st.code(f"diff = {numbers['buggy']}\n→ {t('winner_' + numbers['buggy_winner'], lang)}", language=None)
    st.markdown(t("deck_zero_init_numbers", lang, **_plain(numbers, lang), right=numbers["diff"][0]))
    with st.expander(t("deck_show_code", lang)):
        st.code(inspect.getsource(cards.score_difference_zero_init_buggy), language="python")


@st.cache_resource(**cache.PAGE)
def _memo_spec(lang: str) -> dict:
    """The validated spec of the memo chart in this language: a single view, drawn with an explicit
    height (charts.MEMO_HEIGHT), since st.vega_lite_chart overrides a lone view's own height, and a
    vconcat (the board's way round that) would put its y axis outside the page's width."""
    return charts.memo_chart(cards.memo_table(), charts.MemoWords.of(lang)).to_dict()


def _memo_zero(card: cards.Card, lang: str) -> None:
    """The calls with the 0 marker and with a correct one, n = 5 .. 25, as a chart and a table."""
    table: pd.DataFrame = card.numbers["table"]
    last = table.iloc[-1]
    st.markdown(
        t("deck_memo_zero_numbers", lang, n=int(last["n"]), bug=int(last["zero_marker"]), good=int(last["sentinel"]))
    )
    st.vega_lite_chart(spec=_memo_spec(lang), width="stretch", height=charts.MEMO_HEIGHT, key=state.DECK_CHART)
    with st.expander(t("deck_memo_table", lang)):
        shown = pd.DataFrame(
            {
                "n": table["n"],
                t("deck_memo_bug", lang): table["zero_marker"],
                t("deck_memo_good", lang): table["sentinel"],
                "×": table["ratio"].round(1),
            }
        )
        st.dataframe(shown, hide_index=True, width="stretch")
    with st.expander(t("deck_show_code", lang)):
        st.code(inspect.getsource(cards.score_difference_memo), language="python")


def _mixed(card: cards.Card, lang: str) -> None:
    """The three LeetCode examples: the right verdict and the two mixed-up ones, ✓ or ✗ each."""
    st.markdown(t("deck_mixed_numbers", lang, **_plain(card.numbers, lang)))
    table: pd.DataFrame = card.numbers["table"]

    def judged(column: str) -> list[str]:
        """A verdict column in the page's language, each ✓ if it is the right one, else ✗."""
        return [
            ("✓ " if verdict == right else "✗ ") + t("winner_" + verdict, lang)
            for verdict, right in zip(table[column], table["winner"], strict=True)
        ]

    shown = pd.DataFrame(
        {
            t("deck_col_row", lang): ["[" + format_values(row) + "]" for row in table["row"]],
            "dp[0]": table["dp0"],
            "diff[0]": table["diff0"],
            "total": table["total"],
            t("deck_mixed_right", lang): judged("winner"),
            t("deck_mixed_dp_as_lead", lang): judged("dp_as_lead"),
            t("deck_mixed_diff_as_total", lang): judged("diff_as_total"),
        }
    )
    st.dataframe(shown, hide_index=True, width="stretch")


DETAILS: dict[str, Callable[[cards.Card, str], None]] = {
    "greedy": _games,
    "negatives": _games,
    "zero": _zero,
    "zero_init": _zero_init,
    "memo_zero": _memo_zero,
    "mixed": _mixed,
}
