"""Write it yourself: the student's own fill, run by our own interpreter of a small subset of Python.

modes.py    the three starting modes, their starters and reference fills; fill() runs code on one row
machine.py  the evaluator: the code's ast compiled into closures (never exec/eval), refusing what is
            outside the subset before anything runs
budget.py   the steps, CPU, list and number budgets and the meter that spends them
stop.py     refusals, run errors and stops, each with a sentence key, a line and a column
message.py  an outcome's sentence in English or Chinese (stonegame/words/write.py)
run.py      the pool of child processes (child.py) that runs it all behind RLIMIT_AS/RLIMIT_CPU and a
            wall-clock kill
"""
