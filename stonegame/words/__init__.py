"""Every feature's words, one module per feature (explainer, ladder, game, teach), merged by stonegame.i18n."""
