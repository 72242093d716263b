"""Words for a shared link's preview card (stonegame/card.py: the title and description in the page's
<meta> tags) and the Export page's embed snippet (ui/parts/embed.py), English and Chinese."""

WORDS: dict[str, dict[str, str]] = {
    "card_name": {"en": "Stone Game III", "zh": "石子游戏 III"},
    "card_problem": {"en": "LeetCode 1406", "zh": "LeetCode 1406"},
    "card_step": {"en": "step {step} of {last}", "zh": "第 {step} 步，共 {last} 步"},
    "card_ask": {"en": "who wins?", "zh": "谁会赢？"},
    "card_wins": {"en": "{winner} wins", "zh": "{winner} 获胜"},
    "card_tie": {"en": "a tie", "zh": "平局"},
    "card_title": {"en": "{name} · {row} · {step}: {end}", "zh": "{name} · {row} · {step}：{end}"},
    "card_title_locked": {"en": "{name} · {row}: {end}", "zh": "{name} · {row}：{end}"},
    "card_row": {"en": "{row} ({n} piles)", "zh": "{row}（{n} 堆）"},
    "card_description": {
        "en": "LeetCode 1406's dp table for the row {row}, filled right to left; each move takes 1 to {k} "
        "piles. {step}: {end}",
        "zh": "LeetCode 1406 的 dp 表，数组 {row}，从右往左填写；每次可拿 1 到 {k} 堆。{step}：{end}",
    },
    "card_description_locked": {
        "en": "LeetCode 1406's dp table for the row {row}, filled right to left; each move takes 1 to {k} "
        "piles. Open it and work it out: {end}",
        "zh": "LeetCode 1406 的 dp 表，数组 {row}，从右往左填写；每次可拿 1 到 {k} 堆。打开它自己推一推：{end}",
    },
    "card_general": {
        "en": "A visual explainer of LeetCode 1406 (Stone Game III): type a row of piles and watch the dp "
        "table fill right to left, step by step, with the code beside it.",
        "zh": "LeetCode 1406（石子游戏 III）图解：输入一行石子，看 dp 表从右往左一步步填好，代码就在旁边。",
    },
    "card_quiz_title": {"en": "{name} · quiz: who wins?", "zh": "{name} · 小测：谁会赢？"},
    "card_quiz": {
        "en": "A quiz on LeetCode 1406's dp table: answer each step's questions, then check.",
        "zh": "LeetCode 1406 dp 表小测：回答每一步的问题，然后核对。",
    },
    "embed_title": {"en": "Embed in a course page", "zh": "嵌入课程页面"},
    "embed_help": {
        "en": "Paste this into a course page or a learning platform's HTML block: the stage of this row at "
        "step {step}, without Streamlit's toolbar, in the light theme, sized like presenter mode.",
        "zh": "把这段代码粘贴到课程页面或学习平台的 HTML 区块中：这一行在第 {step} 步的舞台，"
        "没有 Streamlit 的工具栏，浅色主题，大小与演示模式相同。",
    },
    "embed_too_long": {
        "en": "This row is too long for a link, so an embed cannot carry it: draw a random row instead.",
        "zh": "这一行太长，链接装不下，所以无法嵌入：请改用随机生成的一行。",
    },
    "embed_frame_title": {"en": "Stone Game III, explained", "zh": "石子游戏 III 图解"},
}
