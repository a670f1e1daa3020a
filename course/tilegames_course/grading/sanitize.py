"""Nothing a student writes runs in the teacher's browser or terminal.

Formgrader shows the autograded notebook to the teacher in the teacher's own
Jupyter session, and ``nbgrader generate_feedback`` turns it into the students'
feedback pages. Both put markdown cells through nbconvert's markdown renderer,
which passes raw HTML (and ``javascript:`` links, and ```` ```mermaid ```` blocks)
straight through, and put ``text/html`` and ``application/javascript`` outputs
into the page as they are. A ``<script>`` in a written answer would run as the
teacher, with the teacher's session: it could change every grade.

``SafeForTeacher`` is the last nbgrader step of ``autograde``
(``exercises/nbgrader_config.py`` installs it): afterwards the autograded
notebook holds only content that cannot act:

- a markdown (or raw) cell holds its own rendering, cleaned by nh3 (the Python
  binding of the maintained Rust sanitiser ammonia): no scripts, no event
  handlers, no styles, links only to ``http(s)``/``mailto``/``#``, images only
  embedded PNG/JPEG/GIF/WebP data;
- outputs keep text, errors, PNG/JPEG/GIF images and SVG pictures that pass a
  strict check (re-written from the parsed XML); HTML outputs (pandas tables) are
  cleaned like markdown; JavaScript, widgets, LaTeX and every other type go;
- each graded cell's verdict is shown as words that wrap ("✔ Correct — 2 of 2
  points", then the hint), not a bare ``Out[14]: 2`` (the points are already
  in the gradebook: nbgrader's ``SaveAutoGrades`` ran before this step).

What reaches a terminal or a CSV goes through ``printable`` (and ``csv_cell``):
ANSI escapes, carriage returns, other control characters and bidi overrides
are shown as ``\\x1b``-style escapes, so a forged id cannot hide a flag or fake
a "16 of 16" line.

>>> printable("ada\\x1b[2K\\r16 of 16")
'ada\\\\x1b[2K\\\\r16 of 16'
>>> clean_html('<p onclick="steal()">hi<script>steal()</script></p>')
'<p>hi</p>'
"""

from __future__ import annotations

import base64
import binascii
import html
import json
import re
import xml.etree.ElementTree as ElementTree
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import nh3
from nbformat.notebooknode import NotebookNode
from nbgrader.preprocessors import NbGraderPreprocessor

from .files import csv_cell, printable

__all__ = [
    "SafeForTeacher",
    "active_parts",
    "clean_html",
    "csv_cell",
    "markdown_html",
    "printable",
    "safe_svg",
    "verdict_html",
]

# -- HTML ------------------------------------------------------------------------------------------

_TAGS = (set(nh3.ALLOWED_TAGS) - {"area", "map"}) | {"tfoot"}
_ATTRIBUTES = {tag: set(attrs) for tag, attrs in nh3.ALLOWED_ATTRIBUTES.items()}
_ATTRIBUTES.pop("area", None)
_ATTRIBUTES["a"] = {"href", "title"}
_ATTRIBUTES["img"] = {"alt", "height", "width", "src", "title"}
_ATTRIBUTES["th"] = set(_ATTRIBUTES.get("th", ())) | {"align"}
_LINKS = ("http://", "https://", "mailto:")
_IMAGE_DATA = re.compile(r"data:image/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]*", re.I)


def _attribute(tag: str, attribute: str, value: str) -> str | None:
    if attribute == "href":
        bare = re.sub(r"[\x00-\x20]", "", value).lower()  # as a browser reads a scheme
        return value if bare.startswith(_LINKS) or value.startswith("#") else None
    if attribute == "src":  # embedded pictures only: no request leaves the teacher's page
        return value if _IMAGE_DATA.fullmatch(value.strip()) else None
    return value


def clean_html(text: str) -> str:
    """``text`` (an HTML fragment) with everything that could act removed, by nh3.

    Kept: text formatting, lists, tables, code, headings; links to ``http(s)``,
    ``mailto`` and ``#`` (opened with ``rel="noopener noreferrer"``); images whose
    ``src`` is embedded PNG/JPEG/GIF/WebP data. Gone: scripts, styles, event
    handlers, forms, frames, SVG and MathML, ids and classes (nothing can take the
    name of the teacher's own page elements), relative links (no request to the
    teacher's server).

    >>> clean_html('<a href="javascript:alert(1)">x</a> <img src=x onerror=alert(1)>')
    '<a rel="noopener noreferrer">x</a> <img>'
    >>> clean_html('<a href="https://example.org">ok</a>')
    '<a href="https://example.org" rel="noopener noreferrer">ok</a>'
    """
    return nh3.clean(
        text,
        tags=_TAGS,
        attributes=_ATTRIBUTES,
        attribute_filter=_attribute,
        url_schemes={"http", "https", "mailto", "data"},
        strip_comments=True,
        link_rel="noopener noreferrer",
    )


def _one_block(fragment: str) -> str:
    # One line inside a <div>: markdown renderers pass it through as one HTML block, unchanged
    # (a blank line would end the block and let the rest be read as markdown again).
    return "<div>" + fragment.replace("\r", "&#13;").replace("\n", "&#10;") + "</div>"


_TEX_ACTIONS = re.compile(r"\\(href|url|class|cssId|style|html|require|unicode|data|toggle)\b")
"""MathJax commands that make links, classes, styles or load code: shown as text, never run."""


def markdown_html(source: str, attachments: dict[str, Any] | None = None) -> str:
    """A markdown cell's text as clean HTML, rendered as nbconvert renders it, in one block.

    Rendered with nbconvert's own renderer (the one Formgrader and the feedback use,
    so nothing is read differently), cleaned by ``clean_html``, and kept on one line
    in a ``<div>`` so that rendering it again as markdown changes nothing. MathJax's
    ``\\href``, ``\\class``, ``\\require`` and the like are written out as text.

    >>> markdown_html("**Tiles** only leave. <img src=x onerror=alert(1)>")
    '<div><p><strong>Tiles</strong> only leave. <img></p>&#10;</div>'
    """
    return _one_block(clean_html(_rendered(source, attachments)))


def _rendered(source: str, attachments: dict[str, Any] | None = None) -> str:
    """nbconvert's rendering of a markdown text (raw HTML passes through it), TeX links as text."""
    from nbconvert.filters.markdown_mistune import IPythonRenderer, MarkdownWithMath

    try:
        renderer = IPythonRenderer(
            escape=False, attachments=dict(attachments or {}), exclude_anchor_links=True
        )
        rendered = MarkdownWithMath(renderer=renderer).render(source)
    except Exception:  # a missing attachment, a renderer's bug: show the text as text
        rendered = "<pre>" + html.escape(source) + "</pre>"
    return _TEX_ACTIONS.sub(r"\\backslash\\mathrm{\1}", rendered)


# -- SVG pictures ----------------------------------------------------------------------------------

_SVG = "http://www.w3.org/2000/svg"
_XLINK = "http://www.w3.org/1999/xlink"
_SVG_ELEMENTS = {
    "svg", "g", "rect", "circle", "ellipse", "line", "polyline", "polygon", "path", "text",
    "tspan", "title", "desc", "defs", "linearGradient", "radialGradient", "stop", "clipPath",
    "marker", "symbol", "use", "pattern", "mask",
}  # fmt: skip
_URL = re.compile(r"url\s*\(\s*['\"]?\s*(?!#)", re.I)
_BAD_STYLE = re.compile(r"expression|javascript|@import|\\|behavior|binding", re.I)


def _local(name: str) -> tuple[str, str]:
    if name.startswith("{"):
        namespace, _, local = name[1:].partition("}")
        return namespace, local
    return "", name


def _svg_attributes(tag: str, element: ElementTree.Element) -> list[tuple[str, str]] | None:
    kept = []
    for name, value in element.attrib.items():
        namespace, local = _local(name)
        if namespace not in ("", _XLINK) or local.lower().startswith("on"):
            return None
        if local == "href":
            if tag != "use" or not value.startswith("#"):
                return None
            kept.append(("href", value))
            continue
        if _URL.search(value) or _BAD_STYLE.search(value) and local == "style":
            return None
        kept.append((local, value))
    return kept


def _svg_write(element: ElementTree.Element, out: list[str]) -> bool:
    namespace, tag = _local(element.tag)
    if namespace != _SVG or tag not in _SVG_ELEMENTS:
        return False
    attributes = _svg_attributes(tag, element)
    if attributes is None:
        return False
    if tag == "svg" and not out:
        attributes = [("xmlns", _SVG), *attributes]
    out.append(f"<{tag}")
    for name, value in attributes:
        out.append(f' {name}="{html.escape(value, quote=True)}"')
    out.append(">")
    out.append(html.escape(element.text or "", quote=False))
    for child in element:
        if not _svg_write(child, out):
            return False
        out.append(html.escape(child.tail or "", quote=False))
    out.append(f"</{tag}>")
    return True


def safe_svg(svg: str, *, max_chars: int = 2_000_000) -> str | None:
    """An SVG picture rewritten from its parsed elements, or ``None`` when it could act.

    Only drawing elements pass (shapes, paths, text, groups, gradients, ``use`` of
    an element in the same picture); an event handler, a script, a link, a foreign
    object, an animation, an external reference or a DTD refuses the whole picture.
    The text is written again from the parsed tree, so what passes is what was
    checked (no comment or CDATA that a browser would read differently).

    >>> safe_svg('<svg xmlns="http://www.w3.org/2000/svg"><rect width="2"/></svg>')
    '<svg xmlns="http://www.w3.org/2000/svg"><rect width="2"></rect></svg>'
    >>> safe_svg('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>') is None
    True
    """
    if (
        not isinstance(svg, str)
        or len(svg) > max_chars
        or re.search(r"<!(DOCTYPE|ENTITY)", svg, re.I)
    ):
        return None
    try:
        root = ElementTree.fromstring(svg)
    except ElementTree.ParseError:
        return None
    out: list[str] = []
    return "".join(out) if _svg_write(root, out) else None


# -- the notebook ----------------------------------------------------------------------------------


class _ActiveParts(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _ACTIVE_TAGS:
            self.found.append(f"<{tag}>")
        for name, value in attrs:
            bare = re.sub(r"[\x00-\x20]", "", value or "").lower()
            if name.startswith("on") or name == "srcdoc" or bare.startswith(_ACTIVE_SCHEMES):
                self.found.append(f"<{tag} {name}>")


_ACTIVE_TAGS = {"script", "iframe", "frame", "object", "embed", "form", "base", "meta", "link"}
_ACTIVE_TAGS |= {"svg", "math", "style"}
_ACTIVE_SCHEMES = ("javascript:", "vbscript:", "data:text")


def active_parts(text: str) -> list[str]:
    """What in an HTML fragment could act in a browser (to tell the teacher; ``clean_html`` removes it).

    >>> active_parts('<p>fine</p><img src=x onerror=alert(1)><a href="javascript:x">a</a>')
    ['<img onerror>', '<a href>']
    """
    parser = _ActiveParts()
    parser.feed(text)
    parser.close()
    return parser.found


_PLAIN_ID = re.compile(r"[A-Za-z0-9_.\-]{1,200}")
_BASE64 = re.compile(r"[A-Za-z0-9+/=\s]*")
_IMAGES = ("image/png", "image/jpeg", "image/gif")
_SCORE_WORDS = re.compile(r"^(?P<mark>[^()\n]*?) \((?P<key>[^()\n]*)\): (?P<message>.*)$", re.S)


def _points(value: float) -> str:
    return f"{value:g} point" + ("" if value == 1 else "s")


def verdict_html(mark: str, score: float, points: float, message: str, key: str = "") -> str:
    """A graded cell's verdict as HTML that wraps: the verdict and the score in words, then the hint.

    >>> verdict_html("✔ Correct", 2, 2, "right.", "pairs")
    '<p><strong>✔ Correct</strong> — 2 of 2 points (pairs)</p><p>right.</p>'
    """
    head = f"<strong>{html.escape(mark)}</strong> — {score:g} of {_points(points)}"
    if key:
        head += f" ({html.escape(key)})"
    body = "".join(
        f"<p>{html.escape(line)}</p>" for line in message.strip().splitlines() if line.strip()
    )
    return f"<p>{head}</p>{body}"


def _is_test(cell: NotebookNode) -> bool:
    meta = cell.metadata.get("nbgrader", {})
    return cell.cell_type == "code" and bool(meta.get("grade")) and not meta.get("solution")


def _number(value: Any) -> float | None:
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


def _count(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _image_metadata(metadata: Any, mime: str) -> dict:
    entry = metadata.get(mime) if isinstance(metadata, dict) else None
    if not isinstance(entry, dict):
        return {}
    return {
        k: entry[k]
        for k in ("width", "height")
        if isinstance(entry.get(k), (int, float)) and not isinstance(entry.get(k), bool)
    }


def _base64_ok(value: Any) -> bool:
    if not isinstance(value, str) or not _BASE64.fullmatch(value):
        return False
    try:
        base64.b64decode("".join(value.split()), validate=True)
    except (binascii.Error, ValueError):
        return False
    return True


class SafeForTeacher(NbGraderPreprocessor):
    """Leave only content that cannot act in the autograded notebook (see the module).

    Runs after nbgrader's ``SaveAutoGrades``: the points are in the gradebook by
    then, so each graded cell's bare score output can become words.
    """

    def preprocess(self, nb: NotebookNode, resources: dict) -> tuple[NotebookNode, dict]:
        self._active = 0
        for cell in nb.cells:
            attachments = cell.pop("attachments", None)  # embedded by the rendering, if shown
            if "nbgrader" in cell.metadata:
                cell.metadata["nbgrader"] = self._nbgrader(cell.metadata["nbgrader"])
            if cell.cell_type == "markdown":
                rendered = _rendered(cell.source, attachments)
                self._note(rendered)
                cell.source = _one_block(clean_html(rendered))
            elif cell.cell_type == "raw":  # nbconvert puts a raw cell into the page as it is
                self._note(cell.source)
                cell.source = _one_block(clean_html(cell.source))
                cell.metadata.pop("raw_mimetype", None)
                cell.metadata.pop("format", None)
            elif cell.cell_type == "code":
                # the prompt "In [n]" is put into the page as it is; the kernel said what n is
                cell.execution_count = _count(cell.get("execution_count"))
                if _is_test(cell):
                    self._words(cell)
                cell.outputs = [self._output(o) for o in cell.get("outputs", [])]
        kept = ("kernelspec", "language_info", "nbgrader", "tilegames_grading")
        for key in [k for k in nb.metadata if k not in kept]:
            nb.metadata.pop(key)  # widget state (the page would load a widget manager), a title
        flags = self._flags(nb, resources)
        if self._active:
            flags.append(
                f"the notebook held {self._active} piece(s) of active content (scripts, event "
                "handlers, JavaScript links, HTML or JavaScript outputs); removed, nothing of it "
                "runs in Formgrader or the feedback"
            )
        self._write_flags(nb, resources, flags)
        return nb, resources

    def _nbgrader(self, meta: Any) -> dict:
        """nbgrader's cell metadata with plain values only (its templates write the id as it is)."""
        if not isinstance(meta, dict):
            return {}
        kept: dict[str, Any] = {}
        for key in ("grade", "solution", "locked", "task"):
            if isinstance(meta.get(key), bool):
                kept[key] = meta[key]
        if _number(meta.get("points")) is not None and not isinstance(meta.get("points"), str):
            kept["points"] = meta["points"]
        for key in ("schema_version",):
            if _count(meta.get(key)) is not None:
                kept[key] = meta[key]
        for key in ("grade_id", "checksum", "cell_type"):
            if isinstance(meta.get(key), str) and _PLAIN_ID.fullmatch(meta[key]):
                kept[key] = meta[key]
        if "grade_id" in meta and "grade_id" not in kept:
            self._active += 1  # a cell id made to break out of the page's HTML
            return {}
        return kept

    def _note(self, html_text: str) -> None:
        self._active += len(active_parts(html_text))

    def _output(self, output: NotebookNode) -> NotebookNode:
        kind = output.get("output_type")
        if kind == "stream":
            output["text"] = str(output.get("text", ""))
            return output
        if kind == "error":
            output["ename"] = str(output.get("ename", ""))
            output["evalue"] = str(output.get("evalue", ""))
            output["traceback"] = [str(line) for line in output.get("traceback", [])]
            return output
        if kind not in ("display_data", "execute_result"):
            return NotebookNode(output_type="stream", name="stdout", text="")
        data = output.get("data", {})
        metadata = output.get("metadata", {})
        safe: dict[str, Any] = {}
        safe_metadata: dict[str, Any] = {}
        text = data.get("text/plain")
        if isinstance(text, list):
            text = "".join(str(t) for t in text)
        if isinstance(text, str):
            safe["text/plain"] = text
        for mime in _IMAGES:
            if mime in data and _base64_ok(data[mime]):
                safe[mime] = data[mime]
                if _image_metadata(metadata, mime):
                    safe_metadata[mime] = _image_metadata(metadata, mime)
        if "image/svg+xml" in data:
            svg = data["image/svg+xml"]
            svg = "".join(svg) if isinstance(svg, list) else svg
            checked = safe_svg(svg)
            if checked is not None:
                safe["image/svg+xml"] = checked
            else:
                self._active += 1
        for mime, source in (("text/html", "html"), ("text/markdown", "markdown")):
            if mime not in data:
                continue
            value = data[mime]
            value = "".join(value) if isinstance(value, list) else str(value)
            rendered = _rendered(value) if source == "markdown" else value
            self._note(rendered)
            cleaned = (
                _one_block(clean_html(rendered)) if source == "markdown" else clean_html(value)
            )
            if "text/html" not in safe:
                safe["text/html"] = cleaned
        if "application/javascript" in data:
            self._active += 1
        if not safe:
            safe["text/plain"] = "(an output that cannot be shown safely was removed)"
        output["data"] = safe
        output["metadata"] = safe_metadata
        if kind == "execute_result":
            output["execution_count"] = _count(output.get("execution_count"))
        return output

    def _words(self, cell: NotebookNode) -> None:
        """The verdict and its score in words, in one output that wraps (``TrustedGrade``'s)."""
        outputs = cell.get("outputs", [])
        results = [o for o in outputs if o.get("output_type") == "execute_result"]
        streams = [o for o in outputs if o.get("output_type") == "stream"]
        score = _number(results[0].get("data", {}).get("text/plain")) if results else None
        if len(results) != 1 or score is None or len(streams) != 1:
            return
        points = _number(cell.metadata["nbgrader"].get("points")) or 0.0
        said = str(streams[0].get("text", "")).strip()
        match = _SCORE_WORDS.match(said)
        mark, key, message = (
            (match["mark"], match["key"], match["message"]) if match else ("Graded", "", said)
        )
        plain = f"{mark} — {score:g} of {_points(points)}" + (f" ({key})" if key else "")
        cell.outputs = [
            NotebookNode(
                output_type="display_data",
                metadata={},
                data={
                    "text/plain": plain + ("\n" + message if message else ""),
                    "text/html": verdict_html(mark, score, points, message, key),
                },
            )
        ]

    def _flags(self, nb: NotebookNode, resources: dict) -> list[str]:
        report = self._report(resources)
        if report is not None and report.exists():
            return list(json.loads(report.read_text()).get("flags", []))
        return list(nb.metadata.get("tilegames_grading", {}).get("flags", []))

    def _write_flags(self, nb: NotebookNode, resources: dict, flags: list[str]) -> None:
        flags = [printable(flag) for flag in flags]
        nb.metadata.setdefault("tilegames_grading", {})["flags"] = flags
        report = self._report(resources)
        if report is not None and report.exists():
            data = json.loads(report.read_text())
            data["flags"] = flags
            report.write_text(json.dumps(data, indent=1))

    @staticmethod
    def _report(resources: dict) -> Path | None:
        from .autograde import REPORT

        folder = resources.get("metadata", {}).get("path")
        return Path(folder) / REPORT if folder else None
