"""Teaching tools: the quiz (`quiz`; what it says once an answer is graded, `feedback`), the
misconception deck (`deck`; its tables as the page shows them, `tables`), the charts of both
(`charts`) and the exports (`export`). The quiz asks about the explainer's own board, so it reads the
explainer's view tables (`stonegame.explainer.view`); nothing in the explainer depends on this room."""
