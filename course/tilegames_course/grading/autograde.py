"""``nbgrader autograde`` made safe: the student's code runs sandboxed, and only answers count.

nbgrader scores a test cell by its output (an error is 0, a number is partial
credit), so in a plain course a student who redefines the grading function, or
prints a number, earns the points. Here the preprocessors below replace three
of nbgrader's steps (``exercises/nbgrader_config.py`` installs them):

- ``RecordingOverwriteCells`` restores every graded cell from the teacher's copy,
  as nbgrader does, and records what the student had changed or deleted;
- ``SandboxedExecute`` runs the notebook in a kernel inside the allowlist sandbox
  (``tilegames_course.grading.sandbox``: no course, kit, home or network; limits for the
  whole sandbox), with a time budget for the whole notebook, caps what the kernel
  sends before the grader holds it, and survives a kernel that ends or is stopped;
- ``TrustedGrade`` reads only the answers the graded cells handed in (plain data,
  ``tilegames.exercises.handin``), has them checked by a fresh grader process
  with the teacher's keys (``tilegames_course.grading.grader``), and replaces each graded
  cell's outputs with the verdict and its points;
- ``SanitizeOutputs`` cuts floods of output and the paths in tracebacks, so the
  feedback shows the student's result and hints, never the server's insides.

Everything that looked wrong is written to ``grading-report.json`` beside the
autograded notebook and listed by ``tilegames_course.grading.course``.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import zmq
from jupyter_client.manager import AsyncKernelManager
from nbclient.exceptions import DeadKernelError
from nbformat.notebooknode import NotebookNode
from nbgrader.preprocessors import Execute, NbGraderPreprocessor, OverwriteCells
from traitlets import Bool, Float, Integer, List, Unicode

from tilegames.exercises.handin import MIME, REPORT, STUDENT_VARIABLE
from tilegames.i18n import _

__all__ = [
    "RecordingOverwriteCells",
    "SandboxedExecute",
    "SanitizeOutputs",
    "TrustedGrade",
    "REPORT",
]


def _meta(nb: NotebookNode) -> dict:
    return nb.metadata.setdefault("tilegames_grading", {"flags": []})


def _flag(nb: NotebookNode, text: str) -> None:
    _meta(nb)["flags"].append(text)


def _grade_id(cell: NotebookNode) -> str | None:
    return cell.metadata.get("nbgrader", {}).get("grade_id")


def _is_test(cell: NotebookNode) -> bool:
    meta = cell.metadata.get("nbgrader", {})
    return cell.cell_type == "code" and meta.get("grade") and not meta.get("solution")


class RecordingOverwriteCells(OverwriteCells):
    """nbgrader's ``OverwriteCells``, recording each change it undoes (for the teacher).

    Deleted graded cells are always put back (nbgrader's ``add_missing_cells``).
    """

    add_missing_cells = Bool(True).tag(config=True)

    def preprocess(self, nb, resources):
        nb.metadata["tilegames_grading"] = {"flags": []}  # whatever the student put there goes
        for flag in resources.get("tilegames_repairs", []):  # RepairCellMetadata's, before this
            _flag(nb, flag)
        present = {_grade_id(cell) for cell in nb.cells}
        self._changes: list[str] = []
        nb, resources = super().preprocess(nb, resources)
        for change in self._changes:
            _flag(nb, change)
        for grade_id in (_grade_id(cell) for cell in nb.cells):
            if grade_id and grade_id not in present:
                _flag(
                    nb,
                    _("{cell}: the cell was deleted; restored from the teacher's copy").format(
                        cell=grade_id
                    ),
                )
        return nb, resources

    def report_change(self, name, attr, old, new):
        if attr == "checksum":
            change = _("{cell}: the cell was edited; restored from the teacher's copy")
        else:
            change = _(
                "{cell}: the cell was changed (its {field}); restored from the teacher's copy"
            )
        self._changes.append(change.format(cell=name, field=attr))


class SandboxedKernelManager(AsyncKernelManager):
    """A kernel started inside ``tilegames_course.grading.sandbox`` (set up by ``SandboxedExecute``).

    The kernel has no network: it talks to the grader over ZeroMQ's ``ipc``
    transport, through unix sockets in a small folder of the grader's that is
    the only host folder the sandbox may write (its size is watched). The
    grader's sockets refuse any message larger than ``message_bytes``.
    """

    hide_paths: list[str] = []
    student: str = ""
    sandboxed: bool = True
    work_folders: list[Path] = []
    limits: dict[str, Any] = {}
    message_bytes: int = 64 << 20

    async def _async_pre_start_kernel(self, **kw):
        if self.sandboxed:
            # a folder of the grader's for the connection file and the sockets; the supervisor's
            # report (why it stopped the sandbox) is written beside it, where the code cannot
            home = Path(tempfile.mkdtemp(prefix="tilegames-kernel-"))
            if len(str(home / "kernel" / "k-65535")) > SOCKET_PATH:  # a unix socket's limit
                shutil.rmtree(home)
                home = Path(tempfile.mkdtemp(prefix="tilegames-kernel-", dir="/tmp"))
            self.work_folders.append(home)
            self._share = home / "kernel"
            self._share.mkdir()
            self.transport = "ipc"
            self.ip = str(self._share / "k")
        return await super()._async_pre_start_kernel(**kw)

    pre_start_kernel = _async_pre_start_kernel

    def client(self, **kwargs):
        kc = super().client(**kwargs)
        if self.sandboxed:  # a flood in one message is refused by ZeroMQ before it is held
            kc.context.setsockopt(zmq.MAXMSGSIZE, self.message_bytes)
        return kc

    def format_kernel_cmd(self, extra_arguments=None):
        command = super().format_kernel_cmd(extra_arguments)
        # the kernel's own stdout and stderr are not the notebook's outputs: keep them quiet
        command = ["/bin/sh", "-c", 'exec "$@" >/dev/null 2>&1', "kernel", *command]
        if not self.sandboxed:
            return ["/usr/bin/env", f"{STUDENT_VARIABLE}={self.student}", *command]
        from .sandbox import command as sandboxed

        connection = Path(self.connection_file)
        copy = self._share / connection.name
        shutil.copy(connection, copy)
        command = [str(copy) if part == str(connection) else part for part in command]
        return sandboxed(
            command,
            hide=[Path(p) for p in self.hide_paths],
            share=[self._share],
            env={STUDENT_VARIABLE: self.student},
            report=self._share.parent / STOPPED,
            **self.limits,
        )


class _LostOutput(logging.Handler):
    """Counts nbclient's "Timeout waiting for IOPub output" (a refused message lost a cell's end)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        if "Timeout waiting for IOPub output" in record.getMessage():
            self.count += 1


SOCKET_PATH = 100
"""The longest path for the kernel's sockets (a unix socket's path holds 107 bytes)."""

STOPPED = "sandbox-stopped.txt"
"""Where the supervisor says why it stopped a kernel's sandbox (beside the kernel's folder)."""


class SandboxedExecute(Execute):
    """nbgrader's ``Execute`` in a sandbox, with budgets for the notebook, its memory and outputs.

    What a student's kernel sends is capped before the grader holds it: stream
    text past ``output_bytes`` for the notebook, any other output past it, and a
    hand-in larger than ``handin_bytes`` are dropped as they arrive (and counted
    for the report); ZeroMQ refuses any single message over ``message_bytes``.
    """

    sandbox = Bool(True, help="Run the student's code where it cannot read the course.").tag(
        config=True
    )
    hide = List(Unicode(), help="Folders the student's code must not see (the course).").tag(
        config=True
    )
    notebook_seconds = Float(600.0, help="The most one notebook may run in all.").tag(config=True)
    memory_bytes = Integer(3 << 30, help="Memory of the sandbox's processes together.").tag(
        config=True
    )
    processes = Integer(256, help="Processes and threads in the sandbox at once.").tag(config=True)
    scratch_bytes = Integer(512 << 20, help="Size of the kernel's private folders.").tag(
        config=True
    )
    output_bytes = Integer(8 << 20, help="The most output one notebook keeps while it runs.").tag(
        config=True
    )
    handin_bytes = Integer(8 << 20, help="The largest hand-in kept (250,000 numbers fit).").tag(
        config=True
    )
    message_bytes = Integer(64 << 20, help="The largest message taken from the kernel.").tag(
        config=True
    )
    raise_on_iopub_timeout = Bool(
        False, help="A cell's lost output (a refused message) is reported, not fatal."
    ).tag(config=True)

    def preprocess(self, nb, resources, km=None):
        student = resources.get("nbgrader", {}).get("student", "")
        from jupyter_core.paths import jupyter_runtime_dir

        # what is hidden also where it would fall in a bound tree (the allowlist hides the rest)
        exchange = self.config.get("Exchange", {}).get("root")
        wanted = [
            *(self.hide or [os.getcwd()]),
            jupyter_runtime_dir(),
            *([exchange] if exchange else []),
        ]
        hide = [path for path in wanted if os.path.exists(path)]
        work_folders: list[Path] = []
        limits = {
            "total_memory_bytes": self.memory_bytes,
            "processes": self.processes,
            "scratch_bytes": self.scratch_bytes,
            "seconds": self.notebook_seconds + 2 * self.timeout + 60
            if self.timeout
            else self.notebook_seconds + 300,
        }
        self.kernel_manager_class = type(
            "Sandboxed",
            (SandboxedKernelManager,),
            {
                "hide_paths": hide,
                "student": student,
                "sandboxed": self.sandbox,
                "work_folders": work_folders,
                "limits": limits,
                "message_bytes": self.message_bytes,
            },
        )
        self._deadline = time.monotonic() + self.notebook_seconds
        self._nb_ref = nb
        self._held, self._dropped, self._handins_dropped = 0, 0, []
        if not self.sandbox:
            _flag(
                nb,
                _("graded WITHOUT a sandbox (--no-sandbox): the student's code could read files"),
            )
        lost = _LostOutput()
        self.log.addHandler(lost)
        try:
            return super().preprocess(nb, resources, km)
        except DeadKernelError:
            _flag(
                nb,
                _(
                    "the notebook's kernel stopped (the student's code ended it); later cells did "
                    "not run"
                ),
            )
            return nb, resources
        finally:
            self.log.removeHandler(lost)
            if lost.count:
                _flag(
                    nb,
                    _(
                        "the output of {count} cell(s) was lost: a message larger than {size} MiB "
                        "was refused (what it handed in may be missing)"
                    ).format(count=lost.count, size=f"{self.message_bytes / 2**20:.0f}"),
                )
            self._report_caps(nb)
            for folder in work_folders:
                stopped = folder / STOPPED
                if stopped.is_file():
                    _flag(
                        nb,
                        _("the sandbox was stopped: {why}").format(
                            why=stopped.read_text(encoding="utf-8", errors="replace")[:300].strip()
                        ),
                    )
                shutil.rmtree(folder, ignore_errors=True)

    def _report_caps(self, nb: NotebookNode) -> None:
        if self._dropped:
            _flag(
                nb,
                _(
                    "the notebook printed too much while it ran: {size} MB of output was dropped "
                    "as it arrived"
                ).format(size=f"{self._dropped / 1e6:.1f}"),
            )
        for grade_id, size in self._handins_dropped:
            _flag(
                nb,
                _(
                    "{cell}: the cell handed in {size} MB, more than {limit} MB; it was not kept"
                ).format(
                    cell=grade_id, size=f"{size / 1e6:.1f}", limit=f"{self.handin_bytes / 1e6:.1f}"
                ),
            )

    def output(self, outs, msg, display_id, cell_index):
        """Keep an output only while the notebook's outputs fit ``output_bytes`` (hand-ins apart)."""
        content = msg.get("content", {})
        kind = msg.get("msg_type")
        if kind == "stream":
            size = len(content.get("text", ""))
        elif kind in ("display_data", "execute_result", "update_display_data"):
            data = content.get("data", {})
            if MIME in data:
                size = len(json.dumps(data[MIME]))
                if size > self.handin_bytes:
                    cell = self._nb_ref.cells[cell_index]
                    self._handins_dropped.append((_grade_id(cell) or f"cell {cell_index}", size))
                    return None
                return super().output(outs, msg, display_id, cell_index)
            size = sum(len(v) if isinstance(v, str) else len(json.dumps(v)) for v in data.values())
        elif kind == "error":
            size = sum(len(line) for line in content.get("traceback", []))
        else:
            size = len(json.dumps(content, default=str))
        if self._held + size > self.output_bytes:
            self._dropped += size
            return None
        self._held += size
        return super().output(outs, msg, display_id, cell_index)


class TrustedGrade(NbGraderPreprocessor):
    """Grade the handed-in answers in a fresh process; each graded cell shows its verdict."""

    keys = Unicode("keys", help="The folder of the teacher's answer keys.").tag(config=True)
    grader_seconds = Integer(900, help="The most the grader may take for one notebook.").tag(
        config=True
    )

    def preprocess(self, nb, resources):
        info = resources.get("nbgrader", {})
        assignment, student = info.get("assignment", ""), info.get("student", "")
        answers: dict[str, Any] = {}
        tests: dict[str, NotebookNode] = {}
        sources: dict[str, str] = {}
        for cell in nb.cells:
            grade_id = _grade_id(cell)
            if not grade_id:
                continue
            if cell.metadata["nbgrader"].get("solution") and cell.cell_type == "code":
                sources[grade_id] = cell.source
            if not _is_test(cell):
                continue
            key = grade_id.removesuffix("_test")
            tests[key] = cell
            payloads = [
                output["data"][MIME]
                for output in cell.get("outputs", [])
                if output.get("output_type") in ("display_data", "execute_result")
                and MIME in output.get("data", {})
            ]
            if len(payloads) > 1:
                _flag(
                    nb,
                    _("{cell}: the cell showed {count} answers; none was counted").format(
                        cell=grade_id, count=len(payloads)
                    ),
                )
            elif not payloads and cell.get("execution_count") is not None:
                errors = [o for o in cell.get("outputs", []) if o.get("output_type") == "error"]
                why = (
                    _("it stopped with {error}: {value}").format(
                        error=errors[0].get("ename"), value=errors[0].get("evalue", "")[:120]
                    )
                    if errors
                    else _("was submit replaced?")
                )
                _flag(
                    nb,
                    _("{cell}: the cell ran but handed nothing in ({why})").format(
                        cell=grade_id, why=why
                    ),
                )
            answers[key] = payloads[0] if len(payloads) == 1 else None
        request = {
            "keys": str(Path(self.keys).resolve()),
            "assignment": assignment,
            "student": student,
            "answers": answers,
            "sources": sources,
        }
        result = run_grader(request, timeout=self.grader_seconds)
        for flag in result["flags"]:
            _flag(nb, flag)
        verdicts = result["verdicts"]
        for key, cell in tests.items():
            points = float(cell.metadata["nbgrader"].get("points", 0))
            verdict = verdicts.get(key) or {
                "status": "incorrect",
                "share": 0.0,
                "message": _("this cell has no question in the answer key."),
            }
            score = round(points * float(verdict["share"]), 3)
            mark = {
                "correct": _("✔ Correct"),
                "not attempted": _("… Not attempted"),
            }.get(verdict["status"], _("◐ Partly right") if score else _("✘ Not yet"))
            cell.outputs = [
                NotebookNode(
                    output_type="stream",
                    name="stdout",
                    text=f"{mark} ({key}): {verdict['message']}\n",
                ),
                NotebookNode(
                    output_type="execute_result",
                    execution_count=cell.get("execution_count"),
                    metadata={},
                    data={"text/plain": f"{score:g}"},
                ),
            ]
        report = {
            "assignment": assignment,
            "student": student,
            "flags": _meta(nb)["flags"],
            "verdicts": verdicts,
            "answers": answers,  # as handed in (plain data): the class dashboard reads the rows
            "scores": {
                key: round(
                    float(cell.metadata["nbgrader"].get("points", 0))
                    * float((verdicts.get(key) or {"share": 0})["share"]),
                    3,
                )
                for key, cell in tests.items()
            },
        }
        folder = resources.get("metadata", {}).get("path")
        if folder:
            (Path(folder) / REPORT).write_text(json.dumps(report, indent=1))
        return nb, resources


def run_grader(request: dict[str, Any], *, timeout: float = 900) -> dict[str, Any]:
    """Run ``tilegames_course.grading.grader`` in a fresh process on ``request``; its verdicts."""
    completed = subprocess.run(
        [sys.executable, "-m", "tilegames_course.grading.grader"],
        input=json.dumps(request),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    if completed.returncode != 0:
        last = (completed.stderr.strip().splitlines() or ["no message"])[-1]
        raise RuntimeError(f"the grader failed: {last}")
    return json.loads(completed.stdout)


class SanitizeOutputs(NbGraderPreprocessor):
    """Cut floods of output and the server's paths from what the feedback will show."""

    max_chars = Integer(20_000, help="The most text one output keeps.").tag(config=True)
    max_total = Integer(2_000_000, help="The most output the notebook keeps in all.").tag(
        config=True
    )

    def preprocess(self, nb, resources):
        total, cut = 0, 0
        for cell in nb.cells:
            if cell.cell_type != "code":
                continue
            kept = []
            for output in cell.get("outputs", []):
                kind = output.get("output_type")
                if kind == "error":  # the last line says what went wrong; the rest is paths
                    output["traceback"] = [
                        f"{output.get('ename', 'Error')}: {output.get('evalue', '')}"[
                            : self.max_chars
                        ]
                    ]
                if kind == "stream":
                    text = output.get("text", "")
                    if len(text) > self.max_chars:
                        cut += len(text) - self.max_chars
                        output["text"] = text[: self.max_chars] + "\n" + _("… (output cut)") + "\n"
                data = output.get("data", {})
                if MIME in data and not _is_test(cell):
                    data.pop(MIME)
                for mime in [m for m in data if not m.startswith("image/") and m != MIME]:
                    size = (
                        len(data[mime])
                        if isinstance(data[mime], str)
                        else len(json.dumps(data[mime]))
                    )
                    if size > 4 * self.max_chars:
                        cut += size
                        data.pop(mime)
                if data == {} and kind in ("display_data", "execute_result"):
                    data["text/plain"] = _("… (output cut)")
                size = len(json.dumps(output))
                handed_in = _is_test(cell) and MIME in output.get("data", {})
                if total + size > self.max_total and not handed_in:
                    cut += size
                    continue
                total += size
                kept.append(output)
            cell.outputs = kept
        if cut:
            _flag(
                nb,
                _("the notebook printed too much: {size} MB of output was cut").format(
                    size=f"{cut / 1e6:.1f}"
                ),
            )
        return nb, resources
