"""Nothing a student writes runs in the teacher's browser or terminal (issue 33, item 2).

A hostile worksheet 1 (``hostile_submission.py``) is autograded through real
nbgrader with the course's settings, as ``mallory``; the same notebook graded
without ``SafeForTeacher``, as ``control``, shows that each check here can fail.
Then: the autograded notebook and nbgrader's feedback page hold nothing the
student wrote in a place a browser runs; a real Formgrader (jupyter server with
nbgrader's extension) opened in headless chromium on the submission runs none of
it and changes no grade; the terminal lines, the report CSV and
``grading-report.json`` carry no control character.
"""

from __future__ import annotations

import contextlib
import csv
import http.server
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from html.parser import HTMLParser
from pathlib import Path

import nbformat
import pytest

pytest.importorskip("nbgrader", reason="nbgrader is the teacher's: pip install -e '.[dev]'")
pytest.importorskip("nh3", reason="nh3 is the teacher's: pip install -e '.[dev]'")

sys.path.insert(0, str(Path(__file__).resolve().parent))

import hostile_submission as hostile  # noqa: E402
from headless import in_chromium  # noqa: E402
from nbgrader.api import Gradebook  # noqa: E402

from tilegames_course.grading.autograde import REPORT  # noqa: E402
from tilegames_course.grading.sanitize import (  # noqa: E402
    clean_html,
    csv_cell,
    markdown_html,
    printable,
    safe_svg,
)

W1 = hostile.W1

# -- the functions, on their own -------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "ada\x1b[2K\r16 of 16",
        "\x9b31m",  # a C1 control sequence introducer
        "x\u202ecod.exe",
        "a\u2028b",
        "bell\x07back\x08",
        "two\nlines",
    ],
)
def test_printable_leaves_no_control_character(text):
    shown = printable(text)
    assert not [c for c in shown if ord(c) < 0x20 or 0x7F <= ord(c) < 0xA0 or c in "\u202e\u2028"]
    assert shown.replace("\\", "") != text.replace("\\", "")  # it did escape something


def test_printable_keeps_ordinary_text_and_csv_cells_are_never_formulas():
    assert printable("Zoë: ½ of 3 — ✔") == "Zoë: ½ of 3 — ✔"
    assert csv_cell("=cmd|' /C calc'!A0").startswith("'=")
    assert csv_cell("@SUM(1)").startswith("'@")
    assert csv_cell("ada") == "ada"


@pytest.mark.parametrize(
    "html",
    [
        "<script>alert(1)</script>",
        "<img src=x onerror=alert(1)>",
        '<a href="javascript:alert(1)">x</a>',
        '<a href="  JaVa\tScRiPt:alert(1)">x</a>',
        '<a href="jav&#x61;script:alert(1)">x</a>',
        '<a href="data:text/html,<script>alert(1)</script>">x</a>',
        '<a href="/formgrader/api/grade/1">x</a>',
        "<svg onload=alert(1)>",
        "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
        '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
        '<form action="/api"><button>go</button></form>',
        '<div style="position:fixed;top:0">x</div>',
        '<p id="submission_id" class="navbar-fixed-top">x</p>',
        "<details open ontoggle=alert(1)>",
        '<img src="https://example.org/track.png">',
        "<!--><script>alert(1)</script>-->",
    ],
)
def test_clean_html_keeps_nothing_that_acts(html):
    cleaned = clean_html(html)
    assert not ACTIVE(cleaned), cleaned
    for word in (
        "script",
        "onerror",
        "onload",
        "ontoggle",
        "javascript",
        "style=",
        "id=",
        "class=",
    ):
        assert word not in cleaned.lower(), cleaned
    assert "/formgrader" not in cleaned and "example.org/track" not in cleaned


def test_clean_html_keeps_what_answers_and_tables_need():
    table = '<table border="1" class="dataframe"><thead><tr><th>a</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>'
    assert "<td>1</td>" in clean_html(table)
    kept = clean_html('<a href="https://example.org/x">x</a> <em>e</em> <code>c</code>')
    assert 'href="https://example.org/x"' in kept and "<em>e</em>" in kept
    png = "data:image/png;base64,iVBORw0KGgo="
    assert png in clean_html(f'<img src="{png}">')


def test_markdown_is_rendered_once_and_rendering_it_again_changes_nothing():
    from nbconvert.filters.markdown_mistune import markdown2html_mistune

    source = (
        "An *answer* with $p < 0.05$ and $$\\frac{a}{b}$$\n\n- one\n- two\n\n"
        "```python\nx = 1\n\n\ny = 2 < 3\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n"
        "<script>alert(1)</script>\n\n[x](javascript:alert(1))"
    )
    html = markdown_html(source)
    assert markdown2html_mistune(html).strip() == html
    assert "<em>answer</em>" in html and "$p &lt; 0.05$" in html and "<td>2</td>" in html
    assert "y = 2" in re.sub(r"<[^>]+>", "", html) and not ACTIVE(html)
    assert "\\backslash\\mathrm{href}" in markdown_html("$\\href{javascript:alert(1)}{x}$")


def test_a_board_picture_passes_the_svg_check_and_a_scripted_svg_does_not():
    from tilegames import tula

    board = tula.new_game(seed=3)._repr_svg_()
    checked = safe_svg(board)
    assert checked is not None and checked.count("<rect") == board.count("<rect")
    for bad in (
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
        '<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><text>x</text></a></svg>',
        '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><p>x</p></foreignObject></svg>',
        '<svg xmlns="http://www.w3.org/2000/svg"><set attributeName="href" to="javascript:x"/></svg>',
        '<svg xmlns="http://www.w3.org/2000/svg"><rect fill="url(https://evil/x#a)"/></svg>',
        '<!DOCTYPE svg [<!ENTITY a "b">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>',
        "not xml <",
    ):
        assert safe_svg(bad) is None, bad
    # what a browser would read differently (CDATA in an HTML integration point) is written as text
    tricky = '<svg xmlns="http://www.w3.org/2000/svg"><title><![CDATA[</title><img src=x onerror=alert(1)>]]></title></svg>'
    assert "<img" not in safe_svg(tricky)


def test_the_step_on_its_own_cleans_every_place_a_template_writes_as_it_is(tmp_path):
    """Cells and metadata nbconvert's and nbgrader's templates put into the page unescaped."""
    from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output, new_raw_cell

    from tilegames_course.grading.sanitize import SafeForTeacher

    evil_id = 'x"><img src=x onerror=alert(1)>'
    nb = new_notebook(
        cells=[
            new_markdown_cell("ok <script>alert(1)</script>"),
            new_raw_cell("<img src=x onerror=alert(1)>"),
            new_markdown_cell("a written answer", metadata={
                "nbgrader": {"solution": True, "grade": False, "locked": False,
                             "grade_id": evil_id, "schema_version": 3}}),
            new_code_cell("x", execution_count=3, outputs=[
                new_output("execute_result", {"text/plain": "1", "image/png": 'AAAA" onerror="x'},
                           execution_count=3, metadata={"image/png": {"width": "1 onerror=x"}}),
                new_output("display_data", {"application/vnd.jupyter.widget-view+json": {}}),
            ]),
        ],
        metadata={"widgets": {"application/vnd.jupyter.widget-state+json": {}}, "title": "<b>"},
    )  # fmt: skip
    nb.cells[3].execution_count = "<img src=x onerror=alert(1)>"  # what a lying kernel reports
    nb, _ = SafeForTeacher().preprocess(nb, {})
    assert _active_in(nb) == []
    assert "nbgrader" not in nb.cells[2].metadata or not nb.cells[2].metadata["nbgrader"]
    assert nb.cells[3].execution_count is None
    result, widget = nb.cells[3].outputs
    assert result.data == {"text/plain": "1"} and result.metadata == {}
    assert widget.data == {"text/plain": "(an output that cannot be shown safely was removed)"}
    assert set(nb.metadata) <= {"tilegames_grading"}
    assert len(nb.metadata["tilegames_grading"]["flags"]) == 1  # active content, reported once


# -- HTML, looked at as a browser would: where would the student's text run? ------------------------


class _Active(HTMLParser):
    """Collects what a browser would run: script bodies, event handlers, javascript:/data: URLs,
    srcdoc frames, inline SVG and MathML."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self._script = False

    def handle_starttag(self, tag, attrs):
        if tag == "script":
            self._script = True
            self.found.extend(f"script src {v}" for k, v in attrs if k == "src" and v)
        if tag in ("iframe", "object", "embed", "svg", "math", "base", "form", "frame"):
            self.found.append(f"<{tag}> {attrs}")
        for name, value in attrs:
            bare = re.sub(r"[\x00-\x20]", "", value or "").lower()
            if (
                name.startswith("on")
                or name == "srcdoc"
                or name in ("href", "src", "action", "formaction", "xlink:href")
                and (bare.startswith(("javascript:", "vbscript:", "data:text")))
            ):
                self.found.append(f"{tag} {name}={value}")

    def handle_endtag(self, tag):
        if tag == "script":
            self._script = False

    def handle_data(self, data):
        if self._script and data.strip():
            self.found.append("script: " + data.strip())


def ACTIVE(html: str) -> list[str]:  # noqa: N802 - reads as a question about the page
    parser = _Active()
    parser.feed(html)
    parser.close()
    return parser.found


def _active_in(nb) -> list[str]:
    """What would run of every piece of the notebook a renderer puts into a page."""
    found = [f for c in nb.cells if c.cell_type in ("markdown", "raw") for f in ACTIVE(c.source)]
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            for mime in ("text/html", "text/markdown"):
                found += ACTIVE(data.get(mime, ""))
            # an SVG picture is an <svg> by nature: what would run inside it counts
            svg = ACTIVE(data.get("image/svg+xml", ""))
            found += [f for f in svg if not f.startswith("<svg>")]
            if "application/javascript" in data:
                found.append("javascript: " + data["application/javascript"])
    return found


# -- through real nbgrader -------------------------------------------------------------------------


class _Beacon(http.server.BaseHTTPRequestHandler):
    hits: list[str] = []

    def do_GET(self):  # noqa: N802 - the http.server protocol
        type(self).hits.append(self.path)
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def beacon():
    """A listener on 127.0.0.1 that every payload calls when it runs (in any frame)."""
    _Beacon.hits = []
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Beacon)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/beacon"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def graded(tmp_path_factory, beacon) -> hostile.Graded:
    """mallory (the course's settings) and control (without SafeForTeacher), autograded, with
    feedback; the course folder lies in a folder of its own (Formgrader serves it)."""
    return hostile.build(tmp_path_factory.mktemp("formgrader") / "course", beacon)


def _scores(root: Path, student: str) -> dict[str, tuple]:
    with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as gradebook:
        notebook = gradebook.find_submission_notebook(W1, W1, student)
        return {g.name: (g.auto_score, g.manual_score, g.extra_credit) for g in notebook.grades}


def test_sanitising_keeps_every_point(graded):
    mallory, control = _scores(graded.root, "mallory"), _scores(graded.root, "control")
    assert mallory == control
    auto = {name: score[0] for name, score in mallory.items() if name.endswith("_test")}
    assert auto["pairs_test"] == 1 and auto["non_matching_pair_test"] == 1
    assert sum(s or 0 for s in auto.values()) == 2
    assert graded.results["mallory"].points == 2


def test_the_autograded_notebook_holds_nothing_that_acts(graded):
    control = nbformat.read(graded.autograded("control"), as_version=4)
    unsafe = _active_in(control)
    assert len(unsafe) >= 8, unsafe  # the check sees the attack where nothing cleaned it
    nb = nbformat.read(graded.autograded("mallory"), as_version=4)
    assert _active_in(nb) == []
    mimes = {m for c in nb.cells for o in c.get("outputs", []) for m in o.get("data", {})}
    assert mimes <= {"text/plain", "text/html", "image/png", "image/jpeg", "image/svg+xml"}, mimes
    assert "widgets" not in nb.metadata
    text = json.dumps(nb)
    assert "plain text stays" in text and "<b>bold</b>" in text  # the harmless parts are kept
    assert "Tiles only leave" in text
    flags = graded.results["mallory"].flags
    assert any("active content" in flag for flag in flags), flags


def test_the_feedback_page_runs_nothing_the_student_wrote(graded):
    control = graded.feedback("control").read_text()
    assert [f for f in ACTIVE(control) if hostile.MARK in f or "__pwned" in f]  # not vacuous
    html = graded.feedback("mallory").read_text()
    assert [f for f in ACTIVE(html) if hostile.MARK in f or "__pwned" in f] == []
    # all that would run on the page is the template's own MathJax
    assert all("mathjax" in found.lower() for found in ACTIVE(html)), ACTIVE(html)


def test_the_feedback_shows_each_verdict_in_words_that_wrap(graded):
    control = graded.feedback("control").read_text()
    assert re.search(r"Out\[\d+\]", control)  # the bare score nbgrader's feedback showed
    html = graded.feedback("mallory").read_text()
    assert "<strong>✔ Correct</strong> — 1 of 1 point (pairs)" in html
    assert "<p>well done.</p>" in html  # a paragraph wraps; a <pre> box does not
    assert "— 0 of 2 points (exactly_one)" in html
    tests = [
        c
        for c in nbformat.read(graded.autograded("mallory"), as_version=4).cells
        if c.metadata.get("nbgrader", {}).get("grade") and c.cell_type == "code"
    ]
    assert len(tests) == 10
    assert all(o.output_type == "display_data" for c in tests for o in c.outputs)
    prompts = len(re.findall(r"Out\[\d+\]", control)) - len(re.findall(r"Out\[\d+\]", html))
    assert prompts == len(tests)  # a bare score under each graded cell, and none left


def test_the_terminal_the_report_and_the_csv_carry_no_control_character(graded):
    def controls(text: str, allowed: str = "") -> list[str]:
        return [c for c in text if unicode_control(c) and c not in allowed]

    result = graded.results["mallory"]
    line = result.line()
    assert controls(line, "\n") == [], repr(line)
    assert line.count("\n") == len(result.flags)  # one line per flag: none forged
    assert "\\x1b[2K\\r\\x1b[1Amallory: 16 of 16" in line  # shown, escaped
    assert "\\x1b[8mHidden" in line
    report = json.loads((graded.root / "autograded" / "mallory" / W1 / REPORT).read_text())
    assert report["flags"] and all(controls(flag) == [] for flag in report["flags"])
    with (graded.root / "reports" / f"{W1}.csv").open(newline="") as handle:
        rows = list(csv.reader(handle))
    assert rows[1][0] == "mallory" and "16 of 16" in rows[1][5]
    assert all(controls(cell) == [] for row in rows for cell in row)
    done = subprocess.run(
        [sys.executable, "-c", "import sys; from tilegames_course.grading.course import Graded;"
         "print(Graded('e\\x1bvil\\r', 'failed', error='x\\x9by').line())"],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert controls(done.stdout, "\n") == [] and "e\\x1bvil\\r" in done.stdout


def unicode_control(char: str) -> bool:
    import unicodedata

    return (
        unicodedata.category(char) in ("Cc", "Zl", "Zp")
        or char in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
    )


# -- a real Formgrader in headless chromium --------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def formgrader(graded, tmp_path_factory):
    """A jupyter server with nbgrader's Formgrader, as the teacher runs it in the course folder."""
    import psutil

    home = tmp_path_factory.mktemp("formgrader-home")
    env = dict(os.environ)
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
        env[name] = str(home / name.lower())
        Path(env[name]).mkdir()
    config = {"ServerApp": {"jpserver_extensions": {"nbgrader.server_extensions.formgrader": True}}}
    (home / "jupyter_config_dir" / "jupyter_server_config.json").write_text(json.dumps(config))
    env["TILEGAMES_EXCHANGE"] = str(graded.root / "exchange")
    env["PYTHONPATH"] = os.pathsep.join(
        filter(None, [str(hostile.ROOT), str(hostile.ROOT / "course"), env.get("PYTHONPATH")])
    )
    port = _free_port()
    log = open(home / "server.log", "w")  # noqa: SIM115 - open for the server's lifetime
    server = subprocess.Popen(
        [sys.executable, "-m", "jupyter_server", "--no-browser", "--allow-root",
         "--ip=127.0.0.1", f"--port={port}", "--ServerApp.port_retries=0",
         "--IdentityProvider.token=", "--ServerApp.password=",
         f"--ServerApp.root_dir={graded.root}"],
        cwd=graded.root, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90
    while True:
        try:
            with urllib.request.urlopen(f"{url}/formgrader/api/assignments", timeout=5) as answer:
                if answer.status == 200:
                    break
        except OSError:
            pass
        if server.poll() is not None or time.monotonic() > deadline:
            log.close()
            raise RuntimeError("Formgrader did not start:\n" + (home / "server.log").read_text())
        time.sleep(0.5)
    yield url
    children = psutil.Process(server.pid).children(recursive=True)
    server.send_signal(signal.SIGTERM)
    try:
        server.wait(timeout=15)
    except subprocess.TimeoutExpired:
        server.kill()
    for child in children:
        with contextlib.suppress(psutil.NoSuchProcess):
            child.kill()
    log.close()


def _in_chromium(*visits: tuple[str, str, Path]) -> list[dict]:
    """Open each (url, student, course) in one headless Chromium."""
    return in_chromium(
        lambda browser: [
            _open_as_teacher(browser, url, student, root) for url, student, root in visits
        ]
    )


def _open_as_teacher(chromium, url: str, student: str, root: Path) -> dict:
    """Open the student's submission in Formgrader, click every javascript: link on it, wait."""
    with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as gradebook:
        submission = gradebook.find_submission_notebook(W1, W1, student).id
    context = chromium.new_context(viewport={"width": 1280, "height": 1000})
    context.route(
        "**/*",
        lambda route: (
            route.continue_()
            if route.request.url.startswith(("http://127.0.0.1", "data:", "about:", "blob:"))
            else route.abort()
        ),
    )
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        page.goto(f"{url}/formgrader/submissions/{submission}/")
        # Formgrader's own scripts have loaded the grades into the form: the page is live
        page.wait_for_function(
            "() => [...document.querySelectorAll('input.score')].some(i => i.placeholder !== '')"
        )
        links = page.evaluate(
            "() => [...document.links].filter(a => a.protocol === 'javascript:').length"
        )
        for handle in page.query_selector_all("a"):
            if page.evaluate("a => a.protocol === 'javascript:'", handle):
                handle.click()
        page.wait_for_timeout(3000)  # time for any request a payload made to land
        pwned = page.evaluate("() => window.__pwned || []")
        title = page.title()
    finally:
        context.close()
    return {"links": links, "pwned": pwned, "title": title}


@pytest.mark.browser
def test_opening_the_hostile_submission_in_formgrader_runs_nothing_and_changes_no_grade(
    graded, formgrader
):
    before = _scores(graded.root, "mallory")
    _Beacon.hits.clear()
    [seen] = _in_chromium((formgrader, "mallory", graded.root))
    assert seen["title"] == W1
    assert seen["links"] == 0 and seen["pwned"] == [] and _Beacon.hits == []
    assert _scores(graded.root, "mallory") == before

    # not vacuous: the same notebook graded without SafeForTeacher runs the attack and
    # changes the control's grades, as issue 33 found
    control_before = _scores(graded.root, "control")
    [seen] = _in_chromium((formgrader, "control", graded.root))
    assert {"md-script", "md-onerror", "html-output", "js-output", "md-link"} <= set(seen["pwned"])
    assert any(hostile.MARK in hit for hit in _Beacon.hits)
    after = _scores(graded.root, "control")
    assert after != control_before
    assert any(manual == 99 for _, manual, _ in after.values())
    assert _scores(graded.root, "mallory") == before  # and never mallory's
