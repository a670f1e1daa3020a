"""No text a student or teacher reads bypasses the message catalogs (issue 38).

An AST scan of the code that shows words: the boards and pictures (``board.py``, ``render.py``),
the shared widgets and the rule explorer, the studies' and findings' charts, the class dashboard,
the games' specs (the explorer's controls), and every refusal the package raises. A string
literal or f-string with letters in it, passed where the words are shown, must come through
``_()``, ``ngettext()`` or ``N_()`` (``i18n._`` and ``i18n.ngettext`` where a module uses ``_``
as a name), or be built from a catalog message; ``tests/test_i18n.py`` then checks every
message is translated into Slovak, Portuguese and Russian.

Text printed on a terminal is checked in every module too (``PRINTED``): what ``print``,
``sys.stdout.write``/``sys.stderr.write``, ``parser.error`` and ``SystemExit`` say, and the
command line's help (``ARGPARSE``: ``help=``, ``description=`` ...). The grading is no longer in
this package (it is the teacher's kit, ``tilegames_course.grading``), so every module is read, and
the teacher's kit is read too (``COURSE``): the feedback its grading gives a student, its command
line and its refusals speak through tilegames' catalogs.
The course's answer keys (``keys/...``) are read as well (``key_bypasses``): every hint their
graders (``_g_...``) return, a ``Partial``'s hint and an ``AnswerFormat``, is a catalog message.

What the scan looks at (``SINK_KEYWORDS``, ``SINK_METHODS``, ``REFUSALS``, ``PRINTED``,
``ARGPARSE``) and what it lets through (``ALLOWED``: notation and names, each with its reason)
are listed here, short and explicit; a new exception needs a line and a reason.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import tilegames
import tilegames_course

PACKAGE = Path(tilegames.__file__).resolve().parent

COURSE = Path(tilegames_course.__file__).resolve().parent
"""The teacher's kit (``tilegames-course``): every module read like the package's, named
``tilegames_course/...`` in the scan's answers."""

VIEW_MODULES = (
    "*/board.py",
    "*/render.py",
    "*/study.py",
    "*/findings.py",
    "explore.py",
    "widgets.py",
    "classroom/dashboard.py",
    "classroom/live.py",
    "tula/__init__.py",
    "maze/__init__.py",
    "triominos/__init__.py",
    "pyramids/__init__.py",
)
"""The modules that put words on a screen (globs under ``tilegames/``); the games' packages
declare their explorers' controls and titles."""

SINK_KEYWORDS = {
    "description",  # a widget's words (Button, Dropdown, IntProgress)
    "tooltip",
    "placeholder",
    "label",  # a chart's legend entry, an explorer control, a picture's screen-reader name
    "aria_label",
    "title",  # an explorer's title, a chart's (ax.set(title=...))
    "xlabel",
    "ylabel",
}
"""Keyword arguments whose value a person reads, in the view modules."""

SINK_METHODS = {"set_title", "set_xlabel", "set_ylabel", "suptitle", "say"}
"""Calls whose first argument a person reads (``say``: a board's message log), in the view
modules."""

REFUSALS = {
    "IllegalMove",
    "BadNotation",
    "InvalidPosition",
    "AnswerFormat",
    "PlayerRefused",
    "_refuse",
    "_verdict",
    "HubError",
    "NbgraderFailed",
    "LtiError",
}
"""Exceptions whose message a student or teacher reads when a move, a saved game or an answer is
refused: checked in every module of the package (a tile or a cell typed wrong is refused where
the notation is read; ``InvalidPosition``: a saved game or a deal that cannot be; ``AnswerFormat``:
an exercise's answer in the wrong form). In the teacher's kit: ``PlayerRefused`` and the player
box's ``_refuse`` (why a student's player was refused), and the grader's ``_verdict`` (its first
argument is a status, its words the third: checked as ``VERDICT``); ``HubError``: why the
teacher's ``lms-ids`` stopped; ``NbgraderFailed``: why a step of ``course`` failed; ``LtiError``: why the marks did not reach
the LMS."""

VERDICT = {"_verdict": 2}
"""Calls whose refusal is not their first argument: the name and the position of the words."""

PRINTED = {"print", "SystemExit", "error"}
"""Calls whose positional arguments are printed on a terminal, in every module: ``print``,
``raise SystemExit("...")`` and ``parser.error("...")`` (and ``sys.stdout.write``,
``sys.stderr.write``: ``written_to_a_terminal``)."""

ARGPARSE = {
    "ArgumentParser": {"description", "epilog"},
    "add_parser": {"help", "description", "epilog"},
    "add_subparsers": {"title", "description", "help"},
    "add_argument": {"help"},
    "add_argument_group": {"title", "description"},
    "add_mutually_exclusive_group": {"title", "description"},
}
"""The command line's words, in every module: each argparse call's keywords a person reads in
``--help`` (and ``add_argument_group``'s title and description given in order)."""


NOT_SHOWN = {
    ("add_argument_group", "title"),  # checked as the command line's words (ARGPARSE)
    ("add_argument_group", "description"),
    ("ArgumentParser", "description"),
    ("CUnicode", "help"),  # a widget trait's docstring for programmers, never on a screen
}
"""(function, keyword) pairs among the sinks that are no board or chart text."""

ALLOWED = {
    ("tula/__init__.py", "'Tula'"): "the game's name",
    ("maze/__init__.py", "'Maze'"): "the game's name",
    ("triominos/__init__.py", "'Tri-Ominos'"): "the game's name",
    ("pyramids/__init__.py", "'Flaming Pyramids'"): "the game's name",
    ("cli/__init__.py", "f'--out {args.out}: {problem}'"):
        "the option as typed, then its problem (results.why_not_out says it through the catalogs)",
    ("tilegames_course/grading/sandbox_supervisor.py",
     "'usage: sandbox_supervisor.py PLAN -- bwrap ...\\n'"):
        "runs as `python -I -S`: no catalogs; only sandbox.py starts it, no person types it",
}  # fmt: skip
"""(module, the expression as ``ast.unparse`` writes it) -> why it is no translatable text."""

WORD = re.compile(r"[^\W\d_]{2,}")
"""Two letters or more of any alphabet together: a string without such a word (symbols, numbers,
a colour such as ``#e65100``, notation such as ``P{seat}``, ``r{rotation}``, ``{r},{x}``) has
nothing to translate."""


def has_words(node: ast.AST) -> bool:
    """Whether ``node`` is text written in the code with words in it: a string literal, an
    f-string, a concatenation, a choice between them, or one of them formatted or joined.
    A call of ``_``/``ngettext``/``N_`` (anything else called) is not: its words come from
    a catalog, or from data.

    >>> has_words(ast.parse('"Undo"', mode="eval").body)
    True
    >>> has_words(ast.parse('f"{n} tiles"', mode="eval").body)
    True
    >>> has_words(ast.parse('_("{n} tiles").format(n=n)', mode="eval").body)
    False
    >>> has_words(ast.parse('"#e65100" if last else f"P{seat} r{rotation}"', mode="eval").body)
    False
    """
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and bool(WORD.search(node.value))
    if isinstance(node, ast.JoinedStr):
        return any(has_words(part) for part in node.values if isinstance(part, ast.Constant))
    if isinstance(node, ast.BinOp):
        return has_words(node.left) or has_words(node.right)
    if isinstance(node, ast.IfExp):
        return has_words(node.body) or has_words(node.orelse)
    if isinstance(node, ast.BoolOp):
        return any(has_words(value) for value in node.values)
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in ("format", "join", "capitalize", "upper", "lower")
    ):
        return has_words(node.func.value)
    return False


def called(node: ast.Call) -> str:
    """The name a call is made by: ``f`` of ``f(...)`` and of ``a.b.f(...)``."""
    function = node.func
    if isinstance(function, ast.Attribute):
        return function.attr
    return function.id if isinstance(function, ast.Name) else ""


def written_to_a_terminal(node: ast.Call) -> bool:
    """Whether ``node`` is ``sys.stdout.write(...)`` or ``sys.stderr.write(...)``.

    >>> written_to_a_terminal(ast.parse("sys.stderr.write('x')", mode="eval").body)
    True
    >>> written_to_a_terminal(ast.parse("handle.write('x')", mode="eval").body)
    False
    """
    function = node.func
    return (
        isinstance(function, ast.Attribute)
        and function.attr == "write"
        and isinstance(function.value, ast.Attribute)
        and function.value.attr in ("stdout", "stderr")
        and isinstance(function.value.value, ast.Name)
        and function.value.value.id == "sys"
    )


def bypasses(source: str, *, view: bool = True) -> list[tuple[int, str]]:
    """(line, expression) of each text in ``source`` shown without the catalogs: in a view
    module every sink, elsewhere the refusals only.

    >>> bypasses('raise IllegalMove(f"{cell} is taken")')
    [(1, "f'{cell} is taken'")]
    >>> bypasses('raise IllegalMove(_("{cell} is taken").format(cell=cell))')
    []
    >>> bypasses('ax.set_xlabel("rounds")', view=False), bypasses('ax.set_xlabel("rounds")')
    ([], [(1, "'rounds'")])
    >>> bypasses('Button(description=i18n._("Hint"), tooltip="suggest a move")')
    [(1, "'suggest a move'")]
    """
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        name = called(node)
        shown = []
        if name in REFUSALS and node.args:
            position = VERDICT.get(name, 0)
            shown.extend(node.args[position : position + 1])
        if name in PRINTED or written_to_a_terminal(node):
            shown.extend(node.args)
        if name in ARGPARSE:
            shown.extend(k.value for k in node.keywords if k.arg in ARGPARSE[name])
            if name == "add_argument_group":
                shown.extend(node.args[:2])
        if view:
            if name in SINK_METHODS and node.args:
                shown.append(node.args[0])
            shown.extend(
                keyword.value
                for keyword in node.keywords
                if keyword.arg in SINK_KEYWORDS and (name, keyword.arg) not in NOT_SHOWN
            )
        found.extend((text.lineno, ast.unparse(text)) for text in shown if has_words(text))
    return found


def view_modules() -> set[Path]:
    return {path for pattern in VIEW_MODULES for path in PACKAGE.glob(pattern)}


def modules() -> list[tuple[str, Path]]:
    """(name, path) of every module scanned: the package's (named from ``tilegames/``), the
    teacher's kit's (``tilegames_course/...``) and the course's answer keys (``keys/...``)."""
    found = [(path.relative_to(PACKAGE).as_posix(), path) for path in sorted(PACKAGE.rglob("*.py"))]
    found += [
        ("tilegames_course/" + path.relative_to(COURSE).as_posix(), path)
        for path in sorted(COURSE.rglob("*.py"))
        if not path.relative_to(COURSE).as_posix().startswith("data/")  # the material: below
    ]
    # the answer keys speak to students (their refusals of an answer's form): the same files in
    # a checkout (exercises/keys/) and installed (tilegames_course/data/keys/), so the same names
    keys = tilegames_course.folder() / "keys"
    found += [("keys/" + path.name, path) for path in sorted(keys.glob("*.py"))]
    return found


def scan() -> list[str]:
    """Every bypass in the package and the teacher's kit, as ``module:line: expression``, the
    allowed ones left out."""
    views = view_modules()
    problems = []
    for module, path in modules():
        for line, text in bypasses(path.read_text(encoding="utf-8"), view=path in views):
            if (module, text) not in ALLOWED:
                problems.append(f"{module}:{line}: {text}")
    return problems


def test_the_scan_looks_at_the_modules_that_show_text():
    modules = {path.relative_to(PACKAGE).as_posix() for path in view_modules()}
    for module in ("tula/board.py", "triominos/render.py", "maze/findings.py", "explore.py"):
        assert module in modules
    assert len(modules) >= 20


def test_no_text_shown_to_a_user_bypasses_the_catalogs():
    """Wrap the text in ``_()`` (``ngettext`` with a number, ``N_`` for a module's constant,
    translated with ``_``/``translate`` where it is shown), then ``make catalogs``."""
    problems = scan()
    assert problems == [], "text shown without the catalogs:\n" + "\n".join(problems)


def test_every_allowed_exception_is_still_in_the_code():
    """An allowed line no longer in the code is dropped from ``ALLOWED`` (it stays short)."""
    views = view_modules()
    seen = set()
    for module, path in modules():
        source = path.read_text(encoding="utf-8")
        seen |= {(module, text) for _, text in bypasses(source, view=path in views)}
    assert set(ALLOWED) - seen == set()


def test_a_planted_bypass_is_caught(tmp_path):
    """The checker itself: an English refusal, a button's tooltip and a legend, each written in
    the code without ``_()``, are each reported; their translated forms are not."""
    planted = (
        "def refuse(cell):\n"
        "    raise IllegalMove(f'{cell} already holds a tile')\n"
        "button = widgets.Button(description=_('Rotate'), tooltip='turn the selected tile')\n"
        "ax.plot(x, y, label='share so far')\n"
        "ax.plot(x, y, label=i18n._('share so far'))\n"
        "ax.set_title(i18n.ngettext('{n} deal', '{n} deals', n).format(n=n))\n"
    )
    assert sorted(line for line, _ in bypasses(planted)) == [2, 3, 4]


def test_a_planted_terminal_message_is_caught_in_any_module():
    """What a command prints, its refusals and its ``--help``, each written in English without
    ``_()``, are reported in any module (not only the view modules); their translated forms,
    a file's own writes and a bare number are not."""
    planted = (
        "print(f'wrote {rows} rows to {out}')\n"
        "print(_('wrote {rows} rows to {out}').format(rows=rows, out=out))\n"
        "sys.stderr.write('note: the cluster is slow\\n')\n"
        "handle.write('rows,of,data')\n"
        "parser.error('--games must be at least 1')\n"
        "raise SystemExit('nothing to do')\n"
        "parser.add_argument('--seed', type=int, help='the first seed')\n"
        "parser.add_argument('--seed', type=int, help=_('the first seed'))\n"
        "parser = argparse.ArgumentParser(description='Simulate many games.')\n"
        "group = parser.add_argument_group('rules', _('every rule'))\n"
        "print(len(rows))\n"
    )
    assert sorted(line for line, _ in bypasses(planted, view=False)) == [1, 3, 5, 6, 7, 9, 10]


def test_the_scan_reads_every_module_of_the_package(tmp_path, monkeypatch):
    """A planted ``print`` is found in any module of the package, in any folder."""
    import test_i18n_bypass as scanner

    for module in ("cli/extra.py", "grading/extra.py"):
        (tmp_path / module).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / module).write_text("print('all done')\n", encoding="utf-8")
    monkeypatch.setattr(scanner, "PACKAGE", tmp_path)
    assert scanner.scan() == ["cli/extra.py:1: 'all done'", "grading/extra.py:1: 'all done'"]


@pytest.mark.parametrize("lang", ["sk", "pt", "ru"])
def test_every_translation_passes_babel_s_own_checks(lang):
    """What ``pybabel compile`` checks (``make catalogs`` stops on an error): no translation
    whose placeholders differ from its message's, including a ``%`` that Babel reads as a
    printf placeholder (``95% c...``: write the level as ``{level}``, ``format_percent``)."""
    from babel.messages.pofile import read_po

    with open(PACKAGE / "locale" / lang / "LC_MESSAGES" / "tilegames.po", "rb") as handle:
        catalog = read_po(handle, locale=lang)
    problems = [f"{message.id!r}: {errors}" for message, errors in catalog.check()]
    assert problems == []


GRADER_PREFIX = "_g_"
"""An answer key's graders (``_g_gain``, ``_g_best`` ...): what they return is the feedback a
student reads (a hint, or ``None`` when the answer is right)."""

KEY_HINTS = {"Partial", "AnswerFormat"}
"""Calls in an answer key whose words a student reads: ``Partial(share, "hint")`` and the refusal
of an answer's form."""


def key_bypasses(source: str) -> list[tuple[int, str]]:
    """(line, expression) of each hint in an answer key's ``source`` written without the
    catalogs: text with words returned by a grader (a function named ``_g_...``, and any function
    inside one), or passed to ``Partial``/``AnswerFormat`` anywhere in the key. Docstrings and
    comments are not hints.

    >>> key_bypasses('def _g_pairs(answer):\\n    return "give two different tiles."')
    [(2, "'give two different tiles.'")]
    >>> key_bypasses('def _g_pairs(answer):\\n    return _("give two different tiles.")')
    []
    >>> key_bypasses('def _pairs():\\n    "Count the pairs."\\n    return "no hint here"')
    []
    """
    found = []
    tree = ast.parse(source)
    for node in ast.walk(tree):
        shown = []
        if isinstance(node, ast.Call) and called(node) in KEY_HINTS:
            shown.extend(node.args)
            shown.extend(keyword.value for keyword in node.keywords)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith(
            GRADER_PREFIX
        ):
            shown.extend(
                inner.value
                for inner in ast.walk(node)
                if isinstance(inner, ast.Return) and inner.value is not None
            )
        found.extend((text.lineno, ast.unparse(text)) for text in shown if has_words(text))
    return sorted(set(found))


def key_modules() -> list[tuple[str, Path]]:
    """(name, path) of the course's answer keys among the scanned modules (``keys/...``)."""
    return [(module, path) for module, path in modules() if module.startswith("keys/")]


def test_the_scan_reads_every_answer_key():
    names = {module for module, _ in key_modules()}
    assert names >= {
        "keys/h1_mercy.py",
        "keys/h2_round_score.py",
        "keys/h3_first_player.py",
        "keys/w1_tula.py",
        "keys/w2_maze.py",
        "keys/w3_triominos.py",
        "keys/w4_pyramids.py",
    }


def test_no_hint_of_an_answer_key_bypasses_the_catalogs():
    """Every hint a grader of an answer key gives (its return, a ``Partial``'s hint, an
    ``AnswerFormat``) comes through ``_()``/``ngettext()``: ``_("...{n}...").format(n=n)``."""
    problems = [
        f"{module}:{line}: {text}"
        for module, path in key_modules()
        for line, text in key_bypasses(path.read_text(encoding="utf-8"))
    ]
    assert problems == [], "hints given without the catalogs:\n" + "\n".join(problems)


def test_a_planted_hint_of_an_answer_key_is_caught():
    """The checker itself: a grader's English return, a ``Partial``'s hint and an
    ``AnswerFormat`` written without ``_()`` are each reported, in a grader and in a function
    inside one; their translated forms, a docstring, a comment, ``None``, a hint passed on from
    elsewhere and a helper's own strings are not."""
    planted = (
        "def _g_pairs(answer, student):\n"
        '    """Grade the pairs: some words here."""\n'
        "    # a comment with words\n"
        "    if answer is None:\n"
        "        raise AnswerFormat('give a whole number')\n"
        "    if answer == 2:\n"
        "        return 'some words here'\n"
        "    if answer == 3:\n"
        "        return Partial(0.5, f'{answer} is half right')\n"
        "    if answer == 4:\n"
        "        return _('some words here')\n"
        "    if answer == 5:\n"
        "        return ngettext('{n} pair', '{n} pairs', answer).format(n=answer)\n"
        "    def replay(rows):\n"
        "        return 'rows that do not replay'\n"
        "    return simulation_of(answer, student) or None\n"
        "def _helper():\n"
        "    return 'not a hint'\n"
        "def _g_other(answer):\n"
        "    return Partial(0.5, _('half right'))\n"
    )
    assert [line for line, _ in key_bypasses(planted)] == [5, 7, 9, 15]
