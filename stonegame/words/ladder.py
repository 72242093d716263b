"""Words of the approach-ladder page (every way to solve it, on one trace), English and Chinese."""

WORDS: dict[str, dict[str, str]] = {
    # --- the page ----------------------------------------------------------------------------------
    "ladder_nav": {"en": "Every way to solve it", "zh": "所有解法"},
    "ladder_title": {"en": "Every way to solve it, on your row", "zh": "所有解法，用你的数组对照"},
    "ladder_intro": {
        "en": "Write-ups of this problem use different solutions: plain recursion, recursion with a memo, a table "
        "filled bottom-up, a rolling window of k numbers — each in one of two formulations. They are the same "
        "recurrence, computed in different orders and kept in different amounts of memory. Here all of them run on "
        "your row, each is animated, each is counted, and every one gives the same answer.",
        "zh": "这道题的各种题解用的方法各不相同：朴素递归、带备忘录的递归、自底向上填表、只保留 k 个数的滚动窗口——"
        "而且每种都有两种状态定义。它们其实是同一个递推式，只是计算顺序不同、占用的内存不同。"
        "这里所有解法都在你的数组上运行，每一种都有动画和计数，而且答案全部相同。",
    },
    "ladder_row": {
        "en": "Your row: {n:,} piles · total {total:,} · a move takes 1 to {k} piles (k = {k}) · change k and the "
        "formulation in the sidebar; type a row on the Explainer page.",
        "zh": "当前数组：{n:,} 堆 · 总和 {total:,} · 每次拿 1 到 {k} 堆（k = {k}）· 可在侧边栏更改 k 和状态定义；"
        "在“图解”页输入数组。",
    },
    "ladder_pick": {"en": "The approach shown", "zh": "显示的解法"},
    "ladder_forms_fold": {
        "en": "Two ways to write the recurrence, and the check that they agree",
        "zh": "递推式的两种写法，以及它们一致的检验",
    },
    "ladder_tab_recursion": {"en": "1 · Recursion", "zh": "1 · 朴素递归"},
    "ladder_tab_memo": {"en": "2 · Memo", "zh": "2 · 记忆化"},
    "ladder_tab_table": {"en": "3 · Table", "zh": "3 · 填表"},
    "ladder_tab_window": {"en": "4 · Window", "zh": "4 · 滚动窗口"},
    "ladder_row_short": {
        "en": "Your row: {n:,} piles · total {total:,} · a move takes 1 to {k} piles",
        "zh": "当前数组：{n:,} 堆 · 总和 {total:,} · 每次拿 1 到 {k} 堆",
    },
    "ladder_start": {"en": "start", "zh": "开始"},
    "ladder_recurrence": {"en": "{rule},  {base}", "zh": "{rule}，{base}"},  # the rule, then its base case
    "ladder_the_caller": {"en": "the caller", "zh": "调用者"},
    "ladder_nothing": {"en": "nothing yet", "zh": "空槽"},
    # --- the rungs ---------------------------------------------------------------------------------
    # Each chart's name for a screen reader (its description).
    "ladder_desc_rung": {
        "en": "{name}, animated on your row: step through it with the buttons; each step shows its formula, "
        "the counters, the pictures and the line of code that runs.",
        "zh": "{name}。在你的数组上逐步运行的动画：用按钮播放，每一步都显示公式、计数器、图示和正在运行的那行代码。",
    },
    "ladder_desc_growth": {
        "en": "{title}: a line chart of each approach's counters against n, the number of piles.",
        "zh": "{title}：各解法的计数随堆数 n 变化的折线图。",
    },
    "ladder_name_recursion": {"en": "1 · Plain recursion", "zh": "1 · 朴素递归"},
    "ladder_name_memo": {"en": "2 · Top-down with a memo", "zh": "2 · 记忆化递归（自顶向下）"},
    "ladder_name_table": {"en": "3 · Bottom-up table", "zh": "3 · 自底向上填表"},
    "ladder_name_window": {"en": "4 · O(1) space: a rolling window", "zh": "4 · O(1) 空间：滚动窗口"},
    "ladder_intro_recursion": {
        "en": "The recurrence written as a function that calls itself. It is correct, but it asks for the same "
        "position again and again: every way of reaching pile i by takes of 1 to k piles is a separate call of "
        "f(i), so the number of calls grows exponentially with n.",
        "zh": "把递推式直接写成自己调用自己的函数。它是对的，但同一个位置会被反复计算："
        "用每次 1 到 k 堆的拿法走到第 i 堆的每一种方式，都会单独调用一次 f(i)，所以调用次数随 n 指数增长。",
    },
    "ladder_intro_memo": {
        "en": "The same function, but it writes each answer into a memo the first time and reads it back after "
        "that (a cache hit). Each position is computed once: about k calls per pile. The calls still nest n + 1 "
        "deep before the first answer comes back.",
        "zh": "同一个函数，但第一次算出答案时记进备忘录，之后直接读出来（缓存命中）。"
        "每个位置只算一次：每堆大约 k 次调用。不过在第一个答案返回之前，调用仍会嵌套 n + 1 层。",
    },
    "ladder_intro_table": {
        "en": "No calls at all: a loop fills the answers from the last pile back to the first, so everything a cell "
        "needs is already there when it is written. This is the explainer's fill; the frames below are cut from "
        "the same solver trace.",
        "zh": "完全不用函数调用：一个循环从最后一堆往前填答案，所以写每个格子时，它需要的值都已经算好了。"
        "这正是“图解”页的填表过程；下面的画面就取自同一份求解追踪。",
    },
    "ladder_intro_window": {
        "en": "Each step reads only the k answers just after it, so only those k need to be kept: read them all, "
        "let go of the farthest one (no later step can reach it), put the new answer in front. k numbers of "
        "memory, whatever n is.",
        "zh": "每一步只读它后面紧挨着的 k 个答案，所以只需保留这 k 个：先全部读完，"
        "再丢掉最远的那个（之后的步骤再也用不到它），然后把新答案放在最前面。不管 n 多大，只占 k 个数的内存。",
    },
    "ladder_time_recursion": {"en": "exponential: C(n) calls", "zh": "指数级：C(n) 次调用"},
    "ladder_time_memo": {"en": "O(n·k)", "zh": "O(n·k)"},
    "ladder_time_table": {"en": "O(n·k)", "zh": "O(n·k)"},
    "ladder_time_window": {"en": "O(n·k)", "zh": "O(n·k)"},
    "ladder_space_recursion": {"en": "O(n) call stack", "zh": "O(n) 调用栈"},
    "ladder_space_memo": {"en": "O(n) memo + O(n) call stack", "zh": "O(n) 备忘录 + O(n) 调用栈"},
    "ladder_space_table": {"en": "O(n) table", "zh": "O(n) 数组"},
    "ladder_space_window": {"en": "O(k) slots", "zh": "O(k) 个槽"},
    # --- the summary table ---------------------------------------------------------------------------
    "ladder_summary": {"en": "The ladder at a glance, on your row", "zh": "解法阶梯一览（当前数组）"},
    "ladder_col_approach": {"en": "approach", "zh": "解法"},
    "ladder_col_time": {"en": "time", "zh": "时间"},
    "ladder_col_space": {"en": "extra memory", "zh": "额外内存"},
    "ladder_col_answer": {"en": "answer", "zh": "答案"},
    "ladder_col_how": {"en": "counted by", "zh": "计数方式"},
    "ladder_how_measured": {"en": "running it on your row", "zh": "在当前数组上实际运行"},
    "ladder_how_exact": {"en": "the exact recurrence (too big to run)", "zh": "精确递推式（太大，无法运行）"},
    "ladder_not_run": {"en": "not run", "zh": "未运行"},
    "ladder_answer_value": {"en": "{name}[0] = {value} · {winner}", "zh": "{name}[0] = {value} · {winner}"},
    "ladder_all_agree": {
        "en": "Every rung that ran gives {name}[0] = {value} on your row, the same as the solver: {winner}.",
        "zh": "所有运行过的解法在当前数组上都得到 {name}[0] = {value}，与求解器相同：{winner}。",
    },
    "ladder_disagree": {
        "en": "The rungs disagree on your row — please report this row.",
        "zh": "各解法在当前数组上的结果不一致——请报告这个数组。",
    },
    "ladder_big_count": {
        "en": "≈ {mantissa} × 10^{exponent:,} ({digits:,} digits)",
        "zh": "≈ {mantissa} × 10^{exponent:,}（共 {digits:,} 位）",
    },
    "ladder_counters_help": {
        "en": "calls: entries into the recursive function · cache hits: calls answered from the memo · cells "
        "written: answers stored · cells held: the most answers stored at once · stack depth: the deepest "
        "nesting of calls. “—”: the approach has no such thing.",
        "zh": "调用：进入递归函数的次数 · 缓存命中：直接从备忘录得到答案的调用 · 写入格子：存下的答案个数 · "
        "占用格子：同时存着的答案最多有几个 · 栈深度：调用嵌套最深的层数。“—”：该解法没有这一项。",
    },
    # --- counters (in the charts and the table) ----------------------------------------------------------
    "ladder_counter_calls": {"en": "calls", "zh": "调用"},
    "ladder_counter_hits": {"en": "cache hits", "zh": "缓存命中"},
    "ladder_counter_writes": {"en": "cells written", "zh": "写入格子"},
    "ladder_counter_held": {"en": "cells held", "zh": "占用格子"},
    "ladder_counter_depth": {"en": "stack depth", "zh": "栈深度"},
    # --- notes under the rungs -----------------------------------------------------------------------
    "ladder_exact_calls": {
        "en": "Plain recursion on {n:,} piles with k = {k} makes exactly {calls} calls. Counted, not run: C(0) = 1, "
        "C(m) = 1 + C(m−1) + … + C(m−k), the call itself plus the calls of each take.",
        "zh": "朴素递归在 {n:,} 堆、k = {k} 时恰好调用 {calls} 次。这是算出来的，不是跑出来的：C(0) = 1，"
        "C(m) = 1 + C(m−1) + … + C(m−k)，即这次调用本身加上每种拿法引出的调用。",
    },
    "ladder_not_drawn_recursion": {
        "en": "The call sequence is drawn for rows of at most {piles} piles and {limit:,} calls; this row has "
        "{n:,} piles and needs {calls} calls. Try a shorter row (for example [1,2,3,7]) to watch it.",
        "zh": "调用序列只在不超过 {piles} 堆、{limit:,} 次调用时绘制；当前数组有 {n:,} 堆，需要 {calls} 次调用。"
        "换一个短数组（例如 [1,2,3,7]）即可观看。",
    },
    "ladder_not_drawn_memo": {
        "en": "The call sequence is drawn for rows of at most {piles} piles; the counts above were measured by "
        "running the memo on your {n:,} piles.",
        "zh": "调用序列只在不超过 {piles} 堆时绘制；上面的计数是在你的 {n:,} 堆上实际运行记忆化递归测得的。",
    },
    "ladder_recursion_limit": {
        "en": "Written recursively, the memo nests {depth:,} calls deep on this row. Python stops at about 1,000 "
        "(RecursionError), so for LeetCode's up to 50,000 piles a recursive Python solution must raise "
        "sys.setrecursionlimit — or use the table.",
        "zh": "用递归写时，记忆化递归在当前数组上会嵌套 {depth:,} 层调用。Python 默认大约 1,000 层就会停止"
        "（RecursionError），所以面对 LeetCode 最多 50,000 堆的数据，Python 递归解法必须调大 sys.setrecursionlimit"
        "——或者改用填表。",
    },
    "ladder_long_row": {
        "en": "{n:,} piles are too many to animate: the animation shows piles 0–{hi} (the last {size} steps of "
        "the fill, where the verdict is); every number comes from the full run.",
        "zh": "{n:,} 堆太多，无法完整播放：动画显示第 0–{hi} 堆（填表的最后 {size} 步，也就是得出结果的地方）；"
        "所有数字都来自完整的计算。",
    },
    "ladder_listing_note": {
        "en": "The listing is the source of the function that runs (shown with inspect.getsource); the tests run "
        "it on random rows for k = 1 to 5 against the solver and an exhaustive minimax.",
        "zh": "代码就是实际运行的函数源码（由 inspect.getsource 取出）；测试会在 k = 1 到 5 的随机数组上运行它，"
        "并与求解器和穷举极小化极大搜索对照。",
    },
    "ladder_ring_title": {
        "en": "Why many posts keep k + 1 = {size} slots, dp[i % {size}]",
        "zh": "为什么很多题解用 k + 1 = {size} 个槽，dp[i % {size}]",
    },
    "ladder_ring_body": {
        "en": "k slots are enough if a step reads all k answers before it writes (as min(...) or max(...) over all "
        "takes does). Many posts — especially in Java or C++ — instead build the new answer inside its own slot: "
        "first set it to −∞, then improve it take by take. With k slots, the slot of dp[i] is the slot of "
        "dp[i+{k}] (i % {k} = (i+{k}) % {k}), which this step still has to read: it would be overwritten before it "
        "is read. With k + 1 slots the slot of dp[i] holds dp[i+{size}], which no step needs any more. The same "
        "code also reads like the table code with “% {size}” added to each index. The ring row in the chart shows "
        "where each answer goes.",
        "zh": "如果每一步先读完全部 k 个答案再写入（就像对所有拿法取 min(...) 或 max(...) 那样），k 个槽就够了。"
        "但很多题解——尤其是 Java 或 C++——是在新答案自己的槽里逐步算出它：先设为 −∞，再一种拿法一种拿法地改进。"
        "如果只有 k 个槽，dp[i] 的槽正是 dp[i+{k}] 的槽（i % {k} = (i+{k}) % {k}），而这一步还要读 dp[i+{k}]："
        "它会在被读之前就被覆盖。有 k + 1 个槽时，dp[i] 的槽里放的是 dp[i+{size}]，已经没有任何步骤需要它。"
        "这样写出来的代码也正好是填表代码在每个下标后加上“% {size}”。图中的环形一行显示了每个答案放进哪个槽。",
    },
    # --- the two formulations ----------------------------------------------------------------------
    "ladder_forms": {"en": "Two formulations of the same game", "zh": "同一个游戏的两种状态定义"},
    "ladder_form_total": {
        "en": "Best total (the reference write-up)",
        "zh": "最多得分（参考题解）",
    },
    "ladder_form_diff": {"en": "Score difference (the popular one)", "zh": "分差（流行写法）"},
    "ladder_form_total_body": {
        "en": "dp[i]: the most the player to move at pile i can collect from piles i on. The mover gets "
        "everything left, minus what the opponent then collects. Alice wins iff 2·dp[0] > total.",
        "zh": "dp[i]：在第 i 堆行动的玩家从第 i 堆起最多能拿到的分数。行动者拿到剩下的全部，减去对手之后拿走的部分。"
        "当且仅当 2·dp[0] > total 时 Alice 获胜。",
    },
    "ladder_form_diff_body": {
        "en": "diff[i]: how far the player to move at pile i finishes ahead of the opponent. The mover gains what "
        "they take now, minus the opponent's lead afterwards. Alice wins iff diff[0] > 0.",
        "zh": "diff[i]：在第 i 堆行动的玩家最终比对手多多少分。行动者得到这一步拿的分数，减去对手之后的领先分。"
        "当且仅当 diff[0] > 0 时 Alice 获胜。",
    },
    "ladder_form_in_use": {"en": "← the sidebar's choice", "zh": "← 侧边栏当前选择"},
    "ladder_form_values": {
        "en": "On your row: {name}[0] = {value} → {winner}",
        "zh": "当前数组：{name}[0] = {value} → {winner}",
    },
    "ladder_bridge": {
        "en": "Why they agree: the mover collects dp[i] and the opponent the rest, suffix[i] − dp[i], so the lead "
        "is diff[i] = dp[i] − (suffix[i] − dp[i]) = 2·dp[i] − suffix[i]. At i = 0: diff[0] > 0 exactly when "
        "2·dp[0] > total. The table checks this on every position of your row, with diff computed on its own "
        "(score_difference) and dp by the solver.",
        "zh": "为什么两者一致：行动者拿到 dp[i]，对手拿到其余的 suffix[i] − dp[i]，所以领先分是 "
        "diff[i] = dp[i] − (suffix[i] − dp[i]) = 2·dp[i] − suffix[i]。在 i = 0 处：diff[0] > 0 恰好等价于 "
        "2·dp[0] > total。下表在当前数组的每个位置上检验这一点：diff 单独计算（score_difference），dp 来自求解器。",
    },
    "ladder_identity_all": {
        "en": "✓ All {rows:,} rows agree: diff[i] = 2·dp[i] − suffix[i] for i = 0 … {n:,}.",
        "zh": "✓ 全部 {rows:,} 行一致：对 i = 0 … {n:,}，diff[i] = 2·dp[i] − suffix[i]。",
    },
    "ladder_identity_some": {
        "en": "✗ {bad:,} of {rows:,} rows disagree — please report this row.",
        "zh": "✗ {rows:,} 行中有 {bad:,} 行不一致——请报告这个数组。",
    },
    "ladder_identity_shown": {
        "en": "The table shows the first {shown:,} of the {rows:,} rows; all of them were checked.",
        "zh": "表中显示 {rows:,} 行中的前 {shown:,} 行；所有行都已检验。",
    },
    "ladder_col_agrees": {"en": "agrees", "zh": "一致"},
    "ladder_col_value": {"en": "value", "zh": "石子"},  # the identity check's column: the pile's value
    # --- the growth chart ------------------------------------------------------------------------------
    "ladder_growth": {"en": "How the counters grow with n", "zh": "计数随 n 的增长"},
    "ladder_growth_caption": {
        "en": "For n = 1 … 30 with k = {k}: memo, table and window measured by running them on a random row of n "
        "piles; plain recursion counted exactly by its recurrence (running it at n = 30 would take "
        "{calls} calls).",
        "zh": "n = 1 … 30、k = {k}：记忆化递归、填表和滚动窗口是在 n 堆的随机数组上实际运行测得的；"
        "朴素递归由递推式精确算出（在 n = 30 时真的运行需要 {calls} 次调用）。",
    },
    "ladder_growth_work": {
        "en": "Work: calls made, cache hits, cells written (log scale)",
        "zh": "工作量：调用次数、缓存命中、写入格子（对数坐标）",
    },
    "ladder_growth_memory": {
        "en": "Memory: answers held at once, and call-stack depth",
        "zh": "内存：同时保存的答案数，以及调用栈深度",
    },
    "ladder_growth_n": {"en": "n (piles)", "zh": "n（堆数）"},
    "ladder_growth_count": {"en": "count", "zh": "数量"},
    "ladder_growth_log": {"en": "count (log scale)", "zh": "数量（对数坐标）"},
    "ladder_growth_you": {"en": "your row: n = {n}", "zh": "当前数组：n = {n}"},
    "ladder_growth_off": {
        "en": "Your row (n = {n:,}) is off this chart; its exact counts are in the table above.",
        "zh": "当前数组（n = {n:,}）超出了本图范围；它的精确计数见上表。",
    },
    "ladder_series_recursion_calls": {"en": "plain recursion: calls", "zh": "朴素递归：调用"},
    "ladder_series_memo_calls": {"en": "memo: calls", "zh": "记忆化：调用"},
    "ladder_series_memo_hits": {"en": "memo: cache hits", "zh": "记忆化：缓存命中"},
    "ladder_series_writes": {
        "en": "memo, table, window: cells written (the same n)",
        "zh": "记忆化、填表、窗口：写入格子（都是 n）",
    },
    "ladder_series_depth": {"en": "recursion, memo: stack depth", "zh": "递归、记忆化：栈深度"},
    "ladder_series_memo_held": {"en": "memo: cells held", "zh": "记忆化：占用格子"},
    "ladder_series_table_held": {"en": "table: cells held", "zh": "填表：占用格子"},
    "ladder_series_window_held": {"en": "window: cells held", "zh": "窗口：占用格子"},
    # --- the animated charts ---------------------------------------------------------------------------
    "ladder_chart_timeline": {
        "en": "Calls over time: one bar per call f(i), from its start to its return, labelled i → its answer; "
        "a callee sits one row lower",
        "zh": "调用随时间展开：每次调用 f(i) 一根条，从开始到返回，标注为 i → 返回的答案；被调用者在下一行",
    },
    "ladder_axis_time": {"en": "time (events) →", "zh": "时间（事件）→"},
    "ladder_chart_per_position": {
        "en": "How many times each position i has been asked for so far",
        "zh": "到目前为止，每个位置 i 被调用了几次",
    },
    "ladder_axis_position": {"en": "position i", "zh": "位置 i"},
    "ladder_kind_first": {"en": "computed", "zh": "计算"},
    "ladder_kind_again": {"en": "↻ computed again", "zh": "↻ 重复计算"},
    "ladder_kind_base": {"en": "· base case", "zh": "· 边界情况"},
    "ladder_kind_fill": {"en": "computed, stored", "zh": "计算并存入"},
    "ladder_kind_hit": {"en": "✓ cache hit", "zh": "✓ 缓存命中"},
    "ladder_chart_memo": {
        "en": "The memo: the answers stored so far (● stored now, ○ read back)",
        "zh": "备忘录：目前存下的答案（● 刚存入，○ 读出）",
    },
    "ladder_chart_table": {"en": "The table, filled right to left", "zh": "数组：从右往左填写"},
    "ladder_chart_window": {
        "en": "Every position: ● written, ○ read, ★ best, ✗ read for the last time and let go; greyed: no longer kept",
        "zh": "所有位置：● 写入，○ 读取，★ 最佳，✗ 最后一次读取后丢弃；灰色：已不再保存",
    },
    "ladder_chart_slots": {
        "en": "What is kept: the k slots (nearest first), and the ring of k + 1 slots (position j in slot j % (k+1))",
        "zh": "实际保存的内容：k 个槽（由近到远），以及 k + 1 个槽的环形数组（位置 j 的答案放在第 j % (k+1) 个槽）",
    },
    "ladder_axis_slot": {"en": "slot", "zh": "槽"},
    "ladder_store_window": {"en": "k slots", "zh": "k 个槽"},
    "ladder_store_ring": {"en": "k + 1 ring", "zh": "k + 1 环形"},
    "ladder_role_drop": {"en": "let go", "zh": "丢弃"},
    "ladder_code_py": {
        "en": "The code that runs, line by line (Python)",
        "zh": "实际运行的代码，逐行对照（Python）",
    },
    "ladder_code_java": {
        "en": "The reference write-up's Java, line by line (3 replaced by k)",
        "zh": "参考题解的 Java 代码，逐行对照（3 换成 k）",
    },
    # --- the frames' words ------------------------------------------------------------------------------
    "ladder_event_of": {
        "en": "event {event} of {events} · depth {depth}",
        "zh": "第 {event} 个事件，共 {events} 个 · 深度 {depth}",
    },
    "ladder_trace_step": {
        "en": "the solver's trace, step {step} of {last}",
        "zh": "求解追踪第 {step} 步，共 {last} 步",
    },
    "ladder_step_of": {
        "en": "step {step} of {steps} · pile {i}",
        "zh": "第 {step} 步，共 {steps} 步 · 第 {i} 堆",
    },
    "ladder_say_start_recursion": {
        "en": "Call {f}(0) for the whole row of {n} piles. Every call that is not at the end asks for the answers "
        "after each of its takes (up to {k}) — and nothing is remembered.",
        "zh": "对整行 {n} 堆调用 {f}(0)。"
        "每个不在末尾的调用都要先求出每种拿法（最多 {k} 种）之后的答案——而且什么都不记住。",
    },
    "ladder_say_start_memo": {
        "en": "Call {f}(0) for the whole row of {n} piles. Each call first looks in the memo; only a position never "
        "solved before asks for the answers after its takes (up to {k}).",
        "zh": "对整行 {n} 堆调用 {f}(0)。"
        "每次调用先查备忘录；只有从未算过的位置，才去求它每种拿法（最多 {k} 种）之后的答案。",
    },
    "ladder_say_base": {
        "en": "{f}({i}) = 0: no piles are left, so there is nothing to take.",
        "zh": "{f}({i}) = 0：没有石子了，无子可拿。",
    },
    "ladder_say_hit": {
        "en": "{f}({i}) is in the memo already: {value}. A cache hit — no further calls.",
        "zh": "{f}({i}) 已在备忘录中：{value}。缓存命中——不再继续调用。",
    },
    "ladder_say_enter_first": {
        "en": "{f}({i}) starts: {left} {piles} left, so it first needs {wanted}.",
        "zh": "{f}({i}) 开始：还剩 {left} {piles}，所以它先要求出 {wanted}。",
    },
    "ladder_say_enter_again": {
        "en": "{f}({i}) starts again — this is time {times} it is asked for, {left} {piles} left. With nothing "
        "remembered, it needs {wanted} all over again.",
        "zh": "{f}({i}) 又开始了——这是第 {times} 次被调用，还剩 {left} {piles}。"
        "因为什么都没记住，它又要重新求出 {wanted}。",
    },
    "ladder_say_enter_fill": {
        "en": "{f}({i}) is not in the memo yet ({left} {piles} left): it needs {wanted} first.",
        "zh": "{f}({i}) 还不在备忘录中（还剩 {left} {piles}）：它先要求出 {wanted}。",
    },
    "ladder_say_return": {
        "en": "{f}({i}) returns {value} to {to}: the best is to take {take} {piles}.",
        "zh": "{f}({i}) 把 {value} 返回给 {to}：最好是拿 {take} {piles}。",
    },
    "ladder_say_stored": {"en": "It is stored in memo[{i}].", "zh": "它被存入 memo[{i}]。"},
    "ladder_say_table_window": {
        "en": "The fill runs from pile {n} down; {f}[{lo}] … {f}[{hi}] were written by earlier steps, and the "
        "last steps of the fill are shown here.",
        "zh": "填表从第 {n} 个位置往前进行；{f}[{lo}] … {f}[{hi}] 已由之前的步骤写好，这里显示填表的最后几步。",
    },
    "ladder_say_window_start": {
        "en": "Only {f}[{n}] = 0 is kept at first. The window never holds more than {k} answers.",
        "zh": "一开始只保存 {f}[{n}] = 0。窗口里最多只保存 {k} 个答案。",
    },
    "ladder_say_window_later": {
        "en": "Earlier steps (from position {n} down) left {kept} in the window.",
        "zh": "之前的步骤（从第 {n} 个位置往前）在窗口里留下了 {kept}。",
    },
    "ladder_say_window_step": {
        "en": "{read}: all are read; the best is to take {take} {piles}, so {f}[{i}] = {value} goes in front.",
        "zh": "先读出 {read}；最好是拿 {take} {piles}，所以 {f}[{i}] = {value} 放到最前面。",
    },
    "ladder_say_window_drop": {
        "en": "{f}[{j}] was just read for the last time (from pile {i} a move reaches no further) and is let go.",
        "zh": "{f}[{j}] 刚被最后一次读取（从第 {i} 堆出发最远只能到这里），随即丢弃。",
    },
    "ladder_say_window_grow": {
        "en": "The window is not full yet, so nothing is let go.",
        "zh": "窗口还没满，所以不丢弃任何值。",
    },
    "ladder_say_ring": {
        "en": "In the {size}-slot ring, {f}[{i}] goes into slot {i} % {size} = {slot}, over {old}.",
        "zh": "在 {size} 个槽的环形数组中，{f}[{i}] 放进第 {i} % {size} = {slot} 个槽，覆盖 {old}。",
    },
}
