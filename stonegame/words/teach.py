"""Words of the teaching pages (the quiz, the misconception deck, the exports), English and Chinese."""

WORDS: dict[str, dict[str, str]] = {
    # --- the quiz --------------------------------------------------------------------------------
    "quiz_nav": {"en": "Quiz", "zh": "测验"},
    "quiz_title": {"en": "Predict, then reveal", "zh": "先预测，再揭晓"},
    "quiz_intro": {
        "en": "The table fills right to left. Before each dp[i] is revealed, say which take is best, what the "
        "opponent is held to and what dp[i] is; at the end, say who wins. Every answer is checked against "
        "the explainer's own trace.",
        "zh": "dp 表从右往左填写。在揭晓每个 dp[i] 之前，先说出最好拿几堆、对手最多只能得到多少、dp[i] 是多少；"
        "最后说出谁赢。每个答案都用图解自己的追踪表来核对。",
    },
    "quiz_row_choice": {"en": "Quiz on", "zh": "测验用的数组"},
    "quiz_row_yours": {"en": "your row", "zh": "当前数组"},
    "quiz_row_generated": {"en": "a generated row", "zh": "生成的数组"},
    "quiz_level": {"en": "Level", "zh": "难度"},
    "quiz_level_name": {
        "en": "{level} · {piles} piles, {low} to {high}",
        "zh": "{level} · {piles} 堆，{low} 到 {high}",
    },
    "quiz_seed": {"en": "Seed (same seed, same quiz)", "zh": "种子（种子相同，测验相同）"},
    "quiz_locked": {
        "en": "Your teacher's link fixes the row of this quiz.",
        "zh": "老师的链接固定了本测验的数组。",
    },
    "quiz_form_note": {
        "en": "The quiz asks in the best-total form, dp[i]; in the score-difference form, "
        "diff[i] = 2·dp[i] − suffix[i].",
        "zh": "测验按“最多得分”形式 dp[i] 提问；在分差形式中，diff[i] = 2·dp[i] − suffix[i]。",
    },
    "quiz_heading_pile": {
        "en": "Pile {i} · question {q} of {total}",
        "zh": "第 {i} 堆 · 第 {q} 题，共 {total} 题",
    },
    "quiz_heading_winner": {
        "en": "Who wins? · question {q} of {total}",
        "zh": "谁赢？· 第 {q} 题，共 {total} 题",
    },
    "quiz_score": {"en": "Score", "zh": "得分"},
    "quiz_score_help": {
        "en": "Parts answered right / parts answered. Each pile asks three parts; the last question one.",
        "zh": "答对的小题数 / 已答的小题数。每一堆有三个小题，最后一题只有一个。",
    },
    "quiz_streak": {"en": "Streak", "zh": "连对"},
    "quiz_best_streak": {"en": "Best streak", "zh": "最长连对"},
    "quiz_desc": {  # the quiz board's name for a screen reader (its description)
        "en": "The explainer's arrays at this question's step; the cells asked about stay hidden until you answer.",
        "zh": "本题所在步骤时图解页的数组；被问到的格子在你作答之前不显示。",
    },
    "quiz_board_note": {
        "en": "The arrays so far: ● the cell to fill, ○ the cells it reads; the number in the ● cell is hidden "
        "until you answer.",
        "zh": "目前的数组：● 是要填的格子，○ 是它读取的格子；● 格里的数字在你作答之后才显示。",
    },
    "quiz_ask_take": {
        "en": "1 · Which take is best for the player to move at pile {i}?",
        "zh": "1 · 在第 {i} 堆行动的玩家，最好拿几堆？",
    },
    "quiz_take_k": {"en": "take {k} ({span})", "zh": "拿 {k} 堆（{span}）"},
    "quiz_ask_opponent": {
        "en": "2 · What is the opponent held to? (the least of {choices})",
        "zh": "2 · 对手最多只能得到多少？（{choices} 中最小的）",
    },
    "quiz_ask_dp": {"en": "3 · What is dp[{i}]?", "zh": "3 · dp[{i}] 是多少？"},
    "quiz_ask_winner": {"en": "Who wins, if both play perfectly?", "zh": "如果双方都采取最优策略，谁会赢？"},
    "quiz_placeholder": {"en": "a whole number", "zh": "填一个整数"},
    "quiz_reveal": {"en": "Reveal", "zh": "揭晓"},
    "quiz_missing": {"en": "Answer every part first: {parts}.", "zh": "请先回答所有小题：{parts}。"},
    "quiz_bad_answer": {  # a typed answer that is not a whole number in range: which one, then why
        "en": "Answer {n} ({part}): {reason}",
        "zh": "第 {n} 小题（{part}）：{reason}",
    },
    "quiz_part_take": {"en": "the best take", "zh": "最好拿几堆"},
    "quiz_part_opponent": {"en": "what the opponent is held to", "zh": "对手最多得到多少"},
    "quiz_part_dp": {"en": "dp[{i}]", "zh": "dp[{i}]"},
    "quiz_part_winner": {"en": "the winner", "zh": "谁赢"},
    "quiz_mark_right": {"en": "✓ {part}: {given}", "zh": "✓ {part}：{given}"},
    "quiz_mark_wrong": {
        "en": "✗ {part}: you said {given}; the answer is {expected}",
        "zh": "✗ {part}：你的答案是 {given}；正确答案是 {expected}",
    },
    "quiz_why_take": {
        "en": "Taking {given} {piles} leaves the opponent dp[{j}] = {dp_j}, so the mover collects "
        "{suffix} − {dp_j} = {gain}. The best take ({best}) collects dp = {dp}.",
        "zh": "拿 {given} {piles}会留给对手 dp[{j}] = {dp_j}，行动者得到 {suffix} − {dp_j} = {gain}。"
        "最好的拿法（{best}）能得到 dp = {dp}。",
    },
    "quiz_why_take_best": {
        "en": "The best take ({best}) collects dp = {dp}.",
        "zh": "最好的拿法（{best}）能得到 dp = {dp}。",
    },
    "quiz_why_opponent": {
        "en": "The opponent is held to the least of the choices: {options}; the least is {opponent}.",
        "zh": "对手只能得到各个选择中最小的那个：{options}；最小的是 {opponent}。",
    },
    "quiz_why_dp": {
        "en": "dp[{i}] = suffix[{i}] − (what the opponent is held to) = {suffix} − {opponent} = {dp}.",
        "zh": "dp[{i}] = suffix[{i}] −（对手最多得到的）= {suffix} − {opponent} = {dp}。",
    },
    "quiz_why_winner": {
        "en": "Alice collects dp[0] = {dp0}. She wins if 2·dp[0] > total: here 2·dp[0] = {twice} and total = {total}.",
        "zh": "Alice 得到 dp[0] = {dp0}。当 2·dp[0] > total 时她赢：这里 2·dp[0] = {twice}，total = {total}。",
    },
    "quiz_next": {"en": "Next pile →", "zh": "下一堆 →"},
    "quiz_next_winner": {"en": "Who wins? →", "zh": "谁赢？→"},
    "quiz_done": {"en": "Quiz done", "zh": "测验完成"},
    "quiz_done_score": {
        "en": "You answered **{score} of {most}** parts right; your best streak was **{best}** questions.",
        "zh": "你答对了 **{most} 个小题中的 {score} 个**；最长连对 **{best}** 题。",
    },
    "quiz_again": {"en": "Start this quiz again", "zh": "重做本测验"},
    "quiz_new": {"en": "Next generated quiz", "zh": "下一个生成的测验"},
    "quiz_share": {"en": "Link to this quiz (for a class)", "zh": "本测验的链接（发给全班）"},
    "quiz_share_help": {
        "en": "Everyone who opens this link gets the same row, so the same questions. Add &lock=1 to stop the row "
        "being changed.",
        "zh": "打开这个链接的每个人都会得到同一个数组，也就是同样的题目。加上 &lock=1 可以禁止更改数组。",
    },
    "quiz_err_level": {
        "en": "quiz_level must be a whole number from 1 to {last}, not “{token}”.",
        "zh": "quiz_level 必须是 1 到 {last} 之间的整数，而不是“{token}”。",
    },
    "quiz_err_seed": {
        "en": "quiz_seed must be a whole number from 0 to {limit:,}, not “{token}”.",
        "zh": "quiz_seed 必须是 0 到 {limit:,} 之间的整数，而不是“{token}”。",
    },
    "quiz_err_row": {
        "en": "quiz_row must be yours or generated, not “{token}”.",
        "zh": "quiz_row 必须是 yours 或 generated，而不是“{token}”。",
    },
    "quiz_fallback_level": {"en": "Using level 1.", "zh": "改用难度 1。"},
    "quiz_fallback_seed": {"en": "Using seed 1.", "zh": "改用种子 1。"},
    "quiz_fallback_row": {"en": "Quizzing on your row.", "zh": "改用当前数组出题。"},
    # --- the misconception deck ------------------------------------------------------------------
    "deck_nav": {"en": "Misconceptions", "zh": "常见误区"},
    "deck_title": {"en": "Misconception deck", "zh": "常见误区卡片"},
    "deck_intro": {
        "en": "Six traps that catch people on this problem. Each card loads a row that shows its trap; open the "
        "explainer to watch that row fill. Every number here is computed by the app, not typed in.",
        "zh": "这道题里最容易掉进去的六个陷阱。每张卡片都能载入一个展示该陷阱的数组；打开图解即可看它如何填表。"
        "这里的每个数字都由程序算出，而不是手写的。",
    },
    "deck_locked": {
        "en": "Your teacher's link fixes the row, so the cards cannot load theirs. The numbers are all here.",
        "zh": "老师的链接固定了数组，所以卡片不能载入自己的数组。所有数字仍在这里。",
    },
    "deck_rule_note": {
        "en": "The cards' numbers use LeetCode's rule, k = {leetcode}. The sidebar says k = {k}, so the explainer "
        "will weigh up to {k} piles a move on the rows you load.",
        "zh": "卡片上的数字按 LeetCode 的规则 k = {leetcode} 计算。侧边栏现在是 k = {k}，所以载入的数组在图解中"
        "每步最多会考虑拿 {k} 堆。",
    },
    "deck_load": {"en": "Load {row}", "zh": "载入 {row}"},
    "deck_open": {"en": "Open in the explainer", "zh": "在图解中打开"},
    "deck_loaded": {
        "en": "{row} is now the row: open the explainer to watch it.",
        "zh": "{row} 已是当前数组：打开图解即可观看。",
    },
    "deck_show_code": {"en": "The code that made these numbers", "zh": "算出这些数字的代码"},
    "deck_totals": {
        "en": "Alice {alice}, Bob {bob} → {winner}",
        "zh": "Alice {alice} 分，Bob {bob} 分 → {winner}",
    },
    "deck_col_turn": {"en": "turn", "zh": "回合"},
    "deck_col_player": {"en": "player", "zh": "玩家"},
    "deck_col_piles": {"en": "piles taken", "zh": "拿走的堆"},
    "deck_col_gained": {"en": "points", "zh": "得分"},
    "deck_col_row": {"en": "row", "zh": "数组"},
    "deck_greedy_game": {
        "en": "Alice takes the most points now; Bob plays optimally",
        "zh": "Alice 每次拿眼前最多的分；Bob 采取最优策略",
    },
    "deck_optimal_game": {"en": "Both play optimally", "zh": "双方都采取最优策略"},
    "deck_greedy_title": {"en": "Taking the most now is not optimal", "zh": "眼前拿得最多并不是最优"},
    "deck_greedy_trap": {
        "en": "**The trap:** “take as many points as you can this turn”. Greedy play ignores what the take leaves "
        "the opponent. dp weighs each take by what the mover ends up with, `suffix[i] − dp[i+k]`, not by what "
        "it gains now. The row below is the first, shortest first, among rows of 1s and 9s where greedy "
        "Alice loses a game that optimal Alice wins.",
        "zh": "**陷阱**：“这一回合能拿多少就拿多少”。贪心只看眼前，不看这一步留给对手什么。dp 按行动者最终能得到的 "
        "`suffix[i] − dp[i+k]` 来比较每种拿法，而不是按这一回合拿到的分。下面的数组是在只含 1 和 9 的数组中"
        "（从短到长）找到的第一个：最优的 Alice 能赢，贪心的 Alice 却会输。",
    },
    "deck_greedy_numbers": {
        "en": "Greedy Alice: Alice {greedy_alice}, Bob {greedy_bob} → {greedy_winner}. "
        "Optimal Alice: Alice {alice}, Bob {bob} → {winner}.",
        "zh": "贪心的 Alice：Alice {greedy_alice} 分，Bob {greedy_bob} 分 → {greedy_winner}。"
        "最优的 Alice：Alice {alice} 分，Bob {bob} 分 → {winner}。",
    },
    "deck_negatives_title": {"en": "All negative: [-1, -2, -3] is a tie", "zh": "全是负数：[-1, -2, -3] 是平局"},
    "deck_negatives_trap": {
        "en": "**The trap:** “with only losses on the table, the first player loses”, or “take as little as you "
        "can”. Nobody may pass, but Alice chooses how the losses are shared: she takes −1 and −2 and leaves Bob "
        "the −3. Taking only the −1 lets Bob take the −2 and hand her the −3.",
        "zh": "**陷阱**：“桌上全是负分，先手必输”，或者“能少拿就少拿”。谁都不能跳过，但 Alice 可以决定损失怎么分："
        "她拿走 −1 和 −2，把 −3 留给 Bob。如果只拿 −1，Bob 就拿走 −2，把 −3 留给她。",
    },
    "deck_negatives_numbers": {
        "en": "Optimal: Alice {alice}, Bob {bob} → {winner}. The smallest loss now (one pile): Alice {greedy_alice}, "
        "Bob {greedy_bob} → {greedy_winner}.",
        "zh": "最优：Alice {alice} 分，Bob {bob} 分 → {winner}。只拿眼前损失最小的（一堆）："
        "Alice {greedy_alice} 分，Bob {greedy_bob} 分 → {greedy_winner}。",
    },
    "deck_zero_title": {"en": "A single zero pile: [0] is a tie", "zh": "只有一堆 0：[0] 是平局"},
    "deck_zero_trap": {
        "en": "**The trap:** a verdict with only two outcomes. Alice must take the one pile and scores 0; Bob scores "
        "0 too. Neither is ahead, so the answer is a tie, not a win for either.",
        "zh": "**陷阱**：结果只写了两种情况。Alice 必须拿走这唯一的一堆，得 0 分；Bob 也得 0 分。谁都没有领先，"
        "所以答案是平局，而不是某一方获胜。",
    },
    "deck_zero_numbers": {
        "en": "dp[0] = {dp0} and total = {total}, so 2·dp[0] = total → {winner}.",
        "zh": "dp[0] = {dp0}，total = {total}，所以 2·dp[0] = total → {winner}。",
    },
    "deck_zero_right": {
        "en": "Three outcomes (Alice, Bob, tie) → {winner}",
        "zh": "三种结果（Alice、Bob、平局）→ {winner}",
    },
    "deck_zero_wrong": {
        "en": '`"Alice" if diff[0] > 0 else "Bob"` → {winner}',
        "zh": '`"Alice" if diff[0] > 0 else "Bob"` → {winner}',
    },
    "deck_zero_init_title": {
        "en": "The best choice started at 0 instead of −∞",
        "zh": "最优值初始化成 0，而不是 −∞",
    },
    "deck_zero_init_trap": {
        "en": "**The trap:** in the score-difference form, `diff[i] = max over k of (sum of the k piles − diff[i+k])`, "
        "the max is started at 0. That pretends a player may pass when every take loses points. On LeetCode's "
        "first example it changes only diff[0], and with it the verdict.",
        "zh": "**陷阱**：在分差形式 `diff[i] = max over k of (k 堆之和 − diff[i+k])` 中，把最大值初始化成 0。"
        "这等于假装每种拿法都亏分时玩家可以跳过。在 LeetCode 的第一个示例上，它只改变了 diff[0]，却因此改变了结果。",
    },
    "deck_zero_init_right": {"en": "`best = -inf` (right)", "zh": "`best = -inf`（正确）"},
    "deck_zero_init_wrong": {"en": "`best = 0` (buggy)", "zh": "`best = 0`（有错误）"},
    "deck_zero_init_numbers": {
        "en": "diff[0] should be {right} → {winner}; the 0 start makes it 0 → {buggy_winner}.",
        "zh": "diff[0] 应当是 {right} → {winner}；初始化成 0 后它变成 0 → {buggy_winner}。",
    },
    "deck_memo_desc": {  # the memo chart's name for a screen reader (its description)
        "en": "Calls of the memoised recursion against n, with the 0 marker (buggy) and with None (right), "
        "on a log scale.",
        "zh": "记忆化递归的调用次数随 n 的变化：用 0 作标记（有错误）与用 None 作标记（正确），对数坐标。",
    },
    "deck_memo_zero_title": {"en": "0 as the “not computed” memo marker", "zh": "用 0 表示“还没算过”的备忘录"},
    "deck_memo_zero_trap": {
        "en": "**The trap:** `memo = [0] * n` and `if memo[i] != 0: return memo[i]`. An answer that really is 0 is "
        "never remembered, so the same position is solved again every time it is reached; on an all-zero row "
        "the recursion walks the whole game tree. Counted: calls of the recursion in the code below on n zero "
        "piles, with 0 as the marker and with None.",
        "zh": "**陷阱**：`memo = [0] * n`，再用 `if memo[i] != 0: return memo[i]`。答案恰好是 0 的位置永远记不住，"
        "每次走到都要重新计算；在全是 0 的数组上，递归会走遍整棵博弈树。下面统计的是下方代码中的递归在 n 堆 0 上的"
        "调用次数：分别用 0 和 None 作为标记。",
    },
    "deck_memo_zero_numbers": {
        "en": "n = {n}: **{bug:,}** calls with the 0 marker, **{good}** with None.",
        "zh": "n = {n}：用 0 作标记要调用 **{bug:,}** 次，用 None 只要 **{good}** 次。",
    },
    "deck_memo_bug": {"en": "0 marker (buggy)", "zh": "0 作标记（有错误）"},
    "deck_memo_good": {"en": "None marker (right)", "zh": "None 作标记（正确）"},
    "deck_memo_n": {"en": "n (zero piles)", "zh": "n（0 的堆数）"},
    "deck_memo_calls": {"en": "calls (log scale)", "zh": "调用次数（对数坐标）"},
    "deck_memo_table": {"en": "The exact counts, n = 5 … 25", "zh": "精确次数，n = 5 … 25"},
    "deck_mixed_title": {"en": "The two formulations mixed up", "zh": "混淆了两种形式"},
    "deck_mixed_trap": {
        "en": "**The trap:** dp[i] is a *total* (the most the mover collects); diff[i] = 2·dp[i] − suffix[i] is a "
        "*lead* (how far ahead the mover finishes). Alice wins if 2·dp[0] > total, which is the same as "
        "diff[0] > 0. Reading dp[0] > 0 as “Alice wins”, or diff[0] > total/2, mixes the two.",
        "zh": "**陷阱**：dp[i] 是*总分*（行动者最多能拿到多少）；diff[i] = 2·dp[i] − suffix[i] 是*领先分*"
        "（行动者最终领先多少）。Alice 赢当且仅当 2·dp[0] > total，也就是 diff[0] > 0。把 dp[0] > 0 当成"
        "“Alice 赢”，或者用 diff[0] > total/2 判断，都是把两者混在了一起。",
    },
    "deck_mixed_numbers": {
        "en": "On the loaded row: dp[0] = {dp0}, diff[0] = {diff0}, total = {total}. Right: {winner}. "
        "“dp[0] > 0” says {dp_as_lead}; “diff[0] > total/2” says {diff_as_total}.",
        "zh": "在要载入的数组上：dp[0] = {dp0}，diff[0] = {diff0}，total = {total}。正确答案：{winner}。"
        "“dp[0] > 0”给出 {dp_as_lead}；“diff[0] > total/2”给出 {diff_as_total}。",
    },
    "deck_mixed_right": {"en": "2·dp[0] vs total (right)", "zh": "2·dp[0] 与 total 比较（正确）"},
    "deck_mixed_dp_as_lead": {"en": "dp[0] > 0 → Alice", "zh": "dp[0] > 0 → Alice"},
    "deck_mixed_diff_as_total": {"en": "diff[0] > total/2 → Alice", "zh": "diff[0] > total/2 → Alice"},
    # --- the exports -----------------------------------------------------------------------------
    "export_nav": {"en": "Export", "zh": "导出"},
    "export_title": {"en": "Export for slides", "zh": "导出（用于幻灯片）"},
    "export_intro": {
        "en": "The trace as data, this step's chart as a picture, or the whole fill as an animated GIF, in the "
        "language, formulation and code listing chosen in the sidebar. The trace and the SVG download with one "
        "click; the PNG, the GIF and the page are made on the server when you click Make.",
        "zh": "把追踪表导出为数据，把这一步的图导出为图片，或把整个填表过程导出为 GIF 动画；语言、形式和代码语言"
        "与侧边栏的选择一致。追踪表和 SVG 点一下即可下载；PNG、GIF 和网页在你点击“生成”时才在服务器上生成。",
    },
    "export_step": {"en": "Step to export (the explainer opens here too)", "zh": "要导出的步骤（图解也会从这里开始）"},
    "export_step_range": {
        "en": "There is no step {token:,} in this row: the steps go from 0 to {last}. Still showing step {step}.",
        "zh": "这个数组没有第 {token:,} 步：步骤从 0 到 {last}。仍显示第 {step} 步。",
    },
    "export_trace": {"en": "The trace", "zh": "追踪表"},
    "export_trace_help": {
        "en": "One row per step ({steps:,} steps): step, phase, i, value, suffix_next, suffix, dp, take, opponent. "
        "The JSON also carries the row, k and the answer.",
        "zh": "每一步一行（共 {steps:,} 步）：step, phase, i, value, suffix_next, suffix, dp, take, opponent。"
        "JSON 还包含数组、k 和答案。",
    },
    "export_picture": {"en": "This step's chart", "zh": "这一步的图"},
    "export_picture_help": {
        "en": "The explainer's chart at this step, without its buttons: SVG scales to any size; PNG is drawn at "
        "twice screen size, sharp on a projector.",
        "zh": "图解在这一步的图（不含按钮）：SVG 可任意缩放；PNG 按屏幕尺寸的两倍绘制，投影也清晰。",
    },
    "export_animation": {"en": "The whole fill, animated", "zh": "完整填表动画"},
    "export_gif_help": {
        "en": "{frames} frames, just under a second each (the verdict stays 3 s). Making it takes about {seconds} s.",
        "zh": "共 {frames} 帧，每帧约 1 秒（结果停留 3 秒）。生成大约需要 {seconds} 秒。",
    },
    "export_gif_window": {
        "en": "This row has {n:,} piles, so the GIF shows the piles round this step, {lo:,}–{hi:,}: "
        "{frames} frames. Making it takes about {seconds} s.",
        "zh": "这个数组有 {n:,} 堆，所以 GIF 显示这一步附近的第 {lo:,}–{hi:,} 堆：共 {frames} 帧。"
        "生成大约需要 {seconds} 秒。",
    },
    "export_gif_too_long": {
        "en": "{frames} frames are more than a GIF is made for (at most {most}).",
        "zh": "{frames} 帧超过了 GIF 的上限（最多 {most} 帧）。",
    },
    "export_csv": {"en": "Trace as CSV", "zh": "追踪表 CSV"},
    "export_json": {"en": "Trace as JSON", "zh": "追踪表 JSON"},
    "export_png": {"en": "Chart as PNG", "zh": "图片 PNG"},
    "export_svg": {"en": "Chart as SVG", "zh": "图片 SVG"},
    "export_gif": {"en": "Animated GIF", "zh": "GIF 动画"},
    "export_show_preview": {"en": "Show the preview", "zh": "显示预览"},
}
