"""Reading a teacher's answer key: ``keys/<assignment>.py`` of a course folder.

The keys are the teacher's own files (the ``tilegames-course`` kit holds them; this
package never does). The trusted grader (``tilegames_course.grading.grader``) and the
class dashboard, which the teacher runs in their own server where only this package may
be installed, read a key the same way: its ``questions(student, sources) -> QuestionSet``.

>>> import tempfile
>>> from pathlib import Path
>>> with tempfile.TemporaryDirectory() as keys:
...     _ = (Path(keys) / "demo.py").write_text("questions = lambda student, sources: student\\n")
...     load_questions(keys, "demo")("ada", {})
'ada'
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from pathlib import Path
from typing import Any

__all__ = ["load_questions"]


def load_questions(keys: str | Path, assignment: str) -> Callable[..., Any]:
    """The ``questions`` function of the teacher's key file ``keys/<assignment>.py``."""
    path = Path(keys) / f"{assignment}.py"
    if not path.is_file():
        raise FileNotFoundError(
            f"no answer key {path}: the teacher's kit holds keys/{assignment}.py"
        )
    spec = importlib.util.spec_from_file_location(f"tilegames_keys_{assignment}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.questions
