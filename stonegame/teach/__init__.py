"""Teaching tools: the quiz (`quiz`), the misconception deck (`deck`) and the exports (`export`)."""
