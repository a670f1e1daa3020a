"""Each lesson's "Check yourself" agrees with the lesson: the answer it teaches is marked right.

For every question a lesson's check cells ask, the table below holds the answer the lesson
teaches and the words of the lesson that teach it. The test finds those words in the lesson's
prose (so the table cannot drift from the lesson), feeds the answer to the lesson's own
``check_yourself`` and wants "correct"; and every question a lesson asks must be in the table.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"

# (lesson, question key): (the answer the lesson teaches, words of the lesson that teach it)
TAUGHT = {
    ("01_tula_rules", "null_suns_3_suns"): (True, "share the suit *or* the value"),
    ("01_tula_rules", "stuck_removals"): (0, "nothing can ever be removed"),
    ("01_tula_rules", "never_blocked_floor"): (
        ["1A", "1D", "1I", "1L", "1M"],
        "1A, 1D, 1I and 1L — each have an outer\ncorner that nothing can ever block, and so has 1M",
    ),
    ("03_maze_rules", "gaps"): (6, "**6 gaps**"),
    ("03_maze_rules", "ace_follows_queen"): (True, "(Q♥ → A♣: suits are not compared)"),
    ("03_maze_rules", "won_score"): (48, "**The game is won exactly when the score is 48.**"),
    ("04_triominos_rules", "tiles"): (56, "## 1. The 56 tiles"),
    ("04_triominos_rules", "tile_0_2_1_exists"): (False, "the\nnon-existent tile 0-2-1"),
    ("04_triominos_rules", "hexagon_bonus"): (50, "**Hexagon (+50).**"),
    ("06_flaming_pyramids_rules", "blue60_on_blue20_red40"): (
        True,
        "blue 60 on blue 20 and red 40 is legal",
    ),
    ("06_flaming_pyramids_rules", "coal_burns_wood"): (False, "the woods do not"),
    ("06_flaming_pyramids_rules", "leftovers_4_players"): (1, "(1 with 2 or 4 players"),
}

CHECK = re.compile(r'check_yourself\("([^"]+)"')
MODULE = re.compile(r"from (tilegames\.exercises\.\w+) import check_yourself")


def _lesson(name: str):
    return nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)


def _asked(notebook) -> tuple[str | None, list[str]]:
    """The module a lesson's check cells import, and the question keys they ask, in order."""
    code = "\n".join(c.source for c in notebook.cells if c.cell_type == "code")
    module = MODULE.search(code)
    return (module.group(1) if module else None), CHECK.findall(code)


def test_every_question_a_lesson_asks_has_its_taught_answer():
    asked = {}
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        _, keys = _asked(_lesson(path.stem))
        asked.update({(path.stem, key): None for key in keys})
    assert len(asked) >= 12
    assert set(asked) == set(TAUGHT)


@pytest.mark.parametrize("lesson, key", sorted(TAUGHT), ids=lambda v: str(v))
def test_the_answer_a_lesson_teaches_is_marked_correct(lesson, key):
    answer, words = TAUGHT[(lesson, key)]
    notebook = _lesson(lesson)
    prose = "\n".join(c.source for c in notebook.cells if c.cell_type == "markdown")
    assert words in prose, f"{lesson} no longer teaches this in these words: {words!r}"
    module, _ = _asked(notebook)
    result = importlib.import_module(module).check_yourself(key, answer)
    assert result.correct, str(result)


def test_a_partial_floor_answer_hears_how_many_are_missing():
    from tilegames.exercises.tula import check_yourself

    assert "missed 4 tiles" in check_yourself("never_blocked_floor", ["1A"]).message
    assert (
        "missed 1 tile:" in check_yourself("never_blocked_floor", ["1A", "1D", "1I", "1L"]).message
    )
    assert "only floor tiles" in check_yourself("never_blocked_floor", ["1A", "2A"]).message
