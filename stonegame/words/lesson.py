"""The lesson's words: the page, each chapter's title, text and question, and what each mistake is told."""

WORDS: dict[str, dict[str, str]] = {
    # --- the page ------------------------------------------------------------------------------------
    "lesson_nav": {"en": "Lesson: start here", "zh": "课程：从这里开始"},
    "lesson_title": {"en": "The lesson", "zh": "课程"},
    "lesson_start": {"en": "New here? Start the lesson", "zh": "第一次来？从课程开始"},
    "lesson_chapter_of": {"en": "Chapter {n} of {total}", "zh": "第 {n} 章，共 {total} 章"},
    "lesson_next": {"en": "Next →", "zh": "下一章 →"},
    "lesson_back": {"en": "← Back", "zh": "← 上一章"},
    "lesson_check": {"en": "Check", "zh": "检查"},
    "lesson_show": {"en": "Show me", "zh": "直接告诉我"},
    "lesson_pick": {"en": "Your answer", "zh": "你的答案"},
    "lesson_right": {"en": "✓ Right: {answer}.", "zh": "✓ 答对了：{answer}。"},
    "lesson_wrong": {"en": "✗ Not {given}:", "zh": "✗ 不是 {given}："},
    "lesson_shown": {"en": "The answer is {answer}.", "zh": "答案是 {answer}。"},
    "lesson_gate": {
        "en": "Answer the question (or press “Show me”) to go on.",
        "zh": "先回答问题（或点“直接告诉我”）再继续。",
    },
    "lesson_keys": {
        "en": "Keys: PgDn / → next chapter, PgUp / ← back (when no field has the focus).",
        "zh": "按键：PgDn / → 下一章，PgUp / ← 上一章（输入框没有焦点时）。",
    },
    "lesson_row": {"en": "The row: `[{row}]`, k = {k}", "zh": "数组：`[{row}]`，k = {k}"},
    "lesson_err": {
        "en": "lesson must be a whole number from 1 to {last}, not {token}.",
        "zh": "lesson 必须是 1 到 {last} 之间的整数，而不是 {token}。",
    },
    "lesson_fallback": {"en": "Opening chapter 1.", "zh": "改为打开第 1 章。"},
    "lesson_deck_trap": {"en": "“{title}” — ", "zh": "“{title}”——"},
    "stage_suffix_plain": {"en": "rest", "zh": "剩余"},  # the suffix row's name before the lesson teaches it
    "lesson_stage_note": {
        "en": "Step with the stage's own buttons; the keys turn the lesson's pages.",
        "zh": "用舞台上的按钮逐步播放；按键用来翻课程的页。",
    },
    # --- the summary ---------------------------------------------------------------------------------
    "lesson_summary_title": {"en": "The end: how it went", "zh": "结束：你的情况"},
    "lesson_summary_intro": {
        "en": "Right first time: {first} of {total}. Press a chapter to go back to it. Your answers stay in this "
        "browser only.",
        "zh": "一次答对：{total} 题中 {first} 题。点某一章即可回去复习。你的答案只保存在这个浏览器里。",
    },
    "lesson_mark_first": {"en": "✓ right first time", "zh": "✓ 一次答对"},
    "lesson_mark_later": {"en": "↻ right after a retry", "zh": "↻ 再试后答对"},
    "lesson_mark_shown": {"en": "👁 shown", "zh": "👁 看了答案"},
    "lesson_mark_open": {"en": "… not answered yet", "zh": "… 还没回答"},
    "lesson_goto": {"en": "{n} · {title} — {mark}", "zh": "{n} · {title} — {mark}"},
    "lesson_summary_next": {"en": "Next, on the lesson's row {row}:", "zh": "接下来，用课程里的数组 {row}："},
    "lesson_next_explainer": {
        "en": "Watch it in the explainer, then type your own rows",
        "zh": "在图解里看它一步步填表，再输入你自己的数组",
    },
    "lesson_next_play": {"en": "Play the computer", "zh": "和电脑对弈"},
    "lesson_next_quiz": {"en": "Take the quiz", "zh": "做测验"},
    "lesson_next_write": {"en": "Write the fill yourself", "zh": "自己写出填表代码"},
    # --- the live pieces -----------------------------------------------------------------------------
    "lesson_play_again": {"en": "Play again", "zh": "再下一局"},
    "lesson_greedy_game": {"en": "Greedy Alice: {alice} to {bob}", "zh": "贪心的 Alice：{alice} 比 {bob}"},
    "lesson_optimal_game": {"en": "Optimal Alice: {alice} to {bob}", "zh": "最优的 Alice：{alice} 比 {bob}"},
    "lesson_optimal_later": {
        "en": "The optimal game shows here once you have answered.",
        "zh": "回答之后，这里会显示最优的一局。",
    },
    "lesson_col_turn": {"en": "turn", "zh": "回合"},
    "lesson_col_player": {"en": "player", "zh": "玩家"},
    "lesson_col_piles": {"en": "piles", "zh": "拿走的堆"},
    "lesson_col_gained": {"en": "points", "zh": "得分"},
    "lesson_col_k": {
        "en": "k (most piles a move)",
        "zh": "k（每步最多堆数）",
    },
    "lesson_col_dp0": {"en": "dp[0]", "zh": "dp[0]"},
    "lesson_col_alice": {"en": "Alice", "zh": "Alice"},
    "lesson_col_bob": {"en": "Bob", "zh": "Bob"},
    "lesson_col_winner": {"en": "winner", "zh": "赢家"},
    "lesson_col_i": {"en": "i", "zh": "i"},
    "lesson_col_suffix": {"en": "suffix[i]", "zh": "suffix[i]"},
    "lesson_col_dp": {"en": "dp[i]", "zh": "dp[i]"},
    "lesson_col_diff": {"en": "diff[i]", "zh": "diff[i]"},
    # --- the chapters --------------------------------------------------------------------------------
    "lesson_game_title": {"en": "The game", "zh": "游戏"},
    "lesson_game_body": {
        "en": "Piles of stones lie in a row, each worth some points. Alice and Bob take turns; a move takes the "
        "first 1, 2 or 3 piles left (at most k = 3 piles). When the row is empty, the higher total wins. Play Alice against the "
        "computer on `[1, 2, 3, 7]` ({total} points in all); it always plays its best.",
        "zh": "一排石子堆，每堆有一个分值。Alice 和 Bob 轮流行动；每一步拿走剩下的前 1、2 或 3 堆（最多 k = 3 堆）。"
        "拿完后总分高的人赢。在 `[1, 2, 3, 7]`（共 {total} 分）上扮演 Alice 和电脑下一局；电脑每一步都下得最好。",
    },
    "lesson_game_ask": {
        "en": "Alice moves first. Who wins if both play perfectly?",
        "zh": "Alice 先手。如果双方都完美地玩，谁会赢？",
    },
    "lesson_greedy_title": {"en": "Why greedy loses", "zh": "为什么贪心会输"},
    "lesson_greedy_body": {
        "en": "“Take the most points now” sounds right. On `[1, 1, 1, 1, 9]` greedy Alice takes {greedy_take} "
        "piles and ends with {greedy_alice} against Bob's {greedy_bob}: her game is the table “Greedy Alice”. A "
        "move must be judged by what it leaves the opponent, not by what it gains now.",
        "zh": "“眼前拿最多”听起来没错。在 `[1, 1, 1, 1, 9]` 上，贪心的 Alice 拿 {greedy_take} 堆，最后只有 "
        "{greedy_alice} 分，Bob 有 {greedy_bob} 分：她的这一局就是“贪心的 Alice”那张表。评价一步要看它留给对手什么，而不是眼前拿到多少。",
    },
    "lesson_greedy_ask": {
        "en": "How many piles should Alice take on her first move?",
        "zh": "Alice 第一步应该拿几堆？",
    },
    "lesson_tree_title": {"en": "The tree of all games", "zh": "所有对局的树"},
    "lesson_tree_body": {
        "en": "Every game of `[1, 2, 3, 7]` is a path in this tree: {nodes} nodes. But a node only says how many "
        "piles are gone, and the same position turns up again and again. Merge the repeats and the tree "
        "collapses into a short line of positions.",
        "zh": "`[1, 2, 3, 7]` 的每一局都是这棵树里的一条路径：共 {nodes} 个节点。但一个节点只说明已经拿走了几堆，"
        "同一个局面会一次又一次出现。把重复的合并，树就缩成一小排局面。",
    },
    "lesson_tree_chart_tree": {
        "en": "1 · The game tree: {nodes} nodes, {leaves} finished games (over a node: the most the player to "
        "move can still collect)",
        "zh": "1 · 博弈树：{nodes} 个节点，{leaves} 种结局（节点上方的数：轮到行动的人还能拿到的最多分数）",
    },
    "lesson_tree_chart_table": {
        "en": "3 · Laid flat: one cell per position, {cells} cells",
        "zh": "3 · 摊平：每个局面一格，共 {cells} 格",
    },
    "lesson_tree_tip_dp": {"en": "the player to move can still guarantee", "zh": "轮到行动的人还能保证"},
    "lesson_tree_tip_player": {"en": "to move", "zh": "轮到谁"},
    "lesson_tree_row_dp": {"en": "best", "zh": "最多"},
    "lesson_tree_desc": {
        "en": "The game tree of the row, the same positions merged, and the one line of cells they become.",
        "zh": "这个数组的博弈树、合并相同局面后的图，以及把它摊平得到的一排格子。",
    },
    "lesson_tree_ask": {
        "en": "How many different positions are there to solve (the empty row counts)?",
        "zh": "一共有多少个不同的局面需要求解（空数组也算）？",
    },
    "lesson_meaning_title": {"en": "What dp[i] means", "zh": "dp[i] 是什么意思"},
    "lesson_meaning_body": {
        "en": "dp[i] is the most the player to move (the mover) can collect from piles i, i+1, … to the end, against perfect "
        "play. Nobody may pass, so on `[-1, -2, -3]` it can be negative. The stage stops just before dp[0] is "
        "written; dp[1] = {dp1}.",
        "zh": "dp[i] 表示：面对完美的对手，轮到行动的人（行动者）从第 i 堆到最后最多能拿多少分。谁都不能跳过，"
        "所以在 `[-1, -2, -3]` 上它可以是负数。舞台停在写 dp[0] 之前；dp[1] = {dp1}。",
    },
    "lesson_meaning_ask": {"en": "What is dp[0]?", "zh": "dp[0] 是多少？"},
    "lesson_suffix_title": {"en": "Suffix sums", "zh": "后缀和"},
    "lesson_suffix_body": {
        "en": "Whatever the mover does not collect, the opponent does. So we need the points left from pile i to "
        "the end: suffix[i] = values[i] + suffix[i+1], built right to left from suffix[n] = 0. The stage has "
        "just written suffix[2] = {suffix2}.",
        "zh": "行动者没拿到的分都归对手。所以需要知道从第 i 堆到最后还剩多少分：suffix[i] = values[i] + suffix[i+1]，"
        "从 suffix[n] = 0 开始从右往左算。舞台刚写下 suffix[2] = {suffix2}。",
    },
    "lesson_suffix_ask": {"en": "What is suffix[1]?", "zh": "suffix[1] 是多少？"},
    "lesson_fill_title": {"en": "The backward fill", "zh": "从后往前填表"},
    "lesson_fill_body": {
        "en": "Taking k piles leaves the opponent at position i+k, where they collect dp[i+k]; the mover gets the "
        "rest. So the recurrence is dp[i] = suffix[i] − min(dp[i+1], dp[i+2], dp[i+3]). Here suffix[0] = {suffix0} and the three "
        "candidates are {later}. Press ▶ on the stage to check.",
        "zh": "拿 k 堆后对手站在位置 i+k，能拿 dp[i+k]；其余的归行动者。所以递推式是 dp[i] = suffix[i] − min(dp[i+1], "
        "dp[i+2], dp[i+3])。这里 suffix[0] = {suffix0}，三个候选是 {later}。点舞台上的 ▶ 验证。",
    },
    "lesson_fill_ask": {"en": "What is dp[0]?", "zh": "dp[0] 是多少？"},
    "lesson_verdict_title": {"en": "The verdict", "zh": "判定胜负"},
    "lesson_verdict_body": {
        "en": "Alice moves first, so she collects dp[0] and Bob the rest, total − dp[0]. She wins if 2·dp[0] > "
        "total, Bob if 2·dp[0] < total; otherwise it is a tie. On `[1, 2, 3, 6]`: dp[0] = {dp0}, total = {total}.",
        "zh": "Alice 先手，所以她拿 dp[0]，Bob 拿剩下的 total − dp[0]。2·dp[0] > total 时 Alice 赢，"
        "2·dp[0] < total 时 Bob 赢，否则平局。在 `[1, 2, 3, 6]` 上：dp[0] = {dp0}，total = {total}。",
    },
    "lesson_verdict_ask": {"en": "Who wins?", "zh": "谁赢？"},
    "lesson_window_title": {"en": "A window of k + 1 cells", "zh": "k + 1 格的窗口"},
    "lesson_window_body": {
        "en": "dp[i] only reads the next k = {k} cells. Once they are used, older cells are never read again, so "
        "the whole table can be a ring of a few cells that slides left: O(1) memory. On the stage, ● is the cell "
        "written and ○ the cells read.",
        "zh": "dp[i] 只读后面 k = {k} 格。用过之后，更早的格子再也不会被读，所以整张表可以换成几格的环形数组，"
        "一路向左滑动：O(1) 空间。舞台上 ● 是正在写的格子，○ 是被读的格子。",
    },
    "lesson_window_ask": {
        "en": "With k = 3, how many cells must the window hold, dp[i] itself included?",
        "zh": "k = 3 时，窗口需要几格（包括 dp[i] 本身）？",
    },
    "lesson_other_k_title": {"en": "Other k", "zh": "换一个 k"},
    "lesson_other_k_body": {
        "en": "Nothing in the recurrence needs k = 3: the min runs over dp[i+1 … i+k]. The table solves "
        "`[1, 2, 3, 7]` for every k from 1 to 5; the row for k = {k} shows once you have answered.",
        "zh": "递推式并不依赖 k = 3：min 取的是 dp[i+1 … i+k]。表里是 `[1, 2, 3, 7]` 在 k = 1 到 5 时的解。"
        "k = {k} 那一行在你回答之后显示。",
    },
    "lesson_other_k_ask": {
        "en": "If a move may take up to 4 piles, who wins `[1, 2, 3, 7]`?",
        "zh": "如果每步最多可以拿 4 堆，`[1, 2, 3, 7]` 谁赢？",
    },
    "lesson_formulation_title": {"en": "The score difference", "zh": "分差形式"},
    "lesson_formulation_body": {
        "en": "Many write-ups use another formulation: they keep diff[i], the mover's lead, instead of a total: diff[i] = max over k of (the k "
        "piles − diff[i+k]), started at −∞. The two agree: diff[i] = 2·dp[i] − suffix[i], and Alice wins iff "
        "diff[0] > 0. Here dp[0] = {dp0} and total = {total}; the table shows diff[0] once you have answered.",
        "zh": "很多题解保存的是 diff[i]，即行动者的领先分，而不是总分：diff[i] = max over k (这 k 堆之和 − diff[i+k])，"
        "初始为 −∞。两者一致：diff[i] = 2·dp[i] − suffix[i]，Alice 赢当且仅当 diff[0] > 0。这里 dp[0] = {dp0}，"
        "total = {total}；表中的 diff[0] 在你回答之后显示。",
    },
    "lesson_formulation_ask": {"en": "What is diff[0]?", "zh": "diff[0] 是多少？"},
    # --- what each mistake is told -------------------------------------------------------------------
    "lesson_mistake_greedy": {
        "en": "that take collects the most now, but leaves Bob the big pile. Weigh each take by all Alice ends up "
        "with: what she takes now, plus what Bob's best reply leaves her.",
        "zh": "这种拿法眼前拿得最多，却把大堆留给了 Bob。要按 Alice 最终得到的全部分数来比较：这一步拿到的，"
        "加上 Bob 最好的应对之后留给她的。",
    },
    "lesson_mistake_negatives": {
        "en": "taking the smallest loss now (one pile) lets Bob hand you the worst pile. Losses are shared too: "
        "look at what each take leaves.",
        "zh": "只拿眼前损失最小的一堆，会让 Bob 把最差的一堆留给你。损失也要分配：看每种拿法留下什么。",
    },
    "lesson_mistake_zero_init": {
        "en": "0 is what a player gets by passing, and nobody may pass. The best must start at −∞, so a position "
        "where every take loses points still gets a negative value.",
        "zh": "0 是“跳过”才能得到的分，而谁都不能跳过。最优值必须从 −∞ 开始，这样每种拿法都亏分的局面仍会得到负值。",
    },
    "lesson_mistake_mixed": {
        "en": "dp is a total and diff is a lead; this answer reads one as the other. Alice wins iff "
        "2·dp[0] > total, that is, diff[0] > 0.",
        "zh": "dp 是总分，diff 是领先分；这个答案把两者混了。Alice 赢当且仅当 2·dp[0] > total，也就是 diff[0] > 0。",
    },
    "lesson_mistake_zero": {
        "en": "there are three outcomes, not two: when 2·dp[0] = total, nobody is ahead and it is a tie.",
        "zh": "结果有三种，而不是两种：2·dp[0] = total 时谁都不领先，是平局。",
    },
    "lesson_mistake_first_mover": {
        "en": "moving first decides nothing by itself: every take Alice has leaves Bob piles worth more. "
        "Try each first move against the computer.",
        "zh": "先手本身并不决定胜负：Alice 的每种拿法留下的堆都让 Bob 拿得更多。和电脑试试每一种第一步。",
    },
    "lesson_mistake_play_it_out": {
        "en": "play it out: add up each player's piles (in a game, or the table) and compare the totals.",
        "zh": "把它走完：（在对局或表格里）把每个人拿到的分加起来，再比较总分。",
    },
    "lesson_mistake_gives_away": {
        "en": "that take leaves Bob piles from which he collects more than he could after the best take.",
        "zh": "这种拿法留下的堆，让 Bob 比在最好的拿法之后拿得更多。",
    },
    "lesson_mistake_games_not_positions": {
        "en": "that counts the games' nodes. A position is just how many piles are gone, so the nodes repeat "
        "only a few positions.",
        "zh": "这是在数对局树的节点。局面只取决于已经拿走几堆，所以这些节点只是少数几个局面的重复。",
    },
    "lesson_mistake_forgot_end": {
        "en": "the empty row is a position too: the one where every game ends.",
        "zh": "空数组也是一个局面：每一局都在这里结束。",
    },
    "lesson_mistake_whole_total": {
        "en": "that is every point in the row. The opponent collects some of them: subtract what they get.",
        "zh": "这是整排的总分。对手也会拿走一部分：要减去对手得到的。",
    },
    "lesson_mistake_prefix": {
        "en": "that adds the piles before i. A suffix sum adds from pile i to the end of the row.",
        "zh": "这是把第 i 堆之前的加了起来。后缀和是从第 i 堆加到最后。",
    },
    "lesson_mistake_max_not_min": {
        "en": "that leaves the opponent their best position. The mover picks the candidate that leaves the "
        "opponent the least: the min.",
        "zh": "这给对手留下了对他最好的局面。行动者要选让对手拿得最少的候选：取 min。",
    },
    "lesson_mistake_whole_table": {
        "en": "that keeps the whole table. dp[i] reads only the next k cells, so k + 1 are enough.",
        "zh": "这是保留整张表。dp[i] 只读后面 k 格，所以 k + 1 格就够了。",
    },
    "lesson_mistake_forgot_self": {
        "en": "the k cells dp[i] reads are not enough: dp[i] itself needs a cell too, so k + 1.",
        "zh": "只有 dp[i] 要读的 k 格还不够：dp[i] 本身也要一格，所以是 k + 1。",
    },
    "lesson_mistake_same_k": {
        "en": "with a bigger k the moves change, and so the winner can change: with k = 4 Alice can take every "
        "pile at once.",
        "zh": "k 变大后可选的拿法变了，胜负也可能变：k = 4 时 Alice 可以一次拿走所有的堆。",
    },
    "lesson_mistake_passes": {
        "en": "0 is what a player gets by passing, and nobody may pass: every take on this row loses points, so "
        "the best the mover can do is still negative.",
        "zh": "0 是“跳过”才能得到的分，而谁都不能跳过：在这个数组上每种拿法都会丢分，所以行动者最好的结果仍是负数。",
    },
    "lesson_mistake_total_not_lead": {
        "en": "dp[0] is Alice's total, not how far ahead she is: Bob collects total − dp[0], so compare 2·dp[0] "
        "with total.",
        "zh": "dp[0] 是 Alice 的总分，而不是她领先多少：Bob 拿到 total − dp[0]，所以要比较 2·dp[0] 和 total。",
    },
    "lesson_mistake_bob_total": {
        "en": "that is Bob's total, total − dp[0]. diff[0] is Alice's lead: her total minus his.",
        "zh": "这是 Bob 的总分 total − dp[0]。diff[0] 是 Alice 的领先分：她的总分减去他的。",
    },
}
