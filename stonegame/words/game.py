"""Words of the game pages (optimal replay, play against the computer, game tree), English and Chinese."""

WORDS: dict[str, dict[str, str]] = {
    # --- shared by the three pages ---------------------------------------------------------------
    "replay_nav": {"en": "Optimal replay", "zh": "最优对局回放"},
    "play_nav": {"en": "Play the computer", "zh": "与电脑对弈"},
    "tree_nav": {"en": "Game tree → table", "zh": "博弈树 → dp 表"},
    "game_row": {
        "en": "The row: {row} · {n:,} {piles} · total {total:,}",
        "zh": "当前数组：{row} · {n:,} {piles} · 总和 {total:,}",
    },
    "game_row_long": {"en": "{n:,} piles · total {total:,}", "zh": "{n:,} 堆 · 总和 {total:,}"},
    "game_row_help": {
        "en": "Type your own row on the Explainer page, or pick an example:",
        "zh": "可在“图解”页输入自己的数组，或选一个示例：",
    },
    "game_result_Alice": {"en": "Alice wins", "zh": "Alice 获胜"},
    "game_result_Bob": {"en": "Bob wins", "zh": "Bob 获胜"},
    "game_result_Tie": {"en": "a tie", "zh": "平局"},
    "game_legend_moving": {"en": "being taken now", "zh": "本回合拿走"},
    "game_legend_left": {"en": "still on the table", "zh": "尚未拿走"},
    "game_pile": {"en": "pile", "zh": "第几堆"},
    "game_span": {"en": "{piles} {span}", "zh": "第 {span} {piles}"},  # "pile 4", "piles 4–6"
    # --- optimal replay --------------------------------------------------------------------------
    "replay_title": {"en": "The optimal game, replayed", "zh": "最优对局回放"},
    "replay_desc": {  # the replay chart's name for a screen reader (its description)
        "en": "A game replayed turn by turn: the row, who took which piles, each turn's choices and the scores.",
        "zh": "逐回合回放一局游戏：数组、谁拿走了哪些堆、每回合的选择和双方得分。",
    },
    "replay_intro": {
        "en": "The explainer fills dp from the last pile back to the first. Here the game is played forwards "
        "with that finished table: at every turn the mover reads dp[i], the most they can still guarantee, "
        "weighs the choices behind it (the candidates: what each take is worth from here, "
        "suffix[i] − dp[i+k]), and makes the best one. Press ▶ to play, or step with ◀ ▶.",
        "zh": "图解页从最后一堆往前填写 dp。这里用填好的表从前往后真正下一局：每个回合，行动者读出 dp[i]，"
        "即从这里起最多还能保证拿到的分数；再比较它背后的几种选择（候选：每种拿法从这里起值多少分，"
        "suffix[i] − dp[i+k]），然后选最好的一种。按 ▶ 播放，或用 ◀ ▶ 逐步查看。",
    },
    "replay_tie_rule": {
        "en": "Ties: when two takes are equally good, the replay takes the fewest piles — the same rule as the "
        "solver's take[i]. Any of the tied takes gives the same final scores.",
        "zh": "平手规则：两种拿法一样好时，回放拿堆数最少的那种——与求解器的 take[i] 规则相同。"
        "选任何一种同样好的拿法，最终得分都一样。",
    },
    "replay_window_note": {
        "en": "This game has {turns:,} turns, too many to animate at once: the replay shows turns "
        "{first:,}–{last:,} ({size} at a time). Move the window to look elsewhere; the table below lists every turn.",
        "zh": "这局共 {turns:,} 个回合，无法一次播放：回放显示第 {first:,}–{last:,} 回合（每次 {size} 个）。"
        "移动窗口可查看其他回合；下面的表列出全部回合。",
    },
    "replay_window_turn": {"en": "Look at turn", "zh": "查看第几回合"},
    "replay_ctl_turn": {"en": "frame ", "zh": "画面 "},
    "replay_title_turn": {
        "en": "Turn {turn:,} of {total:,} · {player} at pile {i:,}",
        "zh": "第 {turn:,}/{total:,} 回合 · {player} 在第 {i:,} 堆",
    },
    "replay_say_step": {"en": "(Explainer: step {step:,}.)", "zh": "（对应图解第 {step:,} 步。）"},
    "replay_title_end": {"en": "End of the game", "zh": "对局结束"},
    "replay_say_turn": {
        "en": "{player} has {have} so far and can still guarantee dp[{i}] = {dp} more: {final} in all. "
        "The best take is {take} {piles} ({span}, {gained:+} now).",
        "zh": "{player} 目前已得 {have} 分，还能保证再拿 dp[{i}] = {dp} 分，共 {final} 分。"
        "最好的拿法是拿 {take} {piles}（{span}，这回合 {gained:+}）。",
    },
    "replay_say_tie": {
        "en": "Taking {others} is just as good; the rule is to take the fewest piles.",
        "zh": "拿 {others} 堆同样好；规则是拿最少的堆数。",
    },
    "replay_say_mistake": {
        "en": "{player} has {have} so far and could still guarantee dp[{i}] = {dp} more, but takes {take} {piles} "
        "({span}, {gained:+} now), worth only {chosen} from here: {regret} points given away.",
        "zh": "{player} 目前已得 {have} 分，本可再保证 dp[{i}] = {dp} 分，却拿了 {take} {piles}"
        "（{span}，这回合 {gained:+}），从这里起只值 {chosen} 分：白白少了 {regret} 分。",
    },
    "replay_say_end": {
        "en": "Alice collected {alice}, Bob {bob}: {result}. Alice's score is dp[0] = {dp0}, "
        "exactly what the table promised before the first move.",
        "zh": "Alice 得 {alice} 分，Bob 得 {bob} 分：{result}。Alice 的得分正是 dp[0] = {dp0}，"
        "与第一步之前 dp 表给出的结果完全一致。",
    },
    "replay_say_end_played": {
        "en": "Alice collected {alice}, Bob {bob}: {result}. Had both played well it would have been "
        "Alice {best_alice}, Bob {best_bob}: {best_result}.",
        "zh": "Alice 得 {alice} 分，Bob 得 {bob} 分：{result}。如果双方都下得最好，"
        "应是 Alice {best_alice} 分、Bob {best_bob} 分：{best_result}。",
    },
    "replay_total_mover": {
        "en": "{have} so far + {more} still guaranteed (dp[{i}]) = {final}",
        "zh": "已得 {have} + 还能保证 {more}（dp[{i}]）= {final}",
    },
    "replay_total_other": {
        "en": "{have} so far + {more} from the rest = {final}",
        "zh": "已得 {have} + 余下可得 {more} = {final}",
    },
    "replay_total_end": {"en": "{points} in all", "zh": "共 {points} 分"},
    # a player's line under the totals: the name, then ▶ for the mover or a colon (full-width in Chinese)
    "replay_total_named": {"en": "{player}:  {label}", "zh": "{player}：{label}"},
    "replay_total_named_mover": {"en": "{player} ▶  {label}", "zh": "{player} ▶ {label}"},
    "replay_chart_row": {
        "en": "Top row: the piles, lettered A / B once taken. Bottom row: dp[i], ● where the mover stands",
        "zh": "上行：石子堆，被拿走后标 A / B。下行：dp[i]，● 为行动者所在位置",
    },
    "replay_chart_choices": {
        "en": "The choices at this turn: what each take is worth from here, suffix[i] − dp[i+k]",
        "zh": "本回合的选择：每种拿法从这里起值多少分，suffix[i] − dp[i+k]",
    },
    "replay_chart_totals": {
        "en": "Points so far (bar), and where each player ends if both play well (◆)",
        "zh": "目前得分（条形），以及双方都下得最好时的最终得分（◆）",
    },
    "replay_take_k": {"en": "take {k}", "zh": "拿 {k} 堆"},
    "replay_choice_best": {"en": "★ best", "zh": "★ 最佳"},
    "replay_choice_mistake": {"en": "✗ taken, not best", "zh": "✗ 所选，非最佳"},
    "replay_choice_tie": {"en": "= just as good", "zh": "= 同样好"},
    "replay_choice_other": {"en": "other choice", "zh": "其他选择"},
    "replay_game_over": {"en": "the game is over", "zh": "对局已结束"},
    "replay_turns_table": {"en": "Every turn, as a table", "zh": "全部回合（表格）"},
    "replay_turns_large": {
        "en": "Showing the first {shown:,} of {rows:,} turns.",
        "zh": "显示 {rows:,} 个回合中的前 {shown:,} 个。",
    },
    "replay_turns_columns": {
        "en": "turn · player · start (first pile taken) · take · end · gained · Alice's and Bob's totals · "
        "dp[start] · the solver's take · the take's worth from here · regret (points lost) · explainer step",
        "zh": "回合 · 玩家 · 起始堆（拿走的第一堆）· 拿几堆 · 结束堆 · 本回合得分 · Alice 与 Bob 的累计 · "
        "dp（起始堆处）· 求解器的拿法 · 该拿法从此处起的价值 · 损失分数 · 对应图解步骤",
    },
    # the turns table's headers (rules.TURNS_SCHEMA's names; in English the schema's own, as the caption says)
    "replay_col_turn": {"en": "turn", "zh": "回合"},
    "replay_col_player": {"en": "player", "zh": "玩家"},
    "replay_col_start": {"en": "start", "zh": "起始堆"},
    "replay_col_take": {"en": "take", "zh": "拿几堆"},
    "replay_col_end": {"en": "end", "zh": "结束堆"},
    "replay_col_gained": {"en": "gained", "zh": "本回合得分"},
    "replay_col_alice_total": {"en": "alice_total", "zh": "Alice 累计"},
    "replay_col_bob_total": {"en": "bob_total", "zh": "Bob 累计"},
    "replay_col_dp": {"en": "dp", "zh": "dp"},
    "replay_col_best_take": {"en": "best_take", "zh": "求解器的拿法"},
    "replay_col_chosen_gain": {"en": "chosen_gain", "zh": "该拿法的价值"},
    "replay_col_regret": {"en": "regret", "zh": "损失分数"},
    "replay_col_step": {"en": "step", "zh": "图解步骤"},
    # --- play against the computer ---------------------------------------------------------------
    "play_title": {"en": "Play against the computer", "zh": "与电脑对弈"},
    "play_intro": {
        "en": "You play one side on the current row; the computer plays the other perfectly, reading the same dp "
        "table (among equally good moves it takes the fewest piles). After each of your moves you see what it "
        "cost: the points it gave away against the best move.",
        "zh": "你在当前数组上执一方，电脑执另一方并完美应对（读的是同一张 dp 表；几种拿法一样好时，它拿堆数最少的）。"
        "你每走一步，都会看到这一步的代价：与最佳走法相比少得的分数。",
    },
    "play_side": {"en": "You play", "zh": "你执"},
    "play_side_Alice": {"en": "Alice (moves first)", "zh": "Alice（先手）"},
    "play_side_Bob": {"en": "Bob (moves second)", "zh": "Bob（后手）"},
    "play_new": {"en": "New game", "zh": "新对局"},
    "play_undo": {"en": "Undo my last move", "zh": "撤销我的上一步"},
    "play_hint": {"en": "Show a hint", "zh": "显示提示"},
    "play_score_you": {"en": "{player} (you)", "zh": "{player}（你）"},
    "play_score_computer": {"en": "{player} (computer)", "zh": "{player}（电脑）"},
    "play_regret": {"en": "Your regret so far", "zh": "你目前的损失"},
    "play_regret_help": {
        "en": "The points your moves gave away, summed: for each move, dp[i] (the best take's worth) minus "
        "what your take is worth from there.",
        "zh": "你每一步少得的分数之和：每一步的 dp[i]（最佳拿法的价值）减去你的拿法从该处起的价值。",
    },
    "play_your_turn": {
        "en": "Your turn ({player}): {left:,} piles left, from pile {i}. How many do you take?",
        "zh": "轮到你（{player}）：还剩 {left:,} 堆，从第 {i} 堆开始。你拿几堆？",
    },
    "play_take": {"en": "Take {k}  ({span}: {gained:+})", "zh": "拿 {k} 堆（{span}：{gained:+}）"},
    "play_hint_lead": {
        "en": "From pile {i} you can guarantee dp[{i}] = {dp}. What each take is worth from here "
        "(suffix[{i}] − dp[{i}+k]):",
        "zh": "从第 {i} 堆起你最多能保证 dp[{i}] = {dp} 分。每种拿法从这里起值多少分（suffix[{i}] − dp[{i}+k]）：",
    },
    "play_hint_row": {
        "en": "take {k}: {gained:+} now, then the computer collects dp[{j}] = {dp_j} of the rest: worth {gain} {mark}",
        "zh": "拿 {k} 堆：这回合 {gained:+}，之后电脑从剩下的部分拿 dp[{j}] = {dp_j}：共值 {gain} 分 {mark}",
    },
    "play_hint_best": {"en": "★ best", "zh": "★ 最佳"},
    "play_you_moved": {
        "en": "You took {take} {piles} ({span}): {gained:+} points.",
        "zh": "你拿了 {take} {piles}（{span}）：{gained:+} 分。",
    },
    "play_cost_zero": {
        "en": "A best move: it cost nothing. It is worth dp[{i}] = {dp} from there.",
        "zh": "最佳走法：没有损失。它从该处起值 dp[{i}] = {dp} 分。",
    },
    "play_cost": {
        "en": "The best was to take {best_take}, worth dp[{i}] = {dp} from there; yours is worth {chosen}. "
        "It cost you {dp} − {subtracted} = {regret} points.",
        "zh": "最佳是拿 {best_take} 堆，从该处起值 dp[{i}] = {dp} 分；你的拿法只值 {chosen} 分。"
        "代价是 {dp} − {subtracted} = {regret} 分。",
    },
    "play_computer_moved": {
        "en": "The computer ({player}) took {take} {piles} ({span}): {gained:+} points.",
        "zh": "电脑（{player}）拿了 {take} {piles}（{span}）：{gained:+} 分。",
    },
    "play_over": {
        "en": "Game over. Alice {alice}, Bob {bob}: {result}.",
        "zh": "对局结束。Alice {alice} 分，Bob {bob} 分：{result}。",
    },
    "play_optimal_verdict": {
        "en": "If both had played optimally: Alice {alice}, Bob {bob}: {result}.",
        "zh": "如果双方都下得最好：Alice {alice} 分，Bob {bob} 分：{result}。",
    },
    "play_regret_check": {
        "en": "Your score {score} = your score with best play {best} − your regret {regret}.",
        "zh": "你的得分 {score} = 双方最佳时你的得分 {best} − 你的损失 {regret}。",
    },
    "play_compare": {"en": "Your game beside the optimal one", "zh": "你的对局与最优对局对照"},
    "play_game_yours": {"en": "your game", "zh": "你的对局"},
    "play_game_optimal": {"en": "optimal game", "zh": "最优对局"},
    "play_strip_title": {
        "en": "Who took which piles, turn by turn (✗ a move that cost points)",
        "zh": "每回合谁拿走了哪些石子堆（✗ 表示有损失的一步）",
    },
    "play_strip_cap": {
        "en": "Showing piles 0–{last:,} of {n:,}.",
        "zh": "显示 {n:,} 堆中的第 0–{last:,} 堆。",
    },
    "play_board_title": {
        "en": "The row: taken piles show A or B; “take k” marks how far each choice reaches",
        "zh": "数组：已拿走的堆标有 A 或 B；“拿 k 堆”标出每种选择拿到哪里",
    },
    "play_board_window": {
        "en": "{n:,} piles: showing piles {lo:,}–{hi:,} around the current position.",
        "zh": "共 {n:,} 堆：显示当前位置附近的第 {lo:,}–{hi:,} 堆。",
    },
    "play_moves": {"en": "The moves, and what each cost", "zh": "每一步及其代价"},
    "play_col_turn": {"en": "turn", "zh": "回合"},
    "play_col_player": {"en": "player", "zh": "玩家"},
    "play_col_gained": {"en": "points", "zh": "得分"},
    "play_col_best": {"en": "best take", "zh": "最佳拿法"},
    "play_col_regret": {"en": "cost", "zh": "代价"},
    "play_replay_yours": {"en": "Replay: your game", "zh": "回放：你的对局"},
    "play_replay_optimal": {"en": "Replay: the optimal game", "zh": "回放：最优对局"},
    # --- game tree → shared states → table -------------------------------------------------------
    "tree_title": {"en": "From game tree to table", "zh": "从博弈树到 dp 表"},
    "tree_desc": {  # the tree chart's name for a screen reader (its description)
        "en": "The game tree of your row, the same positions merged into states, and the dp array they become.",
        "zh": "你的数组的博弈树、合并相同位置后的状态图，以及把它摊平得到的 dp 数组。",
    },
    "tree_intro": {
        "en": "Every way the game can go, as a tree: a node is a position i with the player to move, an edge is a "
        "take of k piles, and a leaf is a finished game with its score. The same position turns up again and again; "
        "merged, the tree becomes a graph of only n + 1 states, and that graph, laid flat, is the dp array.",
        "zh": "把对局的所有可能画成一棵树：节点是位置 i 和该谁行动，边是拿走 k 堆，叶子是一局结束及其比分。"
        "同一个位置会反复出现；把它们合并，整棵树就变成只有 n + 1 个状态的图，再把这张图摊平，就是 dp 数组。",
    },
    "tree_merge_note": {
        "en": "Why a node with Alice to move and one with Bob to move merge when they share i: dp[i] is what "
        "the mover can guarantee from pile i, whoever the mover is — the rest of the game looks the same to both. "
        "Every node at i has the same dp[i].",
        "zh": "为什么同一个 i 上“Alice 行动”和“Bob 行动”的节点可以合并：dp[i] 是行动者从第 i 堆起能保证的分数，"
        "不管行动者是谁——剩下的对局对两人来说完全一样。同一个 i 上的所有节点，dp[i] 都相同。",
    },
    "tree_too_big": {
        "en": "The game tree is drawn for rows of up to {limit} piles; this row has {n:,}, and its tree would "
        "have {nodes} nodes. The counts below are exact, from the counting recurrence — nothing is built.",
        "zh": "博弈树只为不超过 {limit} 堆的数组绘制；当前数组有 {n:,} 堆，它的博弈树会有 {nodes} 个节点。"
        "下面的数字由计数递推式精确算出——并没有真的建树。",
    },
    "tree_chart_tree": {
        "en": "1 · The game tree: {nodes} nodes, {leaves} finished games (over a node: its dp[i])",
        "zh": "1 · 博弈树：{nodes} 个节点，{leaves} 种结局（节点上方的数：该处的 dp[i]）",
    },
    "tree_chart_states": {
        "en": "2 · Same positions merged: {states} states (×m = tree nodes merged; arc height = piles taken)",
        "zh": "2 · 合并相同位置：{states} 个状态（×m = 合并的树节点数；弧的高度 = 拿走的堆数）",
    },
    "tree_chart_table": {
        "en": "3 · Laid flat: the dp array, {cells} cells",
        "zh": "3 · 摊平：dp 数组，{cells} 个格子",
    },
    "tree_legend_Alice": {"en": "Alice to move", "zh": "Alice 行动"},
    "tree_legend_Bob": {"en": "Bob to move", "zh": "Bob 行动"},
    "tree_legend_end": {"en": "game over (Alice : Bob)", "zh": "对局结束（Alice : Bob）"},
    "tree_edge_other": {"en": "another take", "zh": "其他拿法"},
    "tree_edge_best": {"en": "best take there", "zh": "该处的最佳拿法"},
    "tree_edge_optimal": {"en": "the optimal game", "zh": "最优对局"},
    "tree_legend_over": {"en": "game over (dp = 0)", "zh": "对局结束（dp = 0）"},
    "tree_stage_chart_grow": {
        "en": "The game tree to depth {depth} of {deepest}: {nodes} of {total} nodes (on each node: its dp[i])",
        "zh": "博弈树，展开到第 {depth} 层（共 {deepest} 层）：{total} 个节点中的 {nodes} 个（节点上的数：该处的 dp[i]）",
    },
    "tree_stage_chart_merge": {
        "en": "Same positions merged: {states} states (in each: dp[i]; ×m = tree nodes merged; arc height = piles taken)",
        "zh": "合并相同位置：{states} 个状态（圈内：dp[i]；×m = 合并的树节点数；弧的高度 = 拿走的堆数）",
    },
    "tree_stage_chart_flat": {
        "en": "Laid flat: the dp array, {cells} cells",
        "zh": "摊平：dp 数组，{cells} 个格子",
    },
    "tree_stage_err": {
        "en": "stage must be a whole number from 0 to {last}, not {token}.",
        "zh": "stage 必须是 0 到 {last} 之间的整数，而不是 {token}。",
    },
    "tree_stage_fallback": {"en": "Opening the first step.", "zh": "改为从第一步开始。"},
    "tree_steps": {"en": "Step through the tree", "zh": "逐步展开博弈树"},
    "tree_stage_of": {"en": "Step {s} of {last}", "zh": "第 {s} 步，共 {last} 步"},
    "tree_stage_start": {
        "en": "The start: nothing taken yet, Alice to move at i = 0. The number on a node is dp[i], the most "
        "the player to move can still collect from pile i: here dp[0] = {dp}.",
        "zh": "开始：还没有人拿，Alice 在 i = 0 行动。节点上的数是 dp[i]，即行动者从第 i 堆起最多还能拿到的分数："
        "这里 dp[0] = {dp}。",
    },
    "tree_stage_grow": {
        "en": "Depth {depth}: every way the first {depth} turns can go, {new} new nodes ({nodes} in all). "
        "Look along a column: every node at the same i shows the same dp[i].",
        "zh": "第 {depth} 层：前 {depth} 回合所有可能的走法，新增 {new} 个节点（共 {nodes} 个）。"
        "沿着一列看：同一个 i 上的节点，dp[i] 都一样。",
    },
    "tree_stage_merge": {
        "en": "The {nodes} nodes share only {states} positions, and every node at i has the same dp[i]: "
        "merge each column into one state, and each take (i → i + k) into one arc.",
        "zh": "这 {nodes} 个节点只有 {states} 个不同的位置，而同一个 i 上的节点 dp[i] 都相同："
        "把每一列合并成一个状态，每种拿法（i → i + k）合并成一条弧。",
    },
    "tree_stage_flat": {
        "en": "Laid flat, the states are the dp array: {cells} cells instead of {total} tree nodes. "
        "Alice collects dp[0] = {dp}.",
        "zh": "摊平后，这些状态就是 dp 数组：{cells} 个格子，而不是 {total} 个树节点。Alice 拿到 dp[0] = {dp}。",
    },
    "tree_count_nodes": {"en": "Game-tree nodes", "zh": "博弈树节点"},
    "tree_count_leaves": {"en": "Finished games (leaves)", "zh": "结局数（叶子）"},
    "tree_count_states": {"en": "Distinct states", "zh": "不同状态"},
    "tree_count_cells": {"en": "dp cells", "zh": "dp 格子"},
    "tree_recurrence": {
        "en": "Counted, not built (a move takes 1 to k = {k} piles): nodes N(0) = 1, N(n) = 1 + N(n−1) + … + N(n−k); "
        "leaves L(0) = 1, L(n) = L(n−1) + … + L(n−k) (terms below 0 left out); states and dp cells are n + 1.",
        "zh": "计数而非建树（每步拿 1 到 k = {k} 堆）：节点 N(0) = 1，N(n) = 1 + N(n−1) + … + N(n−k)；"
        "叶子 L(0) = 1，L(n) = L(n−1) + … + L(n−k)（下标小于 0 的项略去）；状态数和 dp 格子数都是 n + 1。",
    },
    "tree_growth_title": {
        "en": "How the counts grow with n (log scale): the tree explodes, the table grows by one",
        "zh": "数量随 n 的增长（对数坐标）：博弈树爆炸式增长，dp 表每次只多一格",
    },
    "tree_growth_n": {"en": "n (piles)", "zh": "n（堆数）"},
    "tree_growth_count": {"en": "count (log scale)", "zh": "数量（对数坐标）"},
    "tree_series_nodes": {"en": "tree nodes", "zh": "树节点"},
    "tree_series_states": {"en": "distinct states", "zh": "不同状态"},
    "tree_series_cells": {"en": "dp cells", "zh": "dp 格子"},
    "tree_your_row": {"en": "your row: n = {n}", "zh": "当前数组：n = {n}"},
    "tree_tip_path": {"en": "takes so far", "zh": "已走的拿法"},
    "tree_tip_i": {"en": "position i", "zh": "位置 i"},
    "tree_tip_player": {"en": "to move", "zh": "行动者"},
    "tree_tip_alice": {"en": "Alice so far", "zh": "Alice 已得"},
    "tree_tip_bob": {"en": "Bob so far", "zh": "Bob 已得"},
    "tree_tip_dp": {"en": "dp[i]: the mover can still guarantee", "zh": "dp[i]：行动者还能保证"},
    "tree_tip_alice_final": {"en": "Alice ends with (both play well)", "zh": "Alice 最终得分（双方最佳）"},
    "tree_tip_bob_final": {"en": "Bob ends with (both play well)", "zh": "Bob 最终得分（双方最佳）"},
    "tree_tip_tree_nodes": {"en": "tree nodes merged here", "zh": "合并到此的树节点数"},
    "tree_row_dp": {"en": "dp", "zh": "dp"},
}
