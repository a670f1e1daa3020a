"""Cell metadata the student's notebook carries, put back to the teacher's before grading.

nbgrader trusts the ``nbgrader`` metadata of a submitted notebook, so one edit to it
makes the whole grading fail: a copy-pasted answer cell (a duplicate ``grade_id``,
which an honest student makes without knowing), a graded cell marked ``grade: false``
or a ``grade_id`` the teacher never wrote all ended in ``KeyError: 'grade_id'`` or
"Inconsistent checksums", and the student's work was exported as nothing.

``RepairCellMetadata`` runs first among the grading steps. It reads which cells the
teacher's notebook has from the gradebook and, for each cell of the submission:

- a cell with the ``grade_id`` of one of the teacher's cells, seen for the first time,
  gets the teacher's flags back (``grade``, ``solution``, ``locked``, ``task``,
  ``points``): nbgrader then restores a graded cell's code as it always does;
- a second cell with the same ``grade_id`` (a copy), or one with an id the teacher
  never wrote, loses its ``nbgrader`` metadata: it is the student's own cell, runs as
  written, and is worth nothing by itself.

Every change is flagged for the teacher (``tilegames_course.grading.autograde``'s report), so
a grading never fails for what the metadata says, and never gives a point for it.

>>> from nbformat.v4 import new_code_cell, new_notebook
>>> teacher = {"q1": {"grade": False, "solution": True, "locked": False, "task": False,
...                   "points": 0.0}}
>>> cell = new_code_cell("x = 1", metadata={"nbgrader": {"grade_id": "q1", "solution": True}})
>>> book = new_notebook(cells=[cell, new_code_cell("x = 2", metadata=dict(cell.metadata))])
>>> flags = repair_cells(book, teacher)
>>> [("nbgrader" in c.metadata) for c in book.cells], flags
([True, False], ["q1: a second cell carried this answer cell's id (a copy?); it was graded as the student's own cell"])
"""

from __future__ import annotations

import copy
from typing import Any

from nbformat.notebooknode import NotebookNode
from nbgrader.api import Gradebook, MissingEntry
from nbgrader.preprocessors import NbGraderPreprocessor

__all__ = ["RepairCellMetadata", "repair_cells", "teacher_cells"]

FLAGS = ("grade", "solution", "locked", "task", "points")


def teacher_cells(gradebook: Gradebook, notebook: str, assignment: str) -> dict[str, dict]:
    """The teacher's nbgrader cells of one notebook: grade_id -> its flags, from the gradebook."""
    source = gradebook.find_notebook(notebook, assignment)
    graded = {cell.name: cell.max_score for cell in source.grade_cells}
    solutions = {cell.name for cell in source.solution_cells}
    tasks = {cell.name: cell.max_score for cell in source.task_cells}
    cells = {}
    for cell in source.source_cells:
        points = graded.get(cell.name, tasks.get(cell.name, 0.0))
        cells[cell.name] = {
            "grade": cell.name in graded,
            "solution": cell.name in solutions,
            "locked": bool(cell.locked),
            "task": cell.name in tasks,
            "points": float(points or 0.0),
        }
    return cells


def repair_cells(nb: NotebookNode, teacher: dict[str, dict]) -> list[str]:
    """Put the teacher's flags back on ``nb``'s cells (see the module); what was changed."""
    flags: list[str] = []
    seen: set[str] = set()
    for cell in nb.cells:
        meta = cell.get("metadata", {}).get("nbgrader")
        if meta is None:
            continue
        grade_id = meta.get("grade_id") if isinstance(meta, dict) else None
        if not isinstance(grade_id, str) or grade_id not in teacher:
            del cell.metadata["nbgrader"]
            if meta:  # an empty dict is nbgrader's own leftover, not worth a word
                flags.append(
                    f"{str(grade_id)[:60]}: a cell carried nbgrader metadata the teacher never "
                    "wrote; it was graded as the student's own cell"
                )
            continue
        if grade_id in seen:
            del cell.metadata["nbgrader"]
            flags.append(
                f"{grade_id}: a second cell carried this answer cell's id (a copy?); it was "
                "graded as the student's own cell"
            )
            continue
        seen.add(grade_id)
        wanted = teacher[grade_id]
        changed = sorted(k for k in FLAGS if meta.get(k, _DEFAULT[k]) != wanted[k])
        if changed:
            flags.append(
                f"{grade_id}: its nbgrader settings were edited ({', '.join(changed)}); "
                "the teacher's were put back"
            )
        repaired = copy.deepcopy(dict(meta))
        repaired.update(wanted)
        cell.metadata["nbgrader"] = NotebookNode(repaired)
    return flags


_DEFAULT: dict[str, Any] = {
    "grade": False,
    "solution": False,
    "locked": False,
    "task": False,
    "points": 0.0,
}


class RepairCellMetadata(NbGraderPreprocessor):
    """nbgrader's first grading step here: the submission's cell metadata made the teacher's."""

    def preprocess(self, nb, resources):
        info = resources["nbgrader"]
        with Gradebook(info["db_url"]) as gradebook:
            try:
                teacher = teacher_cells(gradebook, info["notebook"], info["assignment"])
            except MissingEntry:  # nbgrader itself says the notebook is unknown, later
                return nb, resources
        flags = repair_cells(nb, teacher)
        if flags:
            resources.setdefault("tilegames_repairs", []).extend(flags)
        return nb, resources
