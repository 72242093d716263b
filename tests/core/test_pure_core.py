"""The core never imports Streamlit: every module of the package is imported in a fresh interpreter
(other tests import Streamlit), found by walking the package, so a new module is checked too."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WALK = (
    "import importlib, pkgutil, sys, stonegame\n"
    "names = [m.name for m in pkgutil.walk_packages(stonegame.__path__, 'stonegame.')]\n"
    "for name in names:\n"
    "    importlib.import_module(name)\n"
    "print(len(names))\n"
    "sys.exit('streamlit' in sys.modules)\n"
)


def test_no_module_of_stonegame_imports_streamlit():
    done = subprocess.run([sys.executable, "-c", WALK], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr or "a module of stonegame pulled in streamlit"
    assert int(done.stdout) >= 20, "the walk found too few modules: is the package still importable?"


def test_the_words_do_not_pull_in_pandas():
    code = "import sys, stonegame.i18n, stonegame.parse, stonegame.link; sys.exit('pandas' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr or "importing the words or the parser pulled in pandas"
