"""The lessons in other languages: one catalog per lesson, translated notebooks generated.

The English notebook in ``notebooks/`` is the one source. Each of its markdown cells is one
catalog entry (the whole cell: a translator sees a paragraph, a table or a list whole) of the
lesson's catalog, ``tilegames/locale/<lang>/LC_MESSAGES/lesson-<name>.po`` (its template
``tilegames/locale/lesson-<name>.pot``), made and updated by ``scripts/lesson_catalogs.py``
(``make catalogs``). The translated notebook is generated, never edited by hand: the English
notebook with each markdown cell translated, a first code cell that sets the language of the
boards and messages, and no stored outputs (they were computed in English: Run All computes the
same numbers in the language chosen). A lesson whose catalog lacks a cell's translation, or holds
a translation of a cell the English lesson no longer has, is stale: ``tests/test_i18n.py`` fails.

>>> sorted(translated_lessons("sk"))[:2]
['01_tula_rules', '02_tula_mercy']
>>> translated_lessons("en")
set()
"""

from __future__ import annotations

import ast
import collections
import copy
import gettext
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from .i18n import NUMBER_SPEC, catalog_file, catalogued

__all__ = [
    "CODE_CONTEXT",
    "cell_messages",
    "code_messages",
    "literal_problem",
    "domain",
    "lesson_cell",
    "markdown_cells",
    "numbers_as_written",
    "shown_literals",
    "translate_code",
    "translate_notebook",
    "translated_cells",
    "translated_lessons",
]

LANGUAGE_CELL = (
    "# the language of the boards and messages in this lesson\n"
    "import tilegames.i18n\n\n"
    "tilegames.i18n.set_language({lang!r})"
)
"""The code cell a translated lesson opens with (after its title)."""


def domain(name: str) -> str:
    """The gettext domain of a lesson: ``lesson-01_tula_rules`` for ``01_tula_rules.ipynb``."""
    return f"lesson-{Path(name).stem}"


def lesson_cell(cell) -> bool:
    """Whether a lesson's cell is a catalog entry: a markdown cell with text."""
    return cell.cell_type == "markdown" and bool(cell.source.strip())


def cell_messages(notebook, translatable: Callable[[Any], bool] = lesson_cell) -> list[str]:
    """The messages of a notebook: its ``translatable`` cells' sources, in order, each once."""
    seen: list[str] = []
    for cell in notebook.cells:
        if translatable(cell) and cell.source not in seen:
            seen.append(cell.source)
    return seen


def translated_cells(
    notebook, catalog: str, lang: str, translatable: Callable[[Any], bool] = lesson_cell
) -> tuple[Any, int]:
    """``(copy, untranslated)``: a copy of the notebook with each ``translatable`` cell
    translated by the catalog (gettext domain) ``catalog`` in ``lang``, nothing else changed;
    a cell without a translation stays English and is counted."""
    with open(catalog_file(catalog, lang, ".mo"), "rb") as handle:
        messages = gettext.GNUTranslations(handle)
    result = copy.deepcopy(notebook)
    missing = 0
    for cell in result.cells:
        if translatable(cell):
            translated = messages.gettext(cell.source)
            missing += translated == cell.source
            cell.source = translated
    return result, missing


CODE_CONTEXT = "a string the lesson's code shows: keep each {…} field as it is"
"""The catalog context (``msgctxt``) of the string literals a lesson's code shows."""
SHOWN_CALLS = frozenset({"print", "Markdown", "set_title", "set_xlabel", "set_ylabel", "suptitle"})
"""The calls whose positional string arguments a student reads."""
SHOWN_KEYWORDS = frozenset({"title", "xlabel", "ylabel", "label", "caption", "captions"})
"""The keyword arguments (of any call) whose string a student reads: titles, axes, captions."""


def _prose(node: ast.AST) -> bool:
    """Whether ``node`` is a string literal with words in it (an f-string's own text counts)."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and any(c.isalpha() for c in node.value)
    if isinstance(node, ast.JoinedStr):
        return any(_prose(part) for part in node.values if isinstance(part, ast.Constant))
    return False


def _literals(node: ast.AST) -> Iterator[ast.expr]:
    """The string literals with words that an expression is: itself, a conditional's arms, the
    items of a list or tuple, the parts of a sum (``"before: " + str(move)``), the glue of a
    ``" and ".join(...)``."""
    if isinstance(node, ast.IfExp):
        yield from _literals(node.body)
        yield from _literals(node.orelse)
    elif isinstance(node, ast.List | ast.Tuple):
        for item in node.elts:
            yield from _literals(item)
    elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        yield from _literals(node.left)
        yield from _literals(node.right)
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        if node.func.attr == "join":  # " and ".join(spots)
            yield from _literals(node.func.value)
    elif _prose(node):
        yield node  # type: ignore[misc]


def _bind(target: ast.AST, value: ast.AST, names: dict[str, list[ast.expr]]) -> None:
    if isinstance(target, ast.Name):
        names[target.id].extend(_literals(value))
    elif (
        isinstance(target, ast.Tuple | ast.List)
        and isinstance(value, ast.Tuple | ast.List)
        and len(target.elts) == len(value.elts)
    ):
        for part, item in zip(target.elts, value.elts):
            _bind(part, item, names)


def _named_literals(tree: ast.AST) -> dict[str, list[ast.expr]]:
    """The string literals each name is given in a cell: ``how = "a" if x else "b"``, and
    ``for rules in ("with mercy", ...)``, tuples unpacked."""
    names: dict[str, list[ast.expr]] = collections.defaultdict(list)
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                _bind(target, node.value, names)
        elif isinstance(node, ast.For) and isinstance(node.iter, ast.Tuple | ast.List):
            for item in node.iter.elts:
                _bind(node.target, item, names)
    return names


def _call_name(call: ast.Call) -> str | None:
    function = call.func
    if isinstance(function, ast.Attribute):
        return function.attr
    return function.id if isinstance(function, ast.Name) else None


def _character_offsets(source: str) -> Callable[[int, int], int]:
    """``(line, UTF-8 column) -> character offset`` in ``source`` (ast counts bytes)."""
    lines = source.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))

    def offset(line: int, column: int) -> int:
        text = lines[line - 1] if line <= len(lines) else ""
        return starts[line - 1] + len(text.encode("utf-8")[:column].decode("utf-8"))

    return offset


def shown_literals(source: str) -> list[tuple[int, int, str]]:
    """The string literals with words in a code cell that a student reads: the positional
    arguments of ``print``, ``Markdown`` and a chart's ``set_title``/``set_xlabel``/``set_ylabel``/
    ``suptitle``, a ``title=``, ``xlabel=``, ``ylabel=``, ``label=``, ``caption=`` or ``captions=``
    (each item of a list, each part of a sum), and the literals a name is given when the name is only ever read as a
    ``{name}`` field of those (a name the code also plays or compares keeps its value); each ``(start, end, literal)`` (character offsets into ``source``, the literal as
    written), in order. A cell that does not parse as Python has none.

    >>> cell = 'how = "by going out" if won else "blocked"\\nprint(f"{n} points, {how}", x)'
    >>> [text for _start, _end, text in shown_literals(cell)]
    ['"by going out"', '"blocked"', 'f"{n} points, {how}"']
    >>> shown_literals('print(x, sep=", ")\\nwins["with mercy"] = 3\\nprint("3:")'), shown_literals("%time")
    ([], [])
    >>> shown_literals('for move in ("reveal 1J", "mercy"):\\n    print(f"{move} refused")\\n    play(move)')
    [(46, 63, 'f"{move} refused"')]
    """
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    found: list[ast.expr] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            if _call_name(node) in SHOWN_CALLS:
                for argument in node.args:
                    found.extend(_literals(argument))
            for keyword in node.keywords:
                if keyword.arg in SHOWN_KEYWORDS:
                    found.extend(_literals(keyword.value))
    shown_names = collections.Counter(
        part.value.id
        for literal in found
        for part in getattr(literal, "values", ())
        if isinstance(part, ast.FormattedValue) and isinstance(part.value, ast.Name)
    )
    read = collections.Counter(
        node.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)
    )
    for name, literals in _named_literals(tree).items():
        if shown_names[name] and shown_names[name] == read[name]:  # only ever shown
            found.extend(literals)
    offset = _character_offsets(source)
    spans = {
        (offset(n.lineno, n.col_offset), offset(n.end_lineno, n.end_col_offset))  # type: ignore[arg-type]
        for n in found
    }
    return [(start, end, source[start:end]) for start, end in sorted(spans)]


def code_messages(notebook) -> list[str]:
    """The string literals a lesson's code shows (``shown_literals``), in order, each once."""
    seen: list[str] = []
    for cell in notebook.cells:
        if cell.cell_type == "code":
            for _start, _end, text in shown_literals(cell.source):
                if text not in seen:
                    seen.append(text)
    return seen


def _fields(literal: str) -> tuple[collections.Counter[str], set[str]] | None:
    """The ``{…}`` fields of a string literal as Python reads them, and those of them that only
    pick an English word's ending (``{'s' if n != 1 else ''}``: another language words its
    plural otherwise and may leave them out); None when ``literal`` is not one Python string (a
    plain or f-string, or several written side by side)."""
    try:
        node = ast.parse(f"(\n{literal}\n)", mode="eval").body  # side by side, over lines
    except SyntaxError:
        return None
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return collections.Counter(), set()
    if not isinstance(node, ast.JoinedStr):
        return None
    fields = [part for part in node.values if isinstance(part, ast.FormattedValue)]
    endings = {
        ast.dump(field)
        for field in fields
        if isinstance(field.value, ast.IfExp)
        and isinstance(field.value.body, ast.Constant)
        and isinstance(field.value.orelse, ast.Constant)
    }
    return collections.Counter(ast.dump(field) for field in fields), endings


def literal_problem(english: str, translated: str) -> str | None:
    """What is wrong with a translation of a string literal the code shows, or None: it must be
    one Python string with the English one's ``{…}`` fields, each as often (a field that only
    picks an English word ending may go).

    >>> literal_problem('f"{n:,} deals"', 'f"{n:,} rozdaní"') is None
    True
    >>> literal_problem('f"{n:,} deals"', 'f"{n} rozdaní"')
    'its {…} fields differ from the English ones'
    >>> literal_problem('"won:"', '"vyhraté:')
    'not one Python string'
    >>> literal_problem('f"{n:,} deals, "\\n    "all won"', 'f"rozdaní: {n:,}, "\\n    "všetky vyhraté"')
    """
    english_fields, translated_fields = _fields(english), _fields(translated)
    if english_fields is None or translated_fields is None:
        return "not one Python string"
    (ours, optional), (theirs, _endings) = english_fields, translated_fields
    if set(theirs) - set(ours) or any(
        theirs[field] != count for field, count in ours.items() if field not in optional
    ):
        return "its {…} fields differ from the English ones"
    return None


_STRING = re.compile(
    r"""(?P<prefix>[A-Za-z]{0,2})(?P<quote>["'])(?P<body>(?:\\.|(?!(?P=quote))[^\\\n])*)(?P=quote)"""
)
"""One string written on one line (a prefix, a quote, its text): the parts of a literal."""


def _number_field(field: str, quote: str) -> str:
    """An f-string field (``share:.1%``, without braces) written by ``i18n.formatted`` when its
    spec is a number's (``tilegames.i18n.formatted(share, ".1%")``), else as it is."""
    for colon in reversed([at for at, char in enumerate(field) if char == ":"]):
        expression, spec = field[:colon], field[colon + 1 :]
        if not spec or not NUMBER_SPEC.fullmatch(spec) or re.search(r"![rsa]\s*$", expression):
            continue
        try:
            ast.parse(expression.strip(), mode="eval")
        except SyntaxError:
            continue
        other = "'" if quote == '"' else '"'
        return f"tilegames.i18n.formatted({expression.strip()}, {other}{spec}{other})"
    return field


def _number_fields(text: str, quote: str) -> str:
    """The text of an f-string with each number field written by ``_number_field``."""
    out, at = [], 0
    while at < len(text):
        if text.startswith(("{{", "}}"), at):
            out.append(text[at : at + 2])
            at += 2
            continue
        if text[at] != "{":
            out.append(text[at])
            at += 1
            continue
        depth, end = 0, at
        for end in range(at, len(text)):
            depth += {"{": 1, "}": -1}.get(text[end], 0)
            if depth == 0:
                break
        out.append("{" + _number_field(text[at + 1 : end], quote) + "}")
        at = end + 1
    return "".join(out)


def numbers_as_written(literal: str) -> str:
    """A translated literal whose number fields are written as the lesson's language writes
    numbers, through ``tilegames.i18n.formatted`` (a translated lesson's first cell imports
    ``tilegames.i18n``); a literal it cannot read is returned as it is.

    >>> print(numbers_as_written('f"won {share:.1%} of {n:,} deals, " "{not a field:,}"'))
    f"won {tilegames.i18n.formatted(share, '.1%')} of {tilegames.i18n.formatted(n, ',')} deals, " "{not a field:,}"
    >>> numbers_as_written('f"{move!r:14} {rows[1:3]} {x:>5}"')
    'f"{move!r:14} {rows[1:3]} {x:>5}"'
    """
    if '"""' in literal or "'''" in literal:
        return literal
    pieces, at = [], 0
    for string in _STRING.finditer(literal):
        body = string["body"]
        if "f" in string["prefix"].lower():
            body = _number_fields(body, string["quote"])
        pieces.append(literal[at : string.start("body")] + body)
        at = string.end("body")
    written = "".join(pieces) + literal[at:]
    return written if _fields(written) is not None else literal


def translate_code(source: str, messages: gettext.NullTranslations) -> tuple[str, int]:
    """``(source, untranslated)``: a code cell with each literal it shows (``shown_literals``)
    translated by ``messages``, its numbers as the language writes them
    (``numbers_as_written``); a literal without a sound translation (``literal_problem``)
    stays English and is counted."""
    missing = 0
    for start, end, text in reversed(shown_literals(source)):  # from the end: offsets hold
        translated = messages.pgettext(CODE_CONTEXT, text)
        if translated == text or literal_problem(text, translated):
            missing += 1
            continue
        source = source[:start] + numbers_as_written(translated) + source[end:]
    return source, missing


def markdown_cells(notebook) -> list[str]:
    """The messages of a lesson: its markdown cells' sources, in order, each once."""
    return cell_messages(notebook)


def translated_lessons(lang: str) -> set[str]:
    """The lessons (notebook stems) with a catalog in ``lang``."""
    return catalogued("lesson-", lang)


def translate_notebook(notebook, name: str, lang: str):
    """``(translated notebook, untranslated cells)``: the lesson ``name`` in ``lang``.

    A markdown cell, or a literal the code shows, without a translation stays English and is
    counted, so a caller can say so.
    """
    result, missing = translated_cells(notebook, domain(name), lang)
    with open(catalog_file(domain(name), lang, ".mo"), "rb") as handle:
        messages = gettext.GNUTranslations(handle)
    for cell in result.cells:
        if cell.cell_type == "code":
            cell.source, untranslated = translate_code(cell.source, messages)
            missing += untranslated
            cell.outputs = []
            cell.execution_count = None
    import nbformat

    setting = nbformat.v4.new_code_cell(LANGUAGE_CELL.format(lang=lang))
    setting["id"] = f"tilegames-language-{lang}"  # stable: a regenerated lesson is the same file
    where = 1 if result.cells and result.cells[0].cell_type == "markdown" else 0
    result.cells.insert(where, setting)
    result.metadata["tilegames"] = {"language": lang, "generated_from": f"{Path(name).stem}.ipynb"}
    return result, missing
