"""Words for what a render request answers when it gives no file yet (ui/render.py's results),
and for the export page's picture buttons, English and Chinese."""

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
        "en": "One file at a time: the file you asked for before is still being made. Try again when it is ready.",
        "zh": "一次只能生成一个文件：你之前请求的文件还在生成中，完成后再试。",
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
}
