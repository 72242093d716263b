"""The lesson: one guided path through the product, chapter by chapter (`chapters`: each chapter's row,
its live piece, its check question with the answer read off the solver and the mistake each wrong
option names), and what a student has answered (`progress`: kept in the browser, read back strictly;
the chapter in the link, `?lesson=4`)."""
