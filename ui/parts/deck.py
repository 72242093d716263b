"""The misconception deck's parts: every card with its trap, its numbers (games, a chart, tables, the
buggy code), a button that loads its row and a link to the explainer."""

from __future__ import annotations

import inspect
from collections.abc import Callable

import pandas as pd
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from stonegame import format_values
from stonegame.draw.kit import described
from stonegame.i18n import t
from stonegame.teach import charts
from stonegame.teach import deck as cards
from stonegame.teach.tables import memo_shown, mixed_shown, sentence_fields, turns_shown
from stonegame.terms import DEFAULT_TAKE, Lang
from ui import cache, frame, nav, specs, state
from ui.parts.teach import locked
from ui.state import View


@cache.cached(cache.CACHE)
def _cards() -> dict[cards.CardName, cards.Card]:
    """Every card's row and numbers (the same for everyone: computed once per server)."""
    return {name: cards.card(name) for name in cards.CARDS}


def _load(name: cards.CardName) -> None:
    """Callback: make the card's row the shared row (not under a teacher's locked link)."""
    if locked():
        return
    state.set_row(list(_cards()[name].row))
    st.session_state[state.DECK_LOADED] = name


def cards_shown(view: View) -> None:
    """Every card: the trap, its numbers, a button that loads its row and a link to the explainer (in
    presenter mode the button and the link under the trap, so that the first card's are on the projector's
    first screen)."""
    if locked():
        st.info(t("deck_locked", view.lang), icon="🔒")
    if st.session_state[state.MAX_TAKE] != DEFAULT_TAKE:
        st.info(t("deck_rule_note", view.lang, k=st.session_state[state.MAX_TAKE], leetcode=DEFAULT_TAKE), icon="ℹ️")
    for number, (name, card) in enumerate(_cards().items(), 1):
        with st.container(border=True):
            st.header(f"{number} · {t('deck_' + name + '_title', view.lang)}")
            st.markdown(t("deck_" + name + "_trap", view.lang))
            if view.present:
                _card_actions(name, card, view)
            DETAILS[name](card, view)
            if not view.present:
                _card_actions(name, card, view)


def _card_actions(name: cards.CardName, card: cards.Card, view: View) -> None:
    """The card's row, its load button and the link to the explainer (with a tick once loaded)."""
    row = f"`[{format_values(list(card.row))}]`"
    load, link = st.columns([1, 1], vertical_alignment="center")
    load.button(
        t("deck_load", view.lang, row=row),
        key=state.DECK_LOAD.format(card=name),
        on_click=_load,
        args=(name,),
        disabled=locked(),
        width="stretch",
    )
    link.page_link(nav.page(nav.MAIN), label=t("deck_open", view.lang), icon="📈")
    loaded = st.session_state.get(state.DECK_LOADED) == name and st.session_state[state.VALUES] == list(card.row)
    if loaded:
        st.caption("✓ " + t("deck_loaded", view.lang, row=row))


def _game_column(column: DeltaGenerator, title: str, game: cards.Game, view: View) -> None:
    """One game: its title, final totals and verdict, and its turns as a table."""
    with column:
        st.markdown(f"**{title}**")
        st.markdown(
            t("deck_totals", view.lang, alice=game.alice, bob=game.bob, winner=t("winner_" + game.winner, view.lang))
        )
        frame.table(turns_shown(game, view.lang), view)


def _games(card: cards.Card, view: View) -> None:
    """Greedy Alice against optimal Bob, beside the optimal game."""
    st.markdown(t("deck_" + card.name + "_numbers", view.lang, **sentence_fields(card.numbers, view.lang)))
    greedy, optimal = st.columns(2)
    _game_column(greedy, "✗ " + t("deck_greedy_game", view.lang), card.numbers["greedy"], view)
    _game_column(optimal, "✓ " + t("deck_optimal_game", view.lang), card.numbers["optimal"], view)


def _zero(card: cards.Card, view: View) -> None:
    """[0]: the numbers, and what a verdict that forgets the tie answers."""
    st.markdown(t("deck_zero_numbers", view.lang, **sentence_fields(card.numbers, view.lang)))
    right, wrong = st.columns(2)
    right.markdown("✓ " + t("deck_zero_right", view.lang, winner=t("winner_" + card.numbers["winner"], view.lang)))
    wrong.markdown("✗ " + t("deck_zero_wrong", view.lang, winner=t("winner_" + card.numbers["no_tie"], view.lang)))
    with st.expander(t("deck_show_code", view.lang)):
        st.code(inspect.getsource(cards.verdict_without_tie_buggy), language="python")


def _zero_init(card: cards.Card, view: View) -> None:
    """The right diff array beside the one the 0 start gives, with both verdicts and the buggy code."""
    numbers = card.numbers
    right, wrong = st.columns(2)
    with right:
        st.markdown("✓ " + t("deck_zero_init_right", view.lang))
        st.code(f"diff = {numbers['diff']}\n→ {t('winner_' + numbers['winner'], view.lang)}", language=None)
    with wrong:
        st.markdown("✗ " + t("deck_zero_init_wrong", view.lang))
        st.code(f"diff = {numbers['buggy']}\n→ {t('winner_' + numbers['buggy_winner'], view.lang)}", language=None)
    st.markdown(t("deck_zero_init_numbers", view.lang, **sentence_fields(numbers, view.lang), right=numbers["diff"][0]))
    with st.expander(t("deck_show_code", view.lang)):
        st.code(inspect.getsource(cards.score_difference_zero_init_buggy), language="python")


@cache.cached(cache.PAGE)
def _memo_spec(lang: Lang) -> dict:
    """The spec of the memo chart in this language, ready to send (unvalidated: the tests validate the
    builder's): a single view, drawn with an explicit height (charts.MEMO_HEIGHT), since
    st.vega_lite_chart overrides a lone view's own height, and a vconcat (the board's way round that)
    would put its y axis outside the page's width. Named for screen readers."""
    chart = charts.memo_chart(cards.memo_table(), charts.MemoWords.of(lang))
    return specs.arrow_datasets(described(chart.to_dict(validate=False), t("deck_memo_desc", lang)))


def _memo_zero(card: cards.Card, view: View) -> None:
    """The calls with the 0 marker and with a correct one, n = 5 .. 25, as a chart and a table."""
    table: pd.DataFrame = card.numbers["table"]
    last = table.iloc[-1]
    st.markdown(
        t(
            "deck_memo_zero_numbers",
            view.lang,
            n=int(last["n"]),
            bug=int(last["zero_marker"]),
            good=int(last["sentinel"]),
        )
    )
    st.vega_lite_chart(
        spec=specs.shown(_memo_spec(view.lang), view.present),
        width="stretch",
        height=charts.MEMO_HEIGHT,
        key=state.DECK_CHART,
    )
    with st.expander(t("deck_memo_table", view.lang)):
        frame.table(memo_shown(table, view.lang), view)
    with st.expander(t("deck_show_code", view.lang)):
        st.code(inspect.getsource(cards.score_difference_memo), language="python")


def _mixed(card: cards.Card, view: View) -> None:
    """The three LeetCode examples: the right verdict and the two mixed-up ones, ✓ or ✗ each."""
    st.markdown(t("deck_mixed_numbers", view.lang, **sentence_fields(card.numbers, view.lang)))
    frame.table(mixed_shown(card.numbers["table"], view.lang), view)


DETAILS: dict[cards.CardName, Callable[[cards.Card, View], None]] = {
    "greedy": _games,
    "negatives": _games,
    "zero": _zero,
    "zero_init": _zero_init,
    "memo_zero": _memo_zero,
    "mixed": _mixed,
}
