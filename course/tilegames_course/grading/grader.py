"""The trusted grader: a fresh process that checks handed-in answers with the answer keys.

It reads one request as JSON on standard input and writes the verdicts as JSON
on standard output::

    {"keys": "/course/keys", "assignment": "w1_tula", "student": "ada",
     "answers": {"pairs": <handed-in payload or null>, ...},
     "sources": {"my_player_answer": "<the answer cell's code>", ...}}

The answers arrive as plain data (``tilegames.exercises.handin.decode`` builds
nothing but numbers, strings, containers and tables from them). The keys are
the teacher's Python files, ``keys/<assignment>.py``, each with a function
``questions(student, sources) -> QuestionSet``: the questions of that student's
variant. The student's code never runs in this process (a player's code runs in
its own sandboxed process, ``tilegames_course.grading.player_box``).

>>> verdicts = grade_request({"keys": "", "assignment": "x", "student": "ada",
...     "answers": {}, "sources": {}}, questions=lambda student, sources: _demo())
>>> verdicts["verdicts"]["count"]["status"]
'not attempted'
"""

from __future__ import annotations

import json
import sys
from typing import Any

from tilegames.exercises import Question, QuestionSet, as_whole
from tilegames.exercises.handin import Unreadable, decode
from tilegames.exercises.keys import load_questions  # the dashboard reads keys the same way
from tilegames.i18n import _

__all__ = ["grade_request", "load_questions", "main"]


def _verdict(status: str, share: float, message: str) -> dict[str, Any]:
    return {"status": status, "share": share, "message": message}


def grade_request(request: dict[str, Any], *, questions=None) -> dict[str, Any]:
    """Verdicts for every question of the request's assignment, and what looked wrong."""
    assignment, student = request["assignment"], request["student"]
    questions = questions or load_questions(request["keys"], assignment)
    sheet: QuestionSet = questions(student, dict(request.get("sources") or {}))
    answers = request.get("answers") or {}
    verdicts: dict[str, Any] = {}
    flags: list[str] = []
    typed_ids = set()
    for key in sheet.questions:
        payload = answers.get(key)
        if payload is None:
            verdicts[key] = _verdict("not attempted", 0.0, _("nothing was handed in."))
            continue
        if not isinstance(payload, dict) or payload.get("question") != key:
            flags.append(
                _("{key}: the graded cell handed in something that is not its answer").format(
                    key=key
                )
            )
            verdicts[key] = _verdict(
                "incorrect", 0.0, _("the graded cell's output was tampered with.")
            )
            continue
        if payload.get("assignment") != assignment:
            flags.append(
                _("{key}: handed in for another assignment ({assignment})").format(
                    key=key, assignment=repr(payload.get("assignment"))
                )
            )
        typed = payload.get("typed")
        if isinstance(typed, str) and typed:
            typed_ids.add(typed)
        answer_data = payload.get("answer")
        if isinstance(answer_data, dict) and answer_data.get("kind") == "unreadable":
            why = str(answer_data.get("why", ""))[:300]
            verdicts[key] = _verdict(
                "incorrect", 0.0, _("the answer could not be handed in: {why}").format(why=why)
            )
            continue
        try:
            answer = decode(answer_data)
        except (Unreadable, RecursionError):
            flags.append(_("{key}: the handed-in data was malformed").format(key=key))
            verdicts[key] = _verdict("incorrect", 0.0, _("the handed-in data was malformed."))
            continue
        result = sheet.check(key, answer)
        verdicts[key] = _verdict(result.status, result.score, result.message)
    others = sorted(typed_ids - {student})
    if others:
        flags.append(
            _(
                "the notebook was filled in under another student id ({others}), graded as "
                "{student}'s"
            ).format(others=", ".join(others), student=student)
        )
    return {"verdicts": verdicts, "flags": flags}


def _demo() -> QuestionSet:
    return QuestionSet(
        [Question("count", "How many?", lambda a: None if as_whole(a) == 3 else "no", "a count")]
    )


def main() -> int:
    """``python -m tilegames_course.grading.grader``: one request on stdin, its verdicts on stdout."""
    request = json.load(sys.stdin)
    json.dump(grade_request(request), sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
