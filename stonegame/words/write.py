"""Words for "Write it yourself": why the student's code was refused before running, what went wrong while
it ran, and which budget stopped it (stonegame/write/), English and Chinese. `write_at` puts the line and
column in front of any of them."""

_SUBSET = "the fill needs only numbers, the lists you are given, and min, max, sum, abs, len and range"
_SUBSET_ZH = "填表只需要数字、给定的列表，以及 min、max、sum、abs、len 和 range"

WORDS: dict[str, dict[str, str]] = {
    "write_at": {"en": "Line {line}, column {col}: {text}", "zh": "第 {line} 行第 {col} 列：{text}"},
    # ---- refused before running: the shape of the code ----
    "write_syntax": {
        "en": "Python cannot read this line ({detail}). Check the brackets, the colons and the indentation.",
        "zh": "Python 读不懂这一行（{detail}）。请检查括号、冒号和缩进。",
    },
    "write_too_long": {
        "en": "The code is {size:,} characters long; at most {most:,} are taken here. The fill fits in a few lines.",
        "zh": "代码有 {size:,} 个字符，这里最多接受 {most:,} 个。填表只需要几行。",
    },
    "write_nested": {
        "en": "This nests too deeply (brackets or blocks inside each other). Split it into a few simpler lines.",
        "zh": "这里嵌套得太深（括号或代码块层层相套）。请拆成几行简单的代码。",
    },
    "write_empty_code": {
        "en": "There is no code to run yet: write the line that fills dp[i].",
        "zh": "还没有可以运行的代码：请写出填 dp[i] 的那一行。",
    },
    "write_import": {
        "en": f"`import` is not available here: {_SUBSET}.",
        "zh": f"这里不能使用 `import`：{_SUBSET_ZH}。",
    },
    "write_attribute": {
        "en": "`.{name}` is not available here: nothing is reached with a dot. Read a list by its index, like `dp[i]`.",
        "zh": "这里不能使用 `.{name}`：不能用点号访问任何东西。请按下标读取列表，例如 `dp[i]`。",
    },
    "write_lambda": {
        "en": "`lambda` is not available here: write the expression where you need it.",
        "zh": "这里不能使用 `lambda`：请把表达式直接写在需要的地方。",
    },
    "write_class": {
        "en": "`class` is not available here: write only the function `def stone_game_iii(values, k):`.",
        "zh": "这里不能使用 `class`：只需要写函数 `def stone_game_iii(values, k):`。",
    },
    "write_async": {
        "en": "`async` and `await` are not available here: the fill is a plain loop.",
        "zh": "这里不能使用 `async` 和 `await`：填表只是一个普通的循环。",
    },
    "write_yield": {
        "en": "`yield` is not available here: fill the table and `return` the verdict.",
        "zh": "这里不能使用 `yield`：请填好表，再用 `return` 返回结果。",
    },
    "write_comprehension": {
        "en": "Comprehensions (`[… for … in …]`, `(… for …)`) are not available here: use a slice such as "
        "`dp[i + 1:i + k + 1]`, or write the loop out with `for`.",
        "zh": "这里不能使用推导式（`[… for … in …]`、`(… for …)`）：请用切片，例如 `dp[i + 1:i + k + 1]`，"
        "或者用 `for` 把循环写出来。",
    },
    "write_try": {
        "en": "`try`, `raise` and `assert` are not available here: check with `if` before you read a cell.",
        "zh": "这里不能使用 `try`、`raise` 和 `assert`：读取格子之前请先用 `if` 检查。",
    },
    "write_with": {
        "en": f"`with` is not available here: {_SUBSET}.",
        "zh": f"这里不能使用 `with`：{_SUBSET_ZH}。",
    },
    "write_global": {
        "en": "`global` and `nonlocal` are not available here: every name you use is already yours.",
        "zh": "这里不能使用 `global` 和 `nonlocal`：你用到的名字本来就属于你。",
    },
    "write_del": {
        "en": "`del` is not available here: a table keeps its n + 1 cells; write a new value into a cell instead.",
        "zh": "这里不能使用 `del`：表始终有 n + 1 个格子；请改为往格子里写新的值。",
    },
    "write_starred": {
        "en": "`*` before a name (unpacking) is not available here: name each value.",
        "zh": "这里不能在名字前使用 `*`（解包）：请逐个写出每个值。",
    },
    "write_walrus": {
        "en": "`:=` is not available here: assign on a line of its own with `=`.",
        "zh": "这里不能使用 `:=`：请单独写一行，用 `=` 赋值。",
    },
    "write_fstring": {
        "en": "f-strings are not available here: the table is drawn for you, nothing needs printing.",
        "zh": "这里不能使用 f-字符串：表会自动画出来，不需要打印任何东西。",
    },
    "write_dict": {
        "en": "Dictionaries and sets are not available here: the fill needs only lists, like `dp`.",
        "zh": "这里不能使用字典和集合：填表只需要列表，比如 `dp`。",
    },
    "write_match": {
        "en": "`match` is not available here: use `if` and `elif`.",
        "zh": "这里不能使用 `match`：请用 `if` 和 `elif`。",
    },
    "write_annotation": {
        "en": "This type hint is not available here: write the name alone, like `best = 0`.",
        "zh": "这里不能使用这种类型标注：只写名字即可，例如 `best = 0`。",
    },
    "write_one_def": {
        "en": "Write exactly one function here, `def stone_game_iii(values, k):`, and everything inside it.",
        "zh": "这里只写一个函数 `def stone_game_iii(values, k):`，其余代码都写在它里面。",
    },
    "write_decorator": {
        "en": "Decorators (`@…`) are not available here: write the function alone.",
        "zh": "这里不能使用装饰器（`@…`）：只写函数本身。",
    },
    "write_def_name": {
        "en": "The function must be called `stone_game_iii`, not `{name}`: that is the one the row is given to.",
        "zh": "函数必须叫 `stone_game_iii`，而不是 `{name}`：数组会交给这个函数。",
    },
    "write_def_params": {
        "en": "Write `def stone_game_iii(values, k):` with exactly two names: the row and k.",
        "zh": "请写 `def stone_game_iii(values, k):`，恰好两个参数：数组和 k。",
    },
    "write_def_mode": {
        "en": "`def` belongs to the whole-function start. Here write only the code itself, or choose "
        "“the whole function” above.",
        "zh": "`def` 属于“整个函数”的起点。这里只写代码本身，或者在上方选择“整个函数”。",
    },
    "write_def_nested": {
        "en": "A function inside the function is not available here: write the loop out inside `stone_game_iii`.",
        "zh": "这里不能在函数里再定义函数：请在 `stone_game_iii` 里直接写出循环。",
    },
    "write_bare_expression": {
        "en": "This line computes a value and does nothing with it: store it, e.g. `dp[i] = …`.",
        "zh": "这一行算出了一个值却没有使用它：请把它存起来，例如 `dp[i] = …`。",
    },
    "write_break_outside": {
        "en": "`break` and `continue` work only inside a loop of your own.",
        "zh": "`break` 和 `continue` 只能用在你自己写的循环里。",
    },
    "write_return_mode": {
        "en": "`return` belongs to the whole-function start: here the table you fill is the answer.",
        "zh": "`return` 属于“整个函数”的起点：这里你填好的表就是答案。",
    },
    "write_loop_else": {
        "en": "`else` after a loop is not available here: put the code after the loop.",
        "zh": "这里不能在循环后面使用 `else`：请把代码写在循环之后。",
    },
    "write_for_target": {
        "en": "A `for` loop here takes one name, like `for i in range(n):`.",
        "zh": "这里的 `for` 循环只接受一个名字，例如 `for i in range(n):`。",
    },
    "write_target": {
        "en": "You can store into a name, one cell of a list (`dp[i] = …`) or several names (`a, b = …`), not into this.",
        "zh": "只能赋值给一个名字、列表的一个格子（`dp[i] = …`）或几个名字（`a, b = …`），不能赋值给这里。",
    },
    "write_slice_assign": {
        "en": "Storing into a slice is not available here: write one cell at a time, `dp[i] = …`.",
        "zh": "这里不能给切片赋值：请一次写一个格子，`dp[i] = …`。",
    },
    "write_dunder": {
        "en": "Names with `__` in them are not available here: `{name}` reaches inside Python, and the fill needs "
        "none of it.",
        "zh": "这里不能使用带 `__` 的名字：`{name}` 会深入 Python 内部，而填表完全用不到它。",
    },
    "write_name_letters": {
        "en": "The name `{name}` uses letters outside a–z, A–Z, 0–9 and _: type it in plain letters.",
        "zh": "名字 `{name}` 用了 a–z、A–Z、0–9 和 _ 以外的字符：请用普通英文字母输入。",
    },
    "write_builtin_missing": {
        "en": f"`{{name}}` is not available here: {_SUBSET}.",
        "zh": f"这里不能使用 `{{name}}`：{_SUBSET_ZH}。",
    },
    "write_print": {
        "en": "`{name}` is not available here: your table is drawn for you, cell by cell.",
        "zh": "这里不能使用 `{name}`：你的表会被逐格画出来。",
    },
    "write_builtin_assign": {
        "en": "`{name}` is one of the functions here; pick another name for your value.",
        "zh": "`{name}` 是这里的一个函数；请给你的值换个名字。",
    },
    "write_builtin_value": {
        "en": "`{name}` can only be called here, like `{name}(…)`.",
        "zh": "`{name}` 在这里只能被调用，例如 `{name}(…)`。",
    },
    "write_int_literal": {
        "en": "This number is too large: numbers here stay within ±10^18. For “minus infinity” write float('-inf').",
        "zh": "这个数太大了：这里的数不超过 ±10^18。要表示“负无穷”，请写 float('-inf')。",
    },
    "write_long_string": {
        "en": "Text here is at most {most} characters (enough for 'Alice', 'Bob' or 'Tie').",
        "zh": "这里的文字最多 {most} 个字符（足够写 'Alice'、'Bob' 或 'Tie'）。",
    },
    "write_float": {
        "en": "Only whole numbers are used here. For “minus infinity” write float('-inf').",
        "zh": "这里只使用整数。要表示“负无穷”，请写 float('-inf')。",
    },
    "write_constant": {
        "en": "A value of kind {what} is not available here: use whole numbers.",
        "zh": "这里不能使用 {what} 类型的值：请使用整数。",
    },
    "write_operator": {
        "en": "The operator `{op}` is not available here: use + − * // % and comparisons.",
        "zh": "这里不能使用运算符 `{op}`：请使用 + − * // % 和比较运算。",
    },
    "write_divide": {
        "en": "`/` gives fractions; every number here is whole: use `//`.",
        "zh": "`/` 会得到小数；这里的数都是整数：请用 `//`。",
    },
    "write_in": {
        "en": "`in` as a test is not available here: compare numbers, or loop with `for … in range(…)`.",
        "zh": "这里不能用 `in` 做判断：请比较数字，或用 `for … in range(…)` 循环。",
    },
    "write_is": {
        "en": "`is` works here only with None (`best is None`): compare numbers with `==`.",
        "zh": "这里 `is` 只能和 None 一起用（`best is None`）：比较数字请用 `==`。",
    },
    "write_call": {
        "en": f"Only functions called by their name can be used here: {_SUBSET}.",
        "zh": f"这里只能按名字调用函数：{_SUBSET_ZH}。",
    },
    "write_call_unknown": {
        "en": f"`{{name}}(…)` is not a function here: {_SUBSET}.",
        "zh": f"`{{name}}(…)` 在这里不是函数：{_SUBSET_ZH}。",
    },
    "write_recursion": {
        "en": "Calling `{name}` from itself (recursion) is not available here: fill the table with a loop, "
        "from the end of the row back to 0.",
        "zh": "这里不能让 `{name}` 调用自己（递归）：请用循环从数组末尾往前填到 0。",
    },
    "write_keyword": {
        "en": "`{name}(…)` takes no named arguments here (only min and max of one list take `default=`).",
        "zh": "`{name}(…)` 在这里不接受命名参数（只有对一个列表的 min 和 max 可以用 `default=`）。",
    },
    "write_arguments": {
        "en": "`{name}(…)` is given the wrong number of values: len and abs take one, range one to three, "
        "sum one or two.",
        "zh": "`{name}(…)` 的参数个数不对：len 和 abs 接受一个，range 接受一到三个，sum 接受一到两个。",
    },
    "write_float_call": {
        "en": "float() is here only for float('inf') and float('-inf').",
        "zh": "这里的 float() 只用于 float('inf') 和 float('-inf')。",
    },
    "write_not_here": {
        "en": f"`{{what}}` is not available here: {_SUBSET}.",
        "zh": f"这里不能使用 `{{what}}`：{_SUBSET_ZH}。",
    },
    # ---- errors while running ----
    "write_unknown_name": {
        "en": "`{name}` has no value yet: give it one before this line reads it.",
        "zh": "`{name}` 还没有值：请在这一行读取它之前先给它赋值。",
    },
    "write_index": {
        "en": "`{name}[{index}]` is outside the list: `{name}` has {size:,} cells, 0 to {last:,}.",
        "zh": "`{name}[{index}]` 超出了列表范围：`{name}` 有 {size:,} 个格子，从 0 到 {last:,}。",
    },
    "write_index_type": {
        "en": "A position in `{name}` must be a whole number, not a {what}.",
        "zh": "`{name}` 的下标必须是整数，而不是 {what}。",
    },
    "write_not_indexable": {
        "en": "`{name}` is a {what}, not a list: it has no cells to read.",
        "zh": "`{name}` 是 {what}，不是列表：没有格子可读。",
    },
    "write_not_list_store": {
        "en": "`{name}` is a {what}, not a list: its cells cannot be written.",
        "zh": "`{name}` 是 {what}，不是列表：不能写入它的格子。",
    },
    "write_cell": {
        "en": "A cell of a list holds one number, not a {what}.",
        "zh": "列表的一个格子只能放一个数，不能放 {what}。",
    },
    "write_not_number": {
        "en": "This needs numbers, but one value is a {what}.",
        "zh": "这里需要数字，但有一个值是 {what}。",
    },
    "write_int_too_big": {
        "en": "A number passed ±10^18 here, the most this page computes with. For “minus infinity” write "
        "float('-inf').",
        "zh": "这里的数超过了 ±10^18，这是本页能计算的上限。要表示“负无穷”，请写 float('-inf')。",
    },
    "write_list_too_long": {
        "en": "This list would have {size:,} items; a list here has at most {most:,}.",
        "zh": "这个列表会有 {size:,} 项；这里的列表最多 {most:,} 项。",
    },
    "write_repeat": {
        "en": "A list can be repeated only a whole number of times, not by a {what}.",
        "zh": "列表只能重复整数次，不能乘以 {what}。",
    },
    "write_repeat_text": {
        "en": "Only a list can be repeated with `*` here, not a {what}.",
        "zh": "这里只有列表可以用 `*` 重复，{what} 不行。",
    },
    "write_zero": {
        "en": "Division by zero: the number after `//` or `%` is 0 here.",
        "zh": "除以零：这里 `//` 或 `%` 后面的数是 0。",
    },
    "write_zero_step": {
        "en": "A step of 0 never moves: use 1, or −1 to count down.",
        "zh": "步长为 0 永远不会前进：请用 1，倒数用 −1。",
    },
    "write_power": {
        "en": "`**` works here on whole numbers with an exponent of 0 or more.",
        "zh": "这里的 `**` 只用于整数，且指数不小于 0。",
    },
    "write_compare_lists": {
        "en": "Compare numbers one at a time: a {what} cannot be compared here.",
        "zh": "请一次比较一个数：这里不能比较 {what}。",
    },
    "write_order": {
        "en": "Only numbers can be ordered with < and >, but one value is a {what}.",
        "zh": "只有数字能用 < 和 > 比较大小，但有一个值是 {what}。",
    },
    "write_needs_list": {
        "en": "`{name}(…)` needs a list, a range or several numbers, not a {what}.",
        "zh": "`{name}(…)` 需要一个列表、range 或几个数，而不是 {what}。",
    },
    "write_empty": {
        "en": "`{name}` of an empty list has no answer: the slice holds no cells here (past the end of the row?).",
        "zh": "空列表的 `{name}` 没有结果：这里的切片一个格子也没有（超出数组末尾了？）。",
    },
    "write_range_type": {
        "en": "range(…) takes whole numbers, not a {what}.",
        "zh": "range(…) 只接受整数，而不是 {what}。",
    },
    "write_iterate": {
        "en": "A `for` loop here goes over range(…) or a list, not a {what}.",
        "zh": "这里的 `for` 循环只能遍历 range(…) 或列表，而不是 {what}。",
    },
    "write_unpack": {
        "en": "The left side has {count} names, and the right side does not give exactly {count} values.",
        "zh": "左边有 {count} 个名字，但右边给出的值不是恰好 {count} 个。",
    },
    # ---- stopped: a budget spent ----
    "write_steps": {
        "en": "Stopped after {steps:,} steps: the code runs far longer than a fill needs (a loop that never "
        "ends, or a loop inside a loop?).",
        "zh": "运行了 {steps:,} 步后被停止：代码运行的时间远超填表所需（是不是有永不结束的循环，或者循环套循环？）。",
    },
    "write_cpu": {
        "en": "Stopped after {ms:,} ms: the code runs far longer than a fill needs (a loop that never ends, "
        "or a loop inside a loop?).",
        "zh": "运行 {ms:,} 毫秒后被停止：代码运行的时间远超填表所需（是不是有永不结束的循环，或者循环套循环？）。",
    },
    "write_killed": {
        "en": "Stopped: the run took longer than {seconds:.1f} s and was ended.",
        "zh": "已停止：运行超过 {seconds:.1f} 秒，被终止了。",
    },
    "write_crashed": {
        "en": "Stopped: the run used more memory than it may and was ended.",
        "zh": "已停止：运行使用的内存超过了上限，被终止了。",
    },
    "write_cpu_limit": {
        "en": "Stopped: the run used more CPU time than it may and was ended.",
        "zh": "已停止：运行占用的 CPU 时间超过了上限，被终止了。",
    },
    "write_ended": {
        "en": "Stopped: the run was ended by the system, most likely for using more memory than it may.",
        "zh": "已停止：运行被系统终止了，很可能是因为使用的内存超过了上限。",
    },
    "write_busy": {
        "en": "Many runs are waiting right now. Please press Run again in a moment.",
        "zh": "现在有很多运行在排队。请稍后再按一次运行。",
    },
    # ---- comparing the student's tables with the truth (compare.py, mistakes.py) ----
    "write_first_wrong": {
        "en": "The first cell that differs from the truth is {cell} (step {step} of the explainer): yours holds {got}.",
        "zh": "第一个与正确答案不同的格子是 {cell}（讲解的第 {step} 步）：你的表里是 {got}。",
    },
    "write_table_length": {
        "en": "Your {table} does not have {size} cells (n + 1, one for each position 0 … n).",
        "zh": "你的 {table} 不是 {size} 个格子（n + 1 个，每个位置 0 … n 一个）。",
    },
    "write_no_table": {
        "en": "Your code leaves no list named {table}: the page reads your table under that name.",
        "zh": "你的代码没有留下名为 {table} 的列表：本页按这个名字读取你的表。",
    },
    "write_plain_dp": {
        "en": "The truth there is dp[{i}] = suffix[{i}] − min({names}) = {suffix} − min({candidates}) = {suffix} − {least} "
        "= {want}: what the mover collects is all that is left, minus the least the opponent can be held to.",
        "zh": "正确的是 dp[{i}] = suffix[{i}] − min({names}) = {suffix} − min({candidates}) = {suffix} − {least} = {want}："
        "先手拿到的是剩下的全部，减去对手最少能拿到的。",
    },
    "write_plain_suffix": {
        "en": "The truth there is suffix[{i}] = values[{i}] + suffix[{j}] = {value} + {next} = {want}.",
        "zh": "正确的是 suffix[{i}] = values[{i}] + suffix[{j}] = {value} + {next} = {want}。",
    },
    "write_plain_base": {
        "en": "The truth there is {table}[{n}] = 0: with no piles left there is nothing to collect (the base case).",
        "zh": "正确的是 {table}[{n}] = 0：没有石子堆剩下，什么也拿不到（基础情况）。",
    },
    "write_also": {
        "en": "On this row the same table also comes from: {names}.",
        "zh": "在这一行上，同样的表也可能来自：{names}。",
    },
    "write_hidden": {
        "en": "Your tables are right on this row. Some known mistakes fill exactly the true table on it, so this row "
        "cannot rule them out:",
        "zh": "你的表在这一行上是对的。有些常见错误在这一行上恰好也会填出正确的表，所以这一行无法排除它们：",
    },
    "write_hidden_row": {
        "en": "“{name}” shows on the row {row} with k = {k}",
        "zh": "“{name}”会在数组 {row}（k = {k}）上显现",
    },
    "write_name_max_not_min": {"en": "max instead of min", "zh": "把 min 写成 max"},
    "write_name_window_early": {"en": "window one cell early", "zh": "窗口提前了一格"},
    "write_name_window_late": {"en": "window one cell too long", "zh": "窗口多了一格"},
    "write_name_no_suffix": {"en": "no suffix", "zh": "漏掉了 suffix"},
    "write_name_values_not_suffix": {"en": "values instead of suffix", "zh": "用 values 代替了 suffix"},
    "write_name_zero_past_end": {"en": "0 instead of −∞ past the end", "zh": "越过末尾时用 0 代替 −∞"},
    "write_name_difference": {"en": "the difference formulation", "zh": "差值写法"},
    "write_name_suffix_forward": {"en": "suffix built left to right", "zh": "从左往右构造 suffix"},
    "write_name_no_base_case": {"en": "base case dp[n] missing", "zh": "缺少基础情况 dp[n]"},
    "write_mistake_max_not_min": {
        "en": "Your table is exactly what max instead of min fills: dp[i] = suffix[i] − max(dp[i+1 … i+k]). The mover "
        "leaves the opponent as little as possible, so the truth takes the min.",
        "zh": "你的表正好是把 min 写成 max 的结果：dp[i] = suffix[i] − max(dp[i+1 … i+k])。先手要让对手拿得尽量少，"
        "所以正确的是取 min。",
    },
    "write_mistake_window_early": {
        "en": "Your table is exactly what a window one cell early fills: min(dp[i … i+k−1]) instead of "
        "min(dp[i+1 … i+k]). dp[i] is read before it is written (it still holds 0), and taking k piles is never "
        "weighed. The slice is dp[i + 1:i + k + 1].",
        "zh": "你的表正好是窗口提前一格的结果：用了 min(dp[i … i+k−1])，而不是 min(dp[i+1 … i+k])。dp[i] 在写入之前就被读取"
        "（它还是 0），而且从没考虑拿 k 堆。切片应是 dp[i + 1:i + k + 1]。",
    },
    "write_mistake_window_late": {
        "en": "Your table is exactly what a window one cell too long fills: min(dp[i+1 … i+k+1]) instead of "
        "min(dp[i+1 … i+k]). It weighs taking more than k piles, which the rule does not allow. The slice is "
        "dp[i + 1:i + k + 1].",
        "zh": "你的表正好是窗口多一格的结果：用了 min(dp[i+1 … i+k+1])，而不是 min(dp[i+1 … i+k])。它考虑了拿 k + 1 堆，"
        "而规则不允许。切片应是 dp[i + 1:i + k + 1]。",
    },
    "write_mistake_no_suffix": {
        "en": "Your table is exactly what dp[i] = −min(dp[i+1 … i+k]) fills: the suffix is left out. The mover "
        "collects all that is left, suffix[i], minus what the opponent then gets: suffix[i] − min(…).",
        "zh": "你的表正好是 dp[i] = −min(dp[i+1 … i+k]) 的结果：漏掉了 suffix。先手拿到的是剩下的全部 suffix[i]，"
        "减去对手接着能拿到的：suffix[i] − min(…)。",
    },
    "write_mistake_values_not_suffix": {
        "en": "Your table is exactly what values[i] − min(dp[i+1 … i+k]) fills: the mover's share is every pile left, "
        "suffix[i] = values[i] + … + values[n−1], not values[i] alone.",
        "zh": "你的表正好是 values[i] − min(dp[i+1 … i+k]) 的结果：先手能分到的是剩下的所有石子 "
        "suffix[i] = values[i] + … + values[n−1]，而不只是 values[i]。",
    },
    "write_mistake_zero_past_end": {
        "en": "Your table is exactly what counting a take past the end as 0 fills: when k is more than the piles left, "
        "that take is impossible, so it counts as −∞ (or is skipped), not 0; a gain of 0 would beat every negative one.",
        "zh": "你的表正好是把越过末尾的拿法算作 0 的结果：当 k 大于剩下的堆数时，这种拿法不可能发生，应算作 −∞（或跳过），"
        "而不是 0；否则 0 会胜过所有负的收益。",
    },
    "write_mistake_difference": {
        "en": "Your table is right, but for a different quantity: you computed diff[i] = 2·dp[i] − suffix[i], the "
        "mover's lead (the difference formulation). Its verdict is the same (diff[0] > 0: Alice wins); this page "
        "asks for dp[i], the mover's total: dp[i] = suffix[i] − min(dp[i+1 … i+k]).",
        "zh": "你的表没错，但算的是另一个量：你算的是 diff[i] = 2·dp[i] − suffix[i]，即先手领先的分数（差值写法）。"
        "它的结论相同（diff[0] > 0 时 Alice 赢）；本页要的是 dp[i]，先手能拿到的总数：dp[i] = suffix[i] − min(dp[i+1 … i+k])。",
    },
    "write_mistake_suffix_forward": {
        "en": "Your table is exactly what building suffix from left to right fills: suffix[i] = values[i] + suffix[i+1] "
        "needs suffix[i+1] first, so it is filled from i = n−1 down to 0 (going up, suffix[i+1] still holds 0, or "
        "the sums are prefix sums).",
        "zh": "你的表正好是从左往右构造 suffix 的结果：suffix[i] = values[i] + suffix[i+1] 需要先有 suffix[i+1]，"
        "所以要从 i = n−1 往下填到 0（从左往右时 suffix[i+1] 还是 0，或者算成了前缀和）。",
    },
    "write_mistake_no_base_case": {
        "en": "Your table is exactly what a missing base case fills: dp[n] = 0 (no piles left, nothing to collect) "
        "must be in the table before the fill reads it, so that taking every pile left is weighed too.",
        "zh": "你的表正好是缺少基础情况的结果：dp[n] = 0（没有石子堆剩下，什么也拿不到）必须在读取之前就在表里，"
        "这样“拿走剩下的全部”这种拿法也会被考虑。",
    },
}
