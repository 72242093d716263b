"""The explainer: the suffix sums and the backward dp fill, step by step. `view` cuts what a window of
piles draws from the trace (each step's words come from the shared `stonegame.narration`), `overview`
sums up a long row, `charts` draws them, and `spec` assembles the playable Vega-Lite spec the page sends."""
