"""The core install: `import browsy` loads no framework and no engine; a missing framework is a clear error."""

from __future__ import annotations

import subprocess
import sys

PROBE = """
import sys
import browsy
loaded = sorted(m for m in sys.modules if m.split('.')[0] in {'browsy_engine', 'httpx', 'pydantic', 'langchain_core',
                'crewai', 'openai', 'autogen', 'autogen_core', 'smolagents'})
print(loaded)
"""


def test_import_browsy_loads_nothing_heavy() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_missing_framework_names_the_extra() -> None:
    blocker = "import sys; sys.modules['smolagents'] = None; import browsy.smolagents"
    done = subprocess.run([sys.executable, "-c", blocker], capture_output=True, text=True)
    assert done.returncode != 0
    assert "pip install 'browsy-ai[smolagents]'" in done.stderr
