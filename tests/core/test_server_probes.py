"""What the server installs at start for speed and for measuring it: the new_session message's config and
theme built once (ui/server/steady.py) are the ones Streamlit builds each run; the heap is frozen after
start (ui/server/heap.py); and the load test's probe (ui/server/timing.py) writes one line per finished
run with its parts in order, and nothing for a run a rerun cut short."""

import gc
import io

from streamlit.proto.NewSession_pb2 import Config, CustomThemeConfig
from streamlit.runtime import app_session
from streamlit.runtime.scriptrunner import ScriptRunnerEvent

from ui.server import heap, steady, timing

THEME_SECTIONS = [(), ("theme.light",), ("theme.dark",), ("theme.sidebar",)]


def test_the_steady_sections_are_what_streamlit_builds_each_run():
    fresh_config, fresh_themes = Config(), []
    app_session._populate_config_msg(fresh_config)
    for section in THEME_SECTIONS:
        fresh_themes.append(CustomThemeConfig())
        app_session._populate_theme_msg(fresh_themes[-1], *section)
    steady.install()
    steady.install()  # twice is once: the functions are wrapped one time
    for _ in range(2):  # built on first use, copied after
        config = Config()
        app_session._populate_config_msg(config)
        assert config == fresh_config
        for section, fresh in zip(THEME_SECTIONS, fresh_themes, strict=True):
            theme = CustomThemeConfig()
            app_session._populate_theme_msg(theme, *section)
            assert theme == fresh


def test_the_frozen_heap_is_out_of_the_collectors_reach():
    try:
        heap.freeze()
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()


def test_the_probe_writes_a_finished_runs_parts_in_order():
    out = io.StringIO()
    probe = timing.Probe(out)
    probe.backmsg("s1", "rerun_script")
    probe.script_event("s1", ScriptRunnerEvent.SCRIPT_STARTED)
    probe.script_event("s1", ScriptRunnerEvent.SCRIPT_STOPPED_WITH_SUCCESS)
    probe.finished("s1", 1e12)
    kind, session, recv, start, end, sent, on_core, no_core, process, event = out.getvalue().split("\t")
    assert (kind, session, event) == ("run", "s1", "SCRIPT_STOPPED_WITH_SUCCESS\n")
    assert float(recv) <= float(start) <= float(end) <= float(sent)
    assert min(float(on_core), float(no_core), float(process)) >= 0


def test_the_probe_writes_a_run_cut_short_without_a_sent_time_and_only_once():
    out = io.StringIO()
    probe = timing.Probe(out)
    probe.script_event("s1", ScriptRunnerEvent.SCRIPT_STARTED)
    probe.script_event("s1", ScriptRunnerEvent.SCRIPT_STOPPED_FOR_RERUN)
    probe.script_event("s1", ScriptRunnerEvent.SCRIPT_STARTED)  # the run the rerun asked for
    probe.finished("s1", 1e12)  # not yet ended: no line for it
    lines = out.getvalue().splitlines()
    assert len(lines) == 1 and lines[0].split("\t")[2] == "" and lines[0].split("\t")[5] == ""
