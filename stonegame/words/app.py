"""Words of the explainer, the trace page and the frame every page shares, English and Chinese."""

WORDS: dict[str, dict[str, str]] = {
    # --- app frame -------------------------------------------------------------------------
    "app_title": {"en": "Stone Game III, explained", "zh": "石子游戏 III 图解"},
    "app_tagline": {
        "en": "LeetCode 1406: two players take 1, 2 or 3 piles from the front; who wins if both play perfectly?",
        "zh": "LeetCode 1406：两名玩家轮流从最前面拿走 1、2 或 3 堆石子；双方都采取最优策略时，谁会赢？",
    },
    "explainer_intro": {
        "en": "Two players take turns taking the first 1, 2 or 3 piles of a row; who collects more if both play "
        "perfectly? Press ▶ to watch the answer fill in.",
        "zh": "两名玩家轮流从一排石子堆的最前面拿走 1、2 或 3 堆；双方都采取最优策略时，谁拿到的更多？按 ▶ 看答案一步步填出来。",
    },
    "nav_explainer": {"en": "Explainer", "zh": "图解"},
    "nav_trace": {"en": "Trace table", "zh": "追踪表"},
    "language": {"en": "Language", "zh": "语言"},
    "code_language": {"en": "Code listing", "zh": "代码语言"},
    "share_link": {"en": "Link to this row and step", "zh": "此数组与步骤的链接"},
    "presenter_mode": {"en": "Presenter mode", "zh": "演示模式"},
    "presenter_help": {
        "en": "For a projector: large type, no sidebar, the essential controls only. Keys: → ← step, "
        "Home/End first/last, space play/pause. Also in the link as present=1.",
        "zh": "适合投影：大字号、隐藏侧栏、只保留必要的控件。按键：→ ← 逐步，Home/End 开头/结尾，空格 播放/暂停。"
        "链接中写作 present=1。",
    },
    "exit_presenter": {"en": "Exit presenter mode", "zh": "退出演示模式"},
    "keys_hint": {
        "en": "Keys: → ← step · Home / End first / last · space play / pause",
        "zh": "按键：→ ← 逐步 · Home / End 开头 / 结尾 · 空格 播放 / 暂停",
    },
    "locked_row": {
        "en": "🔒 This link locks the row: it shows exactly what your teacher chose.",
        "zh": "🔒 此链接锁定了数组：显示的正是老师选定的内容。",
    },
    "share_lock": {"en": "Lock the row (students can step, not edit)", "zh": "锁定数组（学生可以逐步查看，不能修改）"},
    "share_present": {"en": "Open in presenter mode", "zh": "以演示模式打开"},
    "share_quiz": {"en": "Open as a quiz on this row", "zh": "以测验形式打开此数组"},
    "share_too_long": {
        "en": "This row is longer than a link can carry ({limit:,} characters), so the link opens the first example. "
        "Long rows travel as random rows: use 🎲.",
        "zh": "这个数组太长，链接无法携带（超过 {limit:,} 个字符），因此链接会打开第一个示例。长数组请用 🎲 随机数组分享。",
    },
    "share_help": {
        "en": "Copy this link to open the same row at the same starting step.",
        "zh": "复制此链接，可在同一步骤打开同一个数组。",
    },
    # --- input -----------------------------------------------------------------------------
    "input_label": {"en": "Piles (stoneValue)", "zh": "石子堆（stoneValue）"},
    "input_help": {
        "en": "Whole numbers from -1000 to 1000, 1 to 50,000 of them. Paste LeetCode's [1,2,3,7] "
        "or separate with commas, spaces or new lines; full-width ，also works. "
        "Apply with the button or Ctrl+Enter (⌘+Enter on a Mac); Enter starts a new line.",
        "zh": "整数，范围 -1000 到 1000，共 1 到 50,000 个。可直接粘贴 LeetCode 的 [1,2,3,7]，"
        "也可用逗号、空格或换行分隔；全角逗号“，”也可以。"
        "点击“应用”或按 Ctrl+Enter（Mac 上按 ⌘+Enter）应用；按回车键只会换行。",
    },
    "apply": {"en": "Apply", "zh": "应用"},
    "presets": {"en": "Examples", "zh": "示例"},
    # LeetCode's examples by number and row, never by winner: the class predicts it, the animation tells
    "preset_ex1": {"en": "Example 1 · [1,2,3,7]", "zh": "示例 1 · [1,2,3,7]"},
    "preset_ex2": {"en": "Example 2 · [1,2,3,-9]", "zh": "示例 2 · [1,2,3,-9]"},
    "preset_ex3": {"en": "Example 3 · [1,2,3,6]", "zh": "示例 3 · [1,2,3,6]"},
    "preset_random": {"en": "Random row", "zh": "随机数组"},
    "random_size": {"en": "Random: piles", "zh": "随机：堆数"},
    "random_seed": {"en": "Random: seed", "zh": "随机：种子"},
    "bad_input": {
        "en": "Could not read the piles: {reason} Still showing the last good row.",
        "zh": "无法读取石子堆：{reason} 仍显示上一个有效数组。",
    },
    "bad_url": {
        "en": "The link's {param} is not valid: {reason} {fallback}",
        "zh": "链接中的 {param} 无效：{reason}{fallback}",
    },
    "fallback_default": {"en": "Showing the first example instead.", "zh": "改为显示第一个示例。"},
    "fallback_step": {"en": "Starting at step {step} instead.", "zh": "改为从第 {step} 步开始。"},
    "fallback_lang": {"en": "Showing English.", "zh": "显示英文。"},
    "fallback_code": {"en": "Showing Python.", "zh": "显示 Python。"},
    "err_url_step": {
        "en": "step must be a whole number from 0 to {last}, not “{token}”.",
        "zh": "step 必须是 0 到 {last} 之间的整数，而不是“{token}”。",
    },
    "err_url_lang": {"en": "lang must be en or zh, not “{token}”.", "zh": "lang 必须是 en 或 zh，而不是“{token}”。"},
    "err_url_code": {
        "en": "code must be py or java, not “{token}”.",
        "zh": "code 必须是 py 或 java，而不是“{token}”。",
    },
    "err_url_random": {
        "en": "random must be a number of piles from 1 to {limit:,}, not “{token}”.",
        "zh": "random 必须是 1 到 {limit:,} 之间的堆数，而不是“{token}”。",
    },
    "err_url_seed": {
        "en": "seed must be a whole number from 0 to {limit}, not “{token}”.",
        "zh": "seed 必须是 0 到 {limit} 之间的整数，而不是“{token}”。",
    },
    "err_url_k": {
        "en": "k must be 1, 2, 3, 4 or 5, not “{token}”.",
        "zh": "k 必须是 1、2、3、4 或 5，而不是“{token}”。",
    },
    "err_url_form": {
        "en": "form must be total or diff, not “{token}”.",
        "zh": "form 必须是 total 或 diff，而不是“{token}”。",
    },
    "err_url_flag": {"en": "it must be 0 or 1, not “{token}”.", "zh": "它必须是 0 或 1，而不是“{token}”。"},
    "fallback_flag": {"en": "Leaving it off.", "zh": "保持关闭。"},
    "fallback_k": {"en": "Using LeetCode's rule, k = 3.", "zh": "改用 LeetCode 的规则 k = 3。"},
    "fallback_form": {"en": "Showing the best-total form.", "zh": "显示“最多得分”形式。"},
    "max_take": {"en": "Most piles per move (k)", "zh": "每次最多拿几堆（k）"},
    "max_take_help": {
        "en": "LeetCode's rule is 3. Change it to see how the recurrence, the code and the winner follow.",
        "zh": "LeetCode 的规则是 3。改变它，看看递推式、代码和胜者如何随之变化。",
    },
    "formulation": {"en": "Formulation", "zh": "状态定义"},
    "form_total": {"en": "best total dp[i]", "zh": "最多得分 dp[i]"},
    "form_diff": {"en": "score difference diff[i]", "zh": "分差 diff[i]"},
    "err_url_repeated": {
        "en": "it appears {count} times; the link must give it once.",
        "zh": "它出现了 {count} 次；链接中只能出现一次。",
    },
    # parse errors: positions are 1-based characters, index the value's place in the row
    "err_empty": {"en": "there are no values; enter at least one pile.", "zh": "没有数值；请至少输入一堆。"},
    "err_brackets": {
        "en": "the brackets do not match; use [1,2,3] or no brackets at all.",
        "zh": "括号不匹配；请写成 [1,2,3] 或不加括号。",
    },
    "err_empty_between": {
        "en": "value #{index} (at character {pos}) is empty: two separators in a row.",
        "zh": "第 {index} 个数值（第 {pos} 个字符处）为空：连续出现了两个分隔符。",
    },
    "err_not_integer": {
        "en": "value #{index} “{token}” (at character {pos}) is not a whole number.",
        "zh": "第 {index} 个数值“{token}”（第 {pos} 个字符处）不是整数。",
    },
    "err_range": {
        "en": "value #{index} “{token}” (at character {pos}) is outside {lo} … {hi}.",
        "zh": "第 {index} 个数值“{token}”（第 {pos} 个字符处）超出范围 {lo} … {hi}。",
    },
    "err_whole_not_integer": {  # one number typed into a box (stonegame.parse.parse_whole)
        "en": "“{token}” is not a whole number: type digits only, with a minus sign in front if it is negative, "
        "from {lo:,} to {hi:,}.",
        "zh": "“{token}”不是整数：只能输入数字（负数前面加负号），范围是 {lo:,} 到 {hi:,}。",
    },
    "err_whole_range": {
        "en": "“{token}” is out of range: type a whole number from {lo:,} to {hi:,}.",
        "zh": "“{token}”超出范围：请输入 {lo:,} 到 {hi:,} 之间的整数。",
    },
    "err_too_many": {
        "en": "there are {count:,} values; the limit is {limit:,}.",
        "zh": "共有 {count:,} 个数值；上限为 {limit:,} 个。",
    },
    "err_too_long": {
        "en": "the text is {length:,} characters long; the limit is {limit:,}.",
        "zh": "文本长度为 {length:,} 个字符；上限为 {limit:,}。",
    },
    "err_control": {
        "en": "character {pos} is an invisible control character ({code}); remove it.",
        "zh": "第 {pos} 个字符是不可见的控制字符（{code}）；请删除它。",
    },
    # --- summary ---------------------------------------------------------------------------
    "row_summary": {
        "en": "{n:,} piles · total {total:,}",
        "zh": "{n:,} 堆 · 总和 {total:,}",
    },
    "answer": {"en": "Answer", "zh": "答案"},
    "alice_total": {"en": "Alice collects dp[0]", "zh": "Alice 得分 dp[0]"},
    "bob_total": {"en": "Bob collects total − dp[0]", "zh": "Bob 得分 total − dp[0]"},
    "window_note": {
        "en": "{n:,} piles are too many to draw at once: the animation shows piles {lo}–{hi}, then the "
        "already-known positions up to {last} that their dp reads. Move the window to look elsewhere.",
        "zh": "{n:,} 堆太多，无法一次画出：动画显示第 {lo}–{hi} 堆，以及它们的 dp 要读取的、已知的位置（到 {last} 为止）。"
        "移动窗口可查看其他部分。",
    },
    "window_pile": {"en": "Look at pile", "zh": "查看第几堆"},
    "start_step": {"en": "Open at step", "zh": "起始步骤"},
    "how_it_works": {"en": "How to read this", "zh": "如何阅读本图"},
    "how_it_works_body": {
        "en": "Press ▶ play (space) to play and ❚❚ pause to stop; step with ◀ back and next ▶ (← →), jump with "
        "|◀ first and last ▶| (Home, End), or drag the step slider; the menu beside them sets the speed, and "
        "“Link to this step” makes a link that opens at the step on screen. "
        "First the suffix sums are built from the right: suffix[i] is everything from pile i to the end. "
        "Then dp[i], the most the player to move at pile i can collect, is filled from the right too: "
        "the mover takes 1 to {k} piles and the opponent then collects dp[i+k] of what is left, so the "
        "mover picks the k that leaves the opponent the least. "
        "Marks: ● the position being written, ○ a candidate the mover weighs, ★ the best candidate, "
        "· not computed yet.",
        "zh": "按“▶ 播放”（空格键）播放，按“❚❚ 暂停”停止；用“◀ 上一步”和“下一步 ▶”（← →）逐步查看，"
        "用“|◀ 开头”和“结尾 ▶|”（Home、End）跳到头尾，或拖动步骤滑块；旁边的菜单用来调节速度，"
        "“此步骤的链接”会生成一个在屏幕上这一步打开的链接。"
        "先从右往左计算后缀和：suffix[i] 是从第 i 堆到最后所有石子的和。"
        "再从右往左填写 dp[i]：在第 i 堆行动的玩家最多能拿到的分数。行动者拿走 1 到 {k} 堆后，"
        "对手会从剩下的部分拿到 dp[i+k]，所以行动者选择让对手拿得最少的 k。"
        "标记：● 正在计算的位置，○ 行动者考虑的候选，★ 最佳候选，· 尚未计算。",
    },
    # --- chart -----------------------------------------------------------------------------
    "player_step_of": {"en": "step {n} of {N}", "zh": "第 {n} 步，共 {N} 步"},
    # --- the stage (the explainer's player: HTML controls around the picture and the code) -------
    "stage_aria_first": {"en": "First step", "zh": "第一步"},
    "stage_aria_back": {"en": "Step back", "zh": "上一步"},
    "stage_aria_play": {"en": "Play", "zh": "播放"},
    "stage_aria_pause": {"en": "Pause", "zh": "暂停"},
    "stage_aria_next": {"en": "Next step", "zh": "下一步"},
    "stage_aria_last": {"en": "Last step", "zh": "最后一步"},
    "stage_toolbar": {"en": "Player", "zh": "播放控制"},
    "stage_speed": {"en": "Speed", "zh": "速度"},
    "stage_scrubber": {"en": "Step", "zh": "步骤"},
    "stage_link": {"en": "Link to this step", "zh": "此步骤的链接"},
    "stage_picture": {"en": "The arrays and the bars at this step", "zh": "这一步的数组和柱状图"},
    "stage_code": {
        "en": "The code; the lines this step runs are highlighted",
        "zh": "代码；这一步运行的行已高亮",
    },
    "stage_link_help": {
        "en": "This link opens the same row at the step that was on screen when you pressed “Link to this step”; "
        "the address bar holds it too.",
        "zh": "此链接会在你按下“此步骤的链接”时屏幕上的那一步打开同一个数组；地址栏里也是这个链接。",
    },
    "export_html_title": {"en": "The stage, as one file", "zh": "整个播放器，一个文件"},
    "export_html_help": {
        "en": "An interactive HTML file of the explainer at this step: the same controls, keys, caption and "
        "code, playing offline in any browser (for slides and course pages). “Link to this step” in it "
        "writes this app's link to the step on screen.",
        "zh": "讲解页在这一步的交互式 HTML 文件：同样的按钮、按键、说明和代码，"
        "在任何浏览器里离线播放（适合放进幻灯片和课程网页）。其中的“此步骤的链接”会写出本应用在屏幕上这一步的链接。",
    },
    "export_html": {"en": "Interactive HTML", "zh": "交互式 HTML"},
    "stage_loading": {"en": "Loading the player…", "zh": "正在加载播放器……"},
    "stage_failed": {
        "en": "The player could not load. Reload the page to try again.",
        "zh": "播放器无法加载。请刷新页面重试。",
    },
    "nav_first": {"en": "|◀ first", "zh": "|◀ 开头"},
    "nav_back": {"en": "◀ back", "zh": "◀ 上一步"},
    "nav_play": {"en": "▶ play", "zh": "▶ 播放"},
    "nav_pause": {"en": "❚❚ pause", "zh": "❚❚ 暂停"},
    "nav_next": {"en": "next ▶", "zh": "下一步 ▶"},
    "nav_last": {"en": "last ▶|", "zh": "结尾 ▶|"},
    "role_write": {"en": "written", "zh": "正在写入"},
    "role_read": {"en": "read", "zh": "读取 / 比较"},
    "role_best": {"en": "best", "zh": "最佳选择"},
    "overview_title": {
        "en": "The whole row (each band: lowest to highest in its bin) — click to move the window",
        "zh": "整个数组（每条色带：区间内的最小到最大值）——点击可移动窗口",
    },
    "overview_suffix": {"en": "suffix", "zh": "suffix"},
    "overview_dp": {"en": "dp", "zh": "dp"},
    "overview_diff": {"en": "2·dp − suffix", "zh": "2·dp − suffix"},
    "chart_grid_title": {"en": "The arrays, filled right to left", "zh": "数组：从右往左填写"},
    "chart_bars_title": {
        "en": "dp[i]: best total for the mover at i",
        "zh": "dp[i]：第 i 堆起行动者的最高得分",
    },
    "skip_to_stage": {"en": "Skip to the stage", "zh": "跳到演示区"},
    "chart_code_title": {"en": "The code, line by line", "zh": "代码逐行对照"},
    "axis_pile": {"en": "pile i", "zh": "第 i 堆"},
    "row_values": {"en": "values", "zh": "values"},
    "row_suffix": {"en": "suffix", "zh": "suffix"},
    "row_dp": {"en": "dp", "zh": "dp"},
    "step_of": {"en": "Step {step} of {last}", "zh": "第 {step} 步，共 {last} 步"},
    "phase_start": {"en": "Start: the base case", "zh": "开始：边界情况"},
    "phase_suffix": {"en": "Suffix sums", "zh": "后缀和"},
    "phase_dp": {"en": "Backward fill of dp", "zh": "从后往前填写 dp"},
    "phase_verdict": {"en": "Verdict", "zh": "结果"},
    # --- step sentences (one per phase; fields come from the trace) ------------------------
    "say_start": {
        "en": "With no piles left (position {n}) nobody can score: suffix[{n}] = dp[{n}] = 0.",
        "zh": "没有石子剩下时（位置 {n}）谁也得不到分：suffix[{n}] = dp[{n}] = 0。",
    },
    "say_suffix": {
        "en": "Piles {i} to {last} add up to {suffix}: pile {i} ({value}) plus everything after it ({next}).",
        "zh": "第 {i} 到第 {last} 堆的和是 {suffix}：第 {i} 堆（{value}）加上它后面的全部（{next}）。",
    },
    "say_suffix_last": {
        "en": "Pile {i} is the last one, so suffix[{i}] is just its value: {suffix}.",
        "zh": "第 {i} 堆是最后一堆，所以 suffix[{i}] 就是它本身的值：{suffix}。",
    },
    "say_dp": {
        "en": "The player to move at pile {i} takes {take} {piles} ({span}), so the opponent is left "
        "with the least of the choices: {opponent}. The mover collects {suffix} − {opponent} = {dp}.",
        "zh": "在第 {i} 堆行动的玩家拿走 {take} {piles}（{span}），让对手只能得到几种选择中最少的 {opponent} 分；"
        "行动者得到 {suffix} − {opponent} = {dp} 分。",
    },
    "say_diff": {
        "en": "The player to move at pile {i} takes {take} {piles} ({span}): {taken} points now, and the opponent "
        "then leads by {their} at most, so the mover finishes {diff} ahead — the best of the choices.",
        "zh": "在第 {i} 堆行动的玩家拿走 {take} {piles}（{span}）：现在得 {taken} 分，之后对手最多领先 {their} 分，"
        "所以行动者最终领先 {diff} 分——这是所有选择中最好的。",
    },
    "say_diff_verdict_Alice": {
        "en": "diff[0] > 0: Alice finishes {lead} points ahead of Bob. Alice wins.",
        "zh": "diff[0] > 0：Alice 最终领先 Bob {lead} 分。Alice 获胜。",
    },
    "say_diff_verdict_Bob": {
        "en": "diff[0] < 0: Bob finishes {lead} points ahead of Alice. Bob wins.",
        "zh": "diff[0] < 0：Bob 最终领先 Alice {lead} 分。Bob 获胜。",
    },
    "say_diff_verdict_Tie": {
        "en": "diff[0] = 0: nobody finishes ahead. A tie.",
        "zh": "diff[0] = 0：谁也没有领先。平局。",
    },
    "say_start_diff": {
        "en": "With no piles left (position {n}) nobody can score or lead: suffix[{n}] = diff[{n}] = 0.",
        "zh": "没有石子剩下时（位置 {n}）谁也得不到分、谁也不领先：suffix[{n}] = diff[{n}] = 0。",
    },
    "phase_diff": {"en": "Backward fill of diff", "zh": "从后往前填写 diff"},
    "formula_diff_max": {  # diff[i]'s recurrence in symbols; {after} is diff[i+k] (or the call diff(i+k))
        "en": "max over k = 1..{k} of sum(values[{i}:{i}+k]) − {after}",
        "zh": "在 k = 1..{k} 中取 sum(values[{i}:{i}+k]) − {after} 的最大值",
    },
    "chart_bars_title_diff": {
        "en": "diff[i] = 2·dp[i] − suffix[i]: the mover's best lead",
        "zh": "diff[i] = 2·dp[i] − suffix[i]：行动者最多领先",
    },
    "pile_one": {"en": "pile", "zh": "堆"},
    "pile_many": {"en": "piles", "zh": "堆"},
    "say_verdict_Alice": {
        "en": "Alice collects {alice}, Bob {bob}: Alice wins.",
        "zh": "Alice 得 {alice} 分，Bob 得 {bob} 分：Alice 获胜。",
    },
    "say_verdict_Bob": {
        "en": "Alice collects {alice}, Bob {bob}: Bob wins.",
        "zh": "Alice 得 {alice} 分，Bob 得 {bob} 分：Bob 获胜。",
    },
    "say_verdict_Tie": {
        "en": "Alice collects {alice}, Bob {bob}: a tie.",
        "zh": "Alice 得 {alice} 分，Bob 得 {bob} 分：平局。",
    },
    "winner_Alice": {"en": "Alice", "zh": "Alice"},
    "winner_Bob": {"en": "Bob", "zh": "Bob"},
    "winner_Tie": {"en": "Tie", "zh": "平局"},
    # --- trace page ------------------------------------------------------------------------
    "trace_title": {"en": "The whole trace", "zh": "完整追踪表"},
    "trace_intro": {
        "en": "Everything the explainer draws comes from these tables, built once by the solver. "
        "One row per step of the animation; one row per candidate take weighed; one row per position.",
        "zh": "图解中画出的一切都来自这些表，由求解器一次生成。"
        "每个动画步骤一行；每个被考虑的候选拿法一行；每个位置一行。",
    },
    "trace_steps": {"en": "Steps", "zh": "步骤"},
    "trace_candidates": {"en": "Candidates weighed", "zh": "考虑过的候选"},
    "trace_positions": {"en": "Positions", "zh": "位置"},
    "trace_make": {"en": "Make “{name}” as CSV", "zh": "生成“{name}”表（CSV）"},
    "trace_download": {"en": "Download “{name}” as CSV", "zh": "下载“{name}”表（CSV）"},
    "trace_phase_start": {"en": "start", "zh": "开始"},  # the phase column as the trace page shows it
    "trace_phase_suffix": {"en": "suffix", "zh": "后缀和"},
    "trace_phase_dp": {"en": "dp", "zh": "dp"},
    "trace_phase_verdict": {"en": "verdict", "zh": "结论"},
    # the trace tables' column headers as the page shows them (the CSV keeps the schema's names)
    "trace_col_step": {"en": "step", "zh": "步骤"},
    "trace_col_phase": {"en": "phase", "zh": "阶段"},
    "trace_col_i": {"en": "i", "zh": "i"},
    "trace_col_value": {"en": "value", "zh": "值"},
    "trace_col_suffix_next": {"en": "suffix_next", "zh": "后一后缀和"},
    "trace_col_suffix": {"en": "suffix", "zh": "后缀和"},
    "trace_col_dp": {"en": "dp", "zh": "dp"},
    "trace_col_take": {"en": "take", "zh": "拿几堆"},
    "trace_col_opponent": {"en": "opponent", "zh": "对手得分"},
    "trace_col_k": {"en": "k", "zh": "k"},
    "trace_col_j": {"en": "j", "zh": "j"},
    "trace_col_dp_j": {"en": "dp_j", "zh": "dp[j]"},
    "trace_col_gain": {"en": "gain", "zh": "行动者得分"},
    "trace_col_best": {"en": "best", "zh": "最优"},
    "trace_col_suffix_step": {"en": "suffix_step", "zh": "后缀和的步骤"},
    "trace_col_dp_step": {"en": "dp_step", "zh": "dp 的步骤"},
    "trace_narrow": {
        "en": "On a narrow screen the table shows the columns the fill is about; a wider screen and the CSV "
        "have them all.",
        "zh": "窄屏上只显示与填表有关的列；宽屏和 CSV 文件中有全部列。",
    },
    "trace_large": {
        "en": "Showing the first {shown:,} of {rows:,} rows; the download has them all.",
        "zh": "显示 {rows:,} 行中的前 {shown:,} 行；下载文件包含全部内容。",
    },
}
