"""Teaching tools: the quiz (`quiz`; what it says once an answer is graded, `feedback`), the
misconception deck (`deck`; its tables as the page shows them, `tables`), the charts of both
(`charts`) and the exports (`export`)."""
