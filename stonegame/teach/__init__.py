"""Teaching tools: the quiz (`quiz`; what it says once an answer is graded, `feedback`), the
misconception deck (`deck`; its tables as the page shows them, `tables`), the charts of both
(`charts`) and the exports (`export`; the animated GIF, drawn in layers, `gif`; the small CJK font
subsets the server's pictures use, `fonts`). The quiz asks about the explainer's own board, so it reads the
explainer's view tables (`stonegame.fill.view`); nothing in the explainer depends on this room."""
