"""The reference part of ``docs/contract.md``, written from the code so that it cannot fall behind.

    python scripts/contract_reference.py          # print the reference
    python scripts/contract_reference.py --write  # put it into docs/contract.md

What it reads: ``tilegames.spec.GameSpec``'s fields and their descriptions (required ones first),
``tilegames.game.PACKAGE_MEMBERS``, ``GAME_MEMBERS`` and the abstract hooks of ``GameState`` with
their descriptions, and the tests of ``tests/test_contract.py`` (what the suite checks of every
game). The page's prose stays hand-written above the reference; ``tests/test_contract.py`` fails
while the page's reference differs from what this prints.
"""

from __future__ import annotations

import argparse
import ast
import dataclasses
import inspect
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tilegames.game import GAME_MEMBERS, PACKAGE_MEMBERS, GameState  # noqa: E402
from tilegames.rules_base import field_docstrings  # noqa: E402
from tilegames.spec import GameSpec  # noqa: E402

PAGE = ROOT / "docs" / "contract.md"
SUITE = ROOT / "tests" / "test_contract.py"
BEGIN = "<!-- reference: written by `python scripts/contract_reference.py --write`; do not edit -->"
END = "<!-- end of the reference -->"


def markdown(text: str) -> str:
    """A docstring's text as markdown: whitespace joined, reStructuredText's double backticks
    single.

    >>> markdown("The ``Move``\\n   class.")
    'The `Move` class.'
    """
    return " ".join(text.replace("``", "`").split())


def first_paragraph(doc: str | None) -> str:
    """The first paragraph of a docstring, as markdown ('' for none)."""
    return markdown((doc or "").strip().split("\n\n")[0])


def described(cls: type) -> dict[str, str]:
    """Each described field of ``cls`` (its class body and its ``__init__``): its description."""
    tree = ast.parse(inspect.getsource(cls)).body[0]
    found = dict((name, doc) for name, doc, _ in field_docstrings(tree))
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == "__init__":
            found.update((name, doc) for name, doc, _ in field_docstrings(node))
    return {name: markdown(doc) for name, doc in found.items()}


def member_line(name: str, attributes: dict[str, str]) -> str:
    """``- `name(arguments)`: what it is`` for a member of ``GameState``."""
    member = inspect.getattr_static(GameState, name, None)
    if isinstance(member, (classmethod, staticmethod)):
        member = member.__func__
    if isinstance(member, property):
        return f"- `{name}`: {first_paragraph(member.fget.__doc__)}"
    if callable(member):
        signature = inspect.signature(member)
        shown = [
            p.replace(annotation=p.empty)
            for p in signature.parameters.values()
            if p.name not in ("self", "cls")
        ]
        arguments = str(signature.replace(parameters=shown, return_annotation=signature.empty))
        return f"- `{name}{arguments}`: {first_paragraph(member.__doc__)}"
    return f"- `{name}`: {attributes.get(name, '')}"


def suite_lines() -> list[str]:
    """One line per test of the contract suite: what it checks, and whether for every game."""
    tree = ast.parse(SUITE.read_text(encoding="utf-8"))
    lines = []
    for node in tree.body:
        if not (isinstance(node, ast.FunctionDef) and node.name.startswith("test_")):
            continue
        each = any("parametrize" in ast.unparse(d) for d in node.decorator_list)
        words = node.name.removeprefix("test_").replace("_", " ")
        doc = first_paragraph(ast.get_docstring(node))
        lines.append(f"- {words}{' (every game)' if each else ''}" + (f": {doc}" if doc else ""))
    return lines


def reference() -> str:
    """The reference, as it belongs on the page between its two markers."""
    fields = dataclasses.fields(GameSpec)
    required = [f for f in fields if f.default is f.default_factory is dataclasses.MISSING]
    optional = [f for f in fields if f not in required]
    spec_docs = described(GameSpec)
    state_docs = described(GameState)
    hooks = sorted(GameState.__abstractmethods__, key=lambda name: name.lstrip("_"))
    out = [
        BEGIN,
        "## Reference",
        "Written from the code (`tilegames.spec`, `tilegames.game`, `tests/test_contract.py`).",
        "",
        "### The spec's fields (`tilegames.spec.GameSpec`)",
        "Required:",
        *(f"- `{f.name}`: {spec_docs.get(f.name, '')}" for f in required),
        "",
        "Optional:",
        *(f"- `{f.name}`: {spec_docs.get(f.name, '')}" for f in optional),
        "",
        "### A game package exports (`tilegames.game.PACKAGE_MEMBERS`)",
        ", ".join(f"`{name}`" for name in PACKAGE_MEMBERS) + ".",
        "",
        "### A game state provides (`tilegames.game.GAME_MEMBERS`)",
        *(member_line(name, state_docs) for name in GAME_MEMBERS),
        "- `DEAL_FIELDS`: " + state_docs.get("DEAL_FIELDS", ""),
        "",
        "### The hooks a game writes (abstract: a class that leaves one out cannot be made)",
        *(member_line(name, state_docs) for name in hooks),
        "",
        "### What the contract suite checks (`tests/test_contract.py`)",
        *suite_lines(),
        END,
    ]
    return "\n".join(out) + "\n"


def page_with_reference(page: str) -> str:
    """``page`` with its reference replaced by today's (added at the end if it has none)."""
    pattern = re.compile(re.escape(BEGIN) + r".*?" + re.escape(END) + r"\n?", re.S)
    if pattern.search(page):
        return pattern.sub(lambda _: reference(), page)
    return page.rstrip("\n") + "\n\n" + reference()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="write it into docs/contract.md")
    args = parser.parse_args(argv)
    if args.write:
        PAGE.write_text(page_with_reference(PAGE.read_text(encoding="utf-8")), encoding="utf-8")
        print(f"wrote the reference into {PAGE.relative_to(ROOT)}")
    else:
        print(reference(), end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
