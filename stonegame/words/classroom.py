"""Words for the class room (ui/parts/classroom.py and its browser side, classroom.js): starting and
joining a class, the projector's join screen, following and exploring, the questions and their reveal,
English and Chinese. A refusal's words are keyed by its reason (stonegame.room's RoomError.reason and
the routes' own reasons): `class_err_<reason>`."""

WORDS: dict[str, dict[str, str]] = {
    "class_section": {"en": "Class", "zh": "课堂"},
    "class_start": {"en": "Start a class", "zh": "开始上课"},
    "class_start_help": {
        "en": "Opens a room for this row and step: students join with a code or a QR code, and their screens "
        "follow yours.",
        "zh": "为这一行和这一步开一个课堂：学生用课堂码或二维码加入，他们的屏幕跟着你走。",
    },
    "class_join": {"en": "Join a class", "zh": "加入课堂"},
    "class_join_label": {"en": "Join code", "zh": "课堂码"},
    "class_join_placeholder": {"en": "e.g. K7QX4M", "zh": "例如 K7QX4M"},
    "class_join_button": {"en": "Join", "zh": "加入"},
    "class_join_at": {"en": "Go to this address and type the code", "zh": "打开这个网址，输入课堂码"},
    "class_code_is": {"en": "Class code", "zh": "课堂码"},
    "class_scan": {"en": "Scan to join", "zh": "扫码加入"},
    "class_unreachable_lan": {
        "en": "Phones cannot reach “{host}”: it names this computer only. The link and QR code use its network "
        "address, {lan}.",
        "zh": "手机访问不了“{host}”：它只指这台电脑本身。链接和二维码改用它的网络地址 {lan}。",
    },
    "class_unreachable_none": {
        "en": "Phones cannot reach “{host}”: it names this computer only, and no network address was found. "
        "Open the app by the machine's network address, or set STONEGAME_PUBLIC_URL.",
        "zh": "手机访问不了“{host}”：它只指这台电脑本身，也没有找到网络地址。请用这台机器的网络地址打开应用，"
        "或设置 STONEGAME_PUBLIC_URL。",
    },
    "class_err_public_url": {
        "en": "STONEGAME_PUBLIC_URL is ignored: “{given}” is not an http:// or https:// address with a host "
        "(like https://class.example.org).",
        "zh": "已忽略 STONEGAME_PUBLIC_URL：“{given}”不是带主机名的 http:// 或 https:// 地址"
        "（例如 https://class.example.org）。",
    },
    "class_qr_alt": {"en": "QR code of the join link {link}", "zh": "加入链接 {link} 的二维码"},
    "class_counts": {
        "en": "{joined} joined · {following} following · {exploring} exploring",
        "zh": "已加入 {joined} 人 · 跟随 {following} 人 · 自己探索 {exploring} 人",
    },
    "class_show_join": {"en": "Show how to join", "zh": "显示加入方式"},
    "class_new_qr": {"en": "New QR code", "zh": "换新二维码"},
    "class_new_qr_why": {
        "en": "If the link or QR code got out of the room, make a new one: the old one takes no more seats. "
        "Phones already in the class stay.",
        "zh": "如果链接或二维码传出了教室，就换一个新的：旧的不能再加入。已经在课堂里的手机不受影响。",
    },
    "class_opening": {"en": "Opening class {code}…", "zh": "正在进入课堂 {code}…"},
    "class_opening_slow": {
        "en": "This tab did not answer whether it leads class {code}. To follow the class, join it as a student; "
        "to lead it, reload the page.",
        "zh": "这个标签页没有回答它是否带领课堂 {code}。要跟随课堂，请以学生身份加入；要带领课堂，请重新加载页面。",
    },
    "class_opening_join": {"en": "Join class {code} as a student", "zh": "以学生身份加入课堂 {code}"},
    "class_moved": {
        "en": "This address is an old student link of class {code}: students now join and follow a class on "
        "its own page, not in the full app. Open it here:",
        "zh": "这是课堂 {code} 的旧学生链接：学生现在在课堂自己的页面上加入和跟随，不在完整应用里。请在这里打开：",
    },
    "class_going_slow": {
        "en": "The page of class {code} did not open by itself. Open it here:",
        "zh": "课堂 {code} 的页面没有自动打开。请在这里打开：",
    },
    "class_control": {"en": "Open the control on another device", "zh": "在另一台设备上打开课堂控制"},
    "class_control_warning": {
        "en": "Do not show it on the projector: whoever opens this link or scans this code leads the class (asks, "
        "reveals, ends it). Open it on your own phone or laptop, then fold this away.",
        "zh": "不要投到投影上：任何打开这个链接或扫这个码的人都能带领这个课堂（提问、揭晓、结束）。"
        "只在你自己的手机或电脑上打开，然后把这里收起来。",
    },
    "class_control_qr_alt": {
        "en": "QR code of the control link: it leads the class",
        "zh": "课堂控制链接的二维码：打开它就能带领课堂",
    },
    "class_teacher_link": {"en": "Your teacher link", "zh": "你的教师链接"},
    "class_teacher_link_help": {
        "en": "Keep it private: whoever opens it leads this class (on another device too, or after a restart).",
        "zh": "请勿分享：打开它的人就能带领这个课堂（换一台设备、服务器重启之后也可以）。",
    },
    "class_ask": {"en": "Ask the class", "zh": "向全班提问"},
    "class_ask_kind": {"en": "Question", "zh": "问题"},
    "class_kind_take": {"en": "The best take here", "zh": "这里最好拿几堆"},
    "class_kind_opponent": {"en": "The least the opponent is left with", "zh": "对手最少还能拿多少"},
    "class_kind_dp": {"en": "dp[i] here", "zh": "这里的 dp[i]"},
    "class_kind_winner": {"en": "Who wins", "zh": "谁会赢"},
    "class_kind_write": {"en": "Write dp[i]", "zh": "写出 dp[i]"},
    "class_ask_needs_pile": {
        "en": 'Step to a dp step (the second half of the fill) to ask about a pile; "Who wins" works at any step.',
        "zh": "要问某一堆，请先走到填 dp 的步骤（填表的后半段）；“谁会赢”任何一步都能问。",
    },
    "class_q_take": {
        "en": "Question {n}: from pile {i}, how many piles should the mover take?",
        "zh": "第 {n} 题：从第 {i} 堆开始，轮到的人应该拿几堆？",
    },
    "class_q_opponent": {
        "en": "Question {n}: after the best take from pile {i}, what is the least the opponent is left with?",
        "zh": "第 {n} 题：从第 {i} 堆最好地拿完之后，对手最少还能拿多少？",
    },
    "class_q_dp": {"en": "Question {n}: what is dp[{i}]?", "zh": "第 {n} 题：dp[{i}] 是多少？"},
    "class_q_winner": {"en": "Question {n}: who wins this row?", "zh": "第 {n} 题：这一行谁会赢？"},
    "class_q_write": {
        "en": "Question {n}: write the loop body that fills dp[i] (values, suffix, dp, i, n, k are given).",
        "zh": "第 {n} 题：写出填 dp[i] 的循环体（已给出 values、suffix、dp、i、n、k）。",
    },
    "class_group_right": {"en": "right", "zh": "正确"},
    "class_group_other": {"en": "other", "zh": "其他"},
    "class_group_refused": {"en": "does not run", "zh": "运行不了"},
    "class_chart_group": {"en": "what the code does", "zh": "代码的效果"},
    "class_write_summary": {
        "en": "{right} of {answered} wrote a right fill ({share}).",
        "zh": "{answered} 人中 {right} 人写对了（{share}）。",
    },
    "class_write_example": {"en": "Show an example: {group}", "zh": "看一个例子：{group}"},
    "class_write_example_none": {"en": "No answer in this group.", "zh": "这一组没有作答。"},
    "class_write_examples": {
        "en": "One anonymous answer of each group (no student is named):",
        "zh": "每组一个匿名答案（不显示学生）：",
    },
    "class_write_send": {"en": "Send my code", "zh": "提交我的代码"},
    "class_write_sent": {
        "en": "Your code is in. You can change it and send again until the teacher locks.",
        "zh": "你的代码已提交。老师锁定之前都可以修改再提交。",
    },
    "class_write_group": {
        "en": "What your code does on the class's row: {group}.",
        "zh": "你的代码在课堂这一行上的效果：{group}。",
    },
    "class_write_size": {"en": "{size} of {most} bytes", "zh": "{size} / {most} 字节"},
    "class_write_editor": {"en": "Your loop body", "zh": "你的循环体"},
    "class_write_missed": {"en": "You did not send code for this question.", "zh": "这道题你没有提交代码。"},
    "class_answered": {"en": "{answered} of {joined} answered", "zh": "{joined} 人中已有 {answered} 人作答"},
    "class_lock": {"en": "Lock answers", "zh": "锁定作答"},
    "class_reveal": {"en": "Reveal", "zh": "公布答案"},
    "class_state_open": {"en": "open", "zh": "作答中"},
    "class_state_locked": {"en": "locked", "zh": "已锁定"},
    "class_state_revealed": {"en": "revealed", "zh": "已公布"},
    "class_chart_title": {"en": "Answers to question {n}", "zh": "第 {n} 题的作答"},
    "class_chart_show": {"en": "The answers' chart", "zh": "作答柱状图"},
    "class_result": {"en": "{title}: {summary}", "zh": "{title}：{summary}"},
    "class_chart_answer": {"en": "answer", "zh": "答案"},
    "class_chart_students": {"en": "students", "zh": "人数"},
    "class_chart_right": {"en": "right", "zh": "正确"},
    "class_chart_other": {"en": "other", "zh": "其他"},
    "class_chart_summary": {
        "en": "{right} of {answered} right ({share}). The answer: {answer}.",
        "zh": "{answered} 人中 {right} 人答对（{share}）。答案：{answer}。",
    },
    "class_earlier": {"en": "Questions so far", "zh": "已问过的问题"},
    "class_col_question": {"en": "question", "zh": "问题"},
    "class_col_step": {"en": "step", "zh": "步骤"},
    "class_col_state": {"en": "state", "zh": "状态"},
    "class_col_answer": {"en": "answer", "zh": "答案"},
    "class_col_right": {"en": "right", "zh": "答对"},
    "class_end": {"en": "End the class", "zh": "结束课堂"},
    "class_end_sure": {"en": "End for everyone?", "zh": "为所有人结束？"},
    "class_keep": {"en": "Keep teaching", "zh": "继续上课"},
    "class_ended": {
        "en": "The class has ended. The row stays with you: explore it on your own.",
        "zh": "课堂已结束。这一行留给你：自己继续探索吧。",
    },
    "class_ended_teacher": {"en": "You ended the class {code}.", "zh": "你已结束课堂 {code}。"},
    "class_following": {"en": "Following the teacher · class {code}", "zh": "正在跟随老师 · 课堂 {code}"},
    "class_exploring": {"en": "Exploring on your own · class {code}", "zh": "正在自己探索 · 课堂 {code}"},
    "class_leading": {"en": "You lead class {code}", "zh": "你正在带领课堂 {code}"},
    "class_explore": {"en": "Explore on my own", "zh": "我自己探索"},
    "class_back": {"en": "Back to the class", "zh": "回到课堂"},
    "class_leave": {"en": "Leave the class", "zh": "离开课堂"},
    "class_left": {"en": "You left the class. The row stays with you.", "zh": "你已离开课堂。这一行留给你。"},
    "class_waiting": {"en": "No question yet: watch the stage.", "zh": "还没有问题：请看舞台。"},
    "class_your_answer": {
        "en": "Your answer: {answer}. You can change it until the teacher locks.",
        "zh": "你的答案：{answer}。老师锁定之前都可以改。",
    },
    "class_pick": {"en": "Tap your answer.", "zh": "点选你的答案。"},
    "class_locked": {"en": "Answers are locked: wait for the reveal.", "zh": "作答已锁定：等待公布答案。"},
    "class_right": {"en": "Right! The answer is {answer}.", "zh": "答对了！答案是 {answer}。"},
    "class_wrong": {
        "en": "Not this time: the answer is {answer} (you said {mine}).",
        "zh": "这次没答对：答案是 {answer}（你选了 {mine}）。",
    },
    "class_missed": {"en": "The answer is {answer}. You did not answer.", "zh": "答案是 {answer}。你没有作答。"},
    "class_reconnecting": {"en": "Reconnecting to the class…", "zh": "正在重新连接课堂……"},
    "class_sending": {"en": "Sending…", "zh": "发送中……"},
    "class_err_unknown_room": {
        "en": "No class has this code: it may have ended. Check the code with your teacher.",
        "zh": "没有这个课堂码的课堂：它可能已经结束了。请和老师核对课堂码。",
    },
    "class_err_ended": {"en": "This class has ended.", "zh": "这堂课已经结束。"},
    "class_err_bad_code": {
        "en": "A join code is 6 letters and digits, like K7QX4M (no 0, O, 1, I or L): “{given}” is not one.",
        "zh": "课堂码是 6 个字母和数字，例如 K7QX4M（没有 0、O、1、I、L）：“{given}”不是课堂码。",
    },
    "class_err_too_many_codes": {
        "en": "Too many wrong codes from this address: wait a few minutes, then try again.",
        "zh": "这个地址输错课堂码的次数太多：请等几分钟再试。",
    },
    "class_err_too_many_rooms": {
        "en": "Too many classes started from this address: wait a few minutes.",
        "zh": "这个地址开的课堂太多：请等几分钟。",
    },
    "class_err_too_many_joins": {
        "en": "Too many students joined class {code} from this address just now: wait a few seconds, or join by the class's link or QR code.",
        "zh": "刚才从这个地址加入课堂 {code} 的学生太多：请等几秒钟，或者用课堂的链接或二维码加入。",
    },
    "class_err_wrong_join": {
        "en": "This join link is not class {code}'s: scan the QR code on the screen again, or type the code.",
        "zh": "这个加入链接不属于课堂 {code}：请重新扫描屏幕上的二维码，或者输入课堂码。",
    },
    "class_err_full": {
        "en": "The limit is reached: {detail}",
        "zh": "已达上限：{detail}",
    },
    "class_err_store_down": {
        "en": "The class room is unavailable right now: its store does not answer. The rest of the app works as before.",
        "zh": "课堂功能暂时不可用：它的存储没有响应。应用的其他部分照常可用。",
    },
    "class_err_wrong_secret": {
        "en": "This teacher link does not lead class {code}: it is not this class's key.",
        "zh": "这个教师链接不能带领课堂 {code}：它不是这个课堂的钥匙。",
    },
    "class_err_unknown_student": {
        "en": "This class does not know this student link any more: join it again with the code.",
        "zh": "这个课堂已不认识这个学生链接：请用课堂码重新加入。",
    },
    "class_err_closed": {
        "en": "This question is locked: answers are no longer taken.",
        "zh": "这道题已锁定：不再接受作答。",
    },
    "class_err_too_long": {
        "en": "A class row has at most {limit} piles: this one has {n}. The class keeps its row.",
        "zh": "课堂的一行最多 {limit} 堆：这一行有 {n} 堆。课堂保留原来的行。",
    },
    "class_err_answer_too_long": {
        "en": "Your code is too long: an answer may have at most 2048 bytes. Shorten it and send again.",
        "zh": "你的代码太长：一个答案最多 2048 字节。请缩短后再提交。",
    },
    "class_err_write_busy": {
        "en": "The class's code runs are busy just now: send your code again in a moment.",
        "zh": "课堂的代码运行现在很忙：请稍后再提交一次。",
    },
    "class_err_bad_request": {
        "en": "The class room could not do that: {detail}",
        "zh": "课堂无法完成这个操作：{detail}",
    },
    "class_err_picture_busy": {
        "en": "The class's picture could not be made just now. Reload the page in a moment.",
        "zh": "课堂的画面暂时无法生成。请稍后重新加载页面。",
    },
    "class_err_server_error": {"en": "The class room could not do that.", "zh": "课堂无法完成这个操作。"},
    # the light student page (ui/server/rooms/phone.py and phone.js)
    "class_phone_title": {"en": "Class {code} · Stone Game III", "zh": "课堂 {code} · 石子游戏 III"},
    "class_phone_joining": {"en": "Joining class {code}…", "zh": "正在加入课堂 {code}……"},
    "class_phone_full_app": {"en": "Open the full app at this row", "zh": "在完整应用中打开这一行"},
    "class_phone_language": {"en": "Language", "zh": "语言"},
    "class_phone_stage": {"en": "The stage", "zh": "舞台"},
    "class_phone_keys": {
        "en": "Keys: ← → step, Home and End go to the first and last step, space plays and pauses.",
        "zh": "按键：← → 逐步，Home 和 End 到第一步和最后一步，空格键播放和暂停。",
    },
    "class_phone_link_help": {
        "en": "This link opens the row at this step in the full app:",
        "zh": "此链接会在完整应用中打开这一行的这一步：",
    },
    # the light join form at the short address (phone.join_form): a typed code's way in
    "class_form_title": {"en": "Join a class · Stone Game III", "zh": "加入课堂 · 石子游戏 III"},
    "class_form_label": {
        "en": "Type the class code from the teacher's screen",
        "zh": "输入老师屏幕上的课堂码",
    },
    "class_form_empty": {
        "en": "Type the class code first: 6 letters and digits, like K7QX4M.",
        "zh": "请先输入课堂码：6 个字母和数字，例如 K7QX4M。",
    },
    "class_form_full_app": {"en": "Open the full app", "zh": "打开完整应用"},
    # the join box in `/`'s own HTML (ui/server/card.py quick_join), on a phone until the app has loaded
    "class_quick_label": {
        "en": "Joining a class? Type the code from the teacher's screen",
        "zh": "要加入课堂？输入老师屏幕上的课堂码",
    },
    "class_quick_loading": {
        "en": "The explainer is loading…",
        "zh": "讲解页面正在加载…",
    },
    "class_phone_script": {
        "en": "This page needs JavaScript to join the class.",
        "zh": "这个页面需要 JavaScript 才能加入课堂。",
    },
}
