"""Makers for tests/teach/test_render.py, called in the render worker by name
("tests.teach.render_fakes:echo"): each says what it did in what it returns."""

import os
import signal
import time

RENDERS = 0  # renders this worker process has done


def echo(text="", frame=0):
    """The text, the frame, this process's id and how many renders it has done, as bytes."""
    global RENDERS
    RENDERS += 1
    return f"{text}|{frame}|{os.getpid()}|{RENDERS}".encode()


def sleep(seconds):
    """Sleep (using no CPU), then echo."""
    time.sleep(seconds)
    return echo(f"slept {seconds}")


def spin(seconds):
    """Use `seconds` of CPU, then echo."""
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass
    return echo(f"spun {seconds}")


def hang(started=""):
    """Never return, and ignore SIGTERM and SIGINT on the way (only SIGKILL ends it); then touch the
    file `started` names, if any, so a test knows."""
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if started:
        open(started, "w").close()
    while True:
        time.sleep(3600)


def boom():
    raise ValueError("no such chart")


def page(data, bundle):
    """An HTML page as str, the way the stage's stage_html(data, bundle) -> str makes one."""
    return f"<!doctype html><title>{data['title']}</title><script>{bundle}</script>"
