"""Write it yourself: the student's own fill, run by our own interpreter of a small subset of Python.

modes.py    the three starting modes, their starters and reference fills; fill() runs code on one row
machine.py  the evaluator: the code's ast compiled into closures (never exec/eval), refusing what is
            outside the subset before anything runs
budget.py   the steps, CPU, list and number budgets and the meter that spends them
stop.py     refusals, run errors and stops, each with a sentence key, a line and a column
message.py  an outcome's sentence in English or Chinese (stonegame/words/write.py)
compare.py  the student's tables against the true ones, cell by cell, the first wrong cell in the explainer's
            fill order and the explainer step that writes it
mistakes.py the named mistakes as pure fills, the matcher that names the student's, and its sentences
hidden.py   the fixed hidden set of 56 rows and "Check on more rows" (passes 53 of 56, the smallest failing row)
run.py      the pool of child processes (child.py) that runs it all behind RLIMIT_AS/RLIMIT_CPU and a
            wall-clock kill
"""
