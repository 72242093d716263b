"""Words of the page "Write it yourself" (pages/write.py, ui/parts/write.py), English and Chinese: its controls,
the student's tables against the truth, and the first wrong cell. Why code was refused or stopped is in
stonegame/words/write.py."""

WORDS: dict[str, dict[str, str]] = {
    "write_nav": {"en": "Write it yourself", "zh": "自己写"},
    "write_title": {"en": "Write it yourself", "zh": "自己写一遍"},
    "write_intro": {
        "en": "Write the fill in Python. Run it on the row {row} (k = {k}) and see each cell of your tables "
        "against the true one.",
        "zh": "用 Python 写出填表过程。在这一行 {row}（k = {k}）上运行，逐格对照你的表和正确的表。",
    },
    "write_mode": {"en": "Start from", "zh": "从哪里开始"},
    "write_mode_body": {"en": "the loop body", "zh": "循环体"},
    "write_mode_loop": {"en": "the whole loop", "zh": "整个循环"},
    "write_mode_function": {"en": "the whole function", "zh": "整个函数"},
    "write_given_body": {
        "en": "Given: `values`, `suffix` (already filled), `dp` (n + 1 zeros), `i`, `n`, `k`. Your code runs once "
        "for each i from n − 1 down to 0 and fills `dp[i]`.",
        "zh": "已给出：`values`、`suffix`（已填好）、`dp`（n + 1 个 0）、`i`、`n`、`k`。你的代码对 i = n − 1 到 0 "
        "各运行一次，填写 `dp[i]`。",
    },
    "write_given_loop": {
        "en": "Given: `values`, `n`, `k`, and `suffix` and `dp` as n + 1 zeros. Your code runs once and fills both.",
        "zh": "已给出：`values`、`n`、`k`，以及各有 n + 1 个 0 的 `suffix` 和 `dp`。你的代码运行一次，填好这两张表。",
    },
    "write_given_function": {
        "en": "Write `stone_game_iii(values, k)`: its lists `suffix` and `dp` are read back at the end, and what "
        'it returns ("Alice", "Bob" or "Tie").',
        "zh": "写出 `stone_game_iii(values, k)`：结束时读取其中的列表 `suffix` 和 `dp`，以及它的返回值"
        '（"Alice"、"Bob" 或 "Tie"）。',
    },
    "write_editor_label": {"en": "Your Python code", "zh": "你的 Python 代码"},
    "write_hint": {"en": "Show the Java of the write-up (a hint)", "zh": "显示题解的 Java 代码（提示）"},
    "write_run": {"en": "Run on this row", "zh": "在这一行上运行"},
    "write_check": {"en": "Check on more rows", "zh": "在更多行上检查"},
    "write_reset": {"en": "Start again", "zh": "重新开始"},
    "write_stale": {
        "en": "This is the run of the code before your last change: press Run on this row to run what is in the editor.",
        "zh": "这是你上次修改之前那段代码的运行结果：按“在这一行上运行”来运行编辑器里现在的代码。",
    },
    "write_running": {"en": "Running your code on {n:,} piles…", "zh": "正在 {n:,} 堆上运行你的代码……"},
    "write_checking": {"en": "Running your code on {rows} rows…", "zh": "正在 {rows} 行上运行你的代码……"},
    "write_all_right": {
        "en": "✓ Every cell is right: your fill gives the true tables on this row.",
        "zh": "✓ 每一格都对：你的填表在这一行上得到了正确的表。",
    },
    "write_cells_count": {"en": "✗ {wrong} of {cells} cells are wrong.", "zh": "✗ {cells} 个格子中有 {wrong} 个不对。"},
    "write_page_no_table": {
        "en": "✗ Your code left no list named `{name}` with {size:,} numbers, so its cells cannot be compared.",
        "zh": "✗ 你的代码没有留下一个名为 `{name}`、含 {size:,} 个数的列表，所以无法逐格比较。",
    },
    "write_returned": {
        "en": "Your function returned {got}; the answer is {want}.",
        "zh": "你的函数返回 {got}；答案是 {want}。",
    },
    "write_see_step": {"en": "See this step in the explainer", "zh": "在图解中查看这一步"},
    "write_grid_title": {
        "en": "Your tables (✓ right, ✗ wrong with the truth beside)",
        "zh": "你的表（✓ 正确，✗ 错误，旁边是正确值）",
    },
    "write_grid_window": {"en": "piles {a}..{b} of {n:,}", "zh": "第 {a}..{b} 堆，共 {n:,} 堆"},
    "write_passes": {"en": "Passes {good} of {rows} rows.", "zh": "通过 {rows} 行中的 {good} 行。"},
    "write_smallest": {
        "en": "The smallest row it fails: {row} (k = {k}).",
        "zh": "没通过的最小一行：{row}（k = {k}）。",
    },
    "write_load": {"en": "Load this row", "zh": "载入这一行"},
    "write_link_code": {"en": "Put my code in the link", "zh": "把我的代码放进链接"},
    "write_link": {"en": "The link to this page", "zh": "本页的链接"},
    "write_link_too_long": {
        "en": "The code is too long for a link ({size:,} bytes encoded, at most {most:,}): the link keeps the mode "
        "and the row only.",
        "zh": "代码太长，放不进链接（编码后 {size:,} 字节，最多 {most:,}）：链接只保留模式和这一行。",
    },
    "write_link_code_too_long": {
        "en": "The code in this link is too long (more than {most:,} characters after #code=), so it was not put "
        "in the editor: you see the starter instead.",
        "zh": "这个链接里的代码太长（#code= 之后超过 {most:,} 个字符），所以没有放进编辑器：这里显示的是起始代码。",
    },
    "write_link_code_broken": {
        "en": "The code in this link could not be read (the text after #code= is not the base64url the page "
        "writes), so it was not put in the editor: you see the starter instead.",
        "zh": "无法读取这个链接里的代码（#code= 之后不是本页写出的 base64url），所以没有放进编辑器：这里显示的是起始代码。",
    },
}
