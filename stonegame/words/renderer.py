"""Words for what a render request answers when it gives no file yet (ui/server/renderer.py's results),
for the export page's picture buttons, and for what a link cannot carry (a row too long for it, a
quiz's progress), English and Chinese."""

WORDS: dict[str, dict[str, str]] = {
    "render_pending": {
        "en": "Making the file… it appears here when it is ready.",
        "zh": "正在生成文件……完成后会显示在这里。",
    },
    "render_busy": {
        "en": "The server is busy making files for others. Please try again in a minute.",
        "zh": "服务器正在为其他人生成文件，请一分钟后再试。",
    },
    "render_busy_session": {
        "en": "You already have {most} files waiting to be made, the most one visitor can have. "
        "Ask for this one again when one of them is ready.",
        "zh": "你已经有 {most} 个文件在等待生成，这是每位访问者的上限。请等其中一个完成后再请求这个文件。",
    },
    "render_queued": {
        "en": "Queued, number {place} in your line: it is made as soon as the file you asked for before is ready.",
        "zh": "已排队，在你的队列中排第 {place} 位：你之前请求的文件完成后就会生成它。",
    },
    "render_too_slow": {
        "en": "This file took longer than {seconds:.0f} s to make and was stopped. Try a shorter row or the PNG.",
        "zh": "生成这个文件超过了 {seconds:.0f} 秒，已停止。请换一个更短的数组，或改用 PNG。",
    },
    "render_failed": {
        "en": "This file could not be made. The other downloads still work.",
        "zh": "这个文件无法生成。其他下载仍然可用。",
    },
    "export_make": {"en": "Make: {what}", "zh": "生成：{what}"},
    "export_restarted": {
        "en": "The server restarted since this page was drawn, so that download found no file. "
        "Press Download again (once the file is ready).",
        "zh": "页面显示之后服务器重启过，所以这次下载没有找到文件。请再按一次下载（文件准备好之后）。",
    },
    "row_not_in_link": {
        "en": "The row typed in this tab ({n:,} piles) was too long to keep in the link, so this page (opened "
        "again, or after a server restart) could not bring it back: showing the first example instead. "
        "Type or paste the row again; a random row of any length travels in the link as random=…&seed=….",
        "zh": "这个标签页里输入的数组（{n:,} 堆）太长，无法保存在链接里，所以重新打开（或服务器重启）后无法恢复："
        "现在显示的是第一个示例。请重新输入或粘贴该数组；任意长度的随机数组都可以用 random=…&seed=… 放进链接。",
    },
    "quiz_progress_lost": {
        "en": "This link was made at question {q}. A link keeps the quiz's row and settings but not its answers, "
        "so the quiz starts again at question 1 with score 0 (after a server restart too).",
        "zh": "这个链接生成时停在第 {q} 题。链接只保存测验的数组和设置，不保存答题记录，"
        "所以测验从第 1 题重新开始，得分为 0（服务器重启后也是如此）。",
    },
}
