"""Words of the pages beyond the explainer, one module per page group; `stonegame.i18n` merges them."""
