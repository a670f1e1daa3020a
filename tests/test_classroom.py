"""The class as one experiment: the store under 30 writers, refusals, the dashboard's figures, exports.

The dashboard's figures are checked against a hand computation (Wilson's
interval and the normal interval written out here), and the exports against
the columns Canvas's and Moodle's grade imports document.
"""

from __future__ import annotations

import csv
import math
import multiprocessing
import sqlite3

import numpy as np
import pandas as pd
import pytest

from tilegames.classroom import EXPERIMENTS, run, seeds
from tilegames.classroom.dashboard import (
    class_summary,
    not_replaying,
    plot_class,
)
from tilegames.classroom.references import REFERENCE_FIRST_SEED, read_reference
from tilegames.classroom.store import ClassStore, Refused, share
from tilegames.grading.exports import Mark, write_canvas, write_moodle, write_status

STUCK = EXPERIMENTS["tula_stuck"]


def _send(args):
    folder, student, barrier = args
    rows = run(STUCK, student, 25)
    barrier.wait(timeout=60)  # all thirty send at the same moment
    ClassStore(folder).share("tula_stuck", rows, student=student)
    ClassStore(folder).share("tula_stuck", rows, student=student)  # and again: replaced
    return student


def test_thirty_students_sending_at_once_lose_nothing(tmp_path):
    students = [f"s{i:02d}" for i in range(30)]
    ClassStore(tmp_path)  # the teacher creates it
    context = multiprocessing.get_context("fork")  # thirty real processes, started quickly
    with context.Manager() as manager:
        barrier = manager.Barrier(30)
        with context.Pool(30) as pool:
            done = pool.map(_send, [(str(tmp_path), s, barrier) for s in students])
    assert sorted(done) == students
    store = ClassStore(tmp_path)
    rows = store.rows("tula_stuck")
    assert len(store.batches("tula_stuck")) == 30
    assert len(rows) == 30 * 25 and rows.groupby("student").size().eq(25).all()
    for student in students[:3]:  # every stored row is the student's own deal, replayed
        mine = rows[rows["student"] == student]
        assert list(mine["seed"]) == list(seeds(STUCK, student)[:25])
    with sqlite3.connect(store.path) as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_sharing_again_replaces_and_never_touches_another_students_rows(tmp_path):
    store = ClassStore(tmp_path)
    store.share("tula_stuck", run(STUCK, "ada", 40), student="ada")
    before = store.rows("tula_stuck")
    store.share("tula_stuck", run(STUCK, "bob", 10), student="bob")
    store.share("tula_stuck", run(STUCK, "bob", 20), student="bob")
    after = store.rows("tula_stuck")
    pd.testing.assert_frame_equal(
        after[after["student"] == "ada"].reset_index(drop=True), before.reset_index(drop=True)
    )
    assert (after["student"] == "bob").sum() == 20


def _doctored():
    rows = run(STUCK, "ada", 30)
    rows.loc[3, "stuck"] = not rows.loc[3, "stuck"]
    return rows


@pytest.mark.parametrize(
    ("experiment", "rows", "words"),
    [
        ("tula_mercy", lambda: run(STUCK, "ada", 5), "no class experiment"),
        ("tula_stuck", lambda: run(STUCK, "bob", 5), "not your deals"),  # forged: bob's seeds
        ("tula_stuck", lambda: run(STUCK, "ada", 5).iloc[1:], "not your deals"),  # chosen deals
        ("tula_stuck", _doctored, "replaying"),
        ("triominos_round", lambda: run(STUCK, "ada", 5), "'round_points' is missing"),
        ("tula_stuck", lambda: [1, 2, 3], "DataFrame"),
        ("tula_stuck", lambda: run(STUCK, "ada", 5).assign(seed=1.5), "whole number"),
    ],
)
def test_bad_rows_are_refused_in_words_and_change_nothing(tmp_path, experiment, rows, words):
    store = ClassStore(tmp_path)
    store.share("tula_stuck", run(STUCK, "ada", 10), student="ada")
    before = store.rows("tula_stuck")
    with pytest.raises(Refused, match=words):
        store.share(experiment, rows(), student="ada")
    pd.testing.assert_frame_equal(store.rows("tula_stuck"), before)
    refused = store.refusals(experiment)
    assert (
        len(refused) == 1 and words.strip("'") in refused["reason"].iloc[0] or words == "DataFrame"
    )


def test_share_needs_a_store_and_an_id(tmp_path, monkeypatch):
    monkeypatch.delenv("TILEGAMES_CLASS_STORE", raising=False)
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    monkeypatch.setenv("TILEGAMES_STUDENT", "ada")
    assert "no class store" in str(share("tula_stuck", run(STUCK, "ada", 5)))  # nothing sent
    monkeypatch.setenv("TILEGAMES_CLASS_STORE", str(tmp_path))
    assert share("tula_stuck", run(STUCK, "ada", 5)).games == 5


# -- the dashboard's figures against a hand computation ---------------------------------------------


def _wilson_by_hand(k: int, n: int) -> tuple[float, float]:
    z = 1.959963984540054
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def test_the_class_summary_matches_a_hand_computation():
    truth = STUCK.truth().value  # 65/253 = 0.257
    # three students: 2 of 10, 9 of 10 (misses the truth), 25 of 100
    outcomes = {"ann": [1] * 2 + [0] * 8, "ben": [1] * 9 + [0] * 1, "cat": [1] * 25 + [0] * 75}
    rows = pd.DataFrame(
        [
            {"student": s, "seed": i, "value": v}
            for s, values in outcomes.items()
            for i, v in enumerate(values)
        ]
    )
    summary = class_summary(rows, STUCK)
    by_name = {s.student: s for s in summary.students}
    for student, values in outcomes.items():
        low, high = _wilson_by_hand(sum(values), len(values))
        got = by_name[student]
        assert got.games == len(values) and got.estimate == pytest.approx(sum(values) / len(values))
        assert (got.low, got.high) == (pytest.approx(low), pytest.approx(high))
        assert got.covers == (low <= truth <= high)
    assert summary.covered == 2 and not by_name["ben"].covers
    low, high = _wilson_by_hand(36, 120)
    assert summary.pooled.value == pytest.approx(36 / 120)
    assert (summary.pooled.low, summary.pooled.high) == (pytest.approx(low), pytest.approx(high))
    text = summary.text()
    assert "2 of 3 intervals contain it" in text and "ben" in text
    assert "ben" not in summary.text(names=False)
    # a share reads as a percentage, as the prose around it does
    assert f"True value (exact: 65/253): {65 / 253:.1%}." in text
    assert f"Pooled estimate: {36 / 120:.1%} (95% CI {low:.1%} to {high:.1%})" in text


def test_a_mean_experiment_pools_with_the_normal_interval():
    experiment = EXPERIMENTS["triominos_round"]
    values = {"ann": [250.0, 300.0, 280.0, 310.0], "ben": [200.0, 260.0, 240.0]}
    rows = pd.DataFrame(
        [
            {"student": s, "seed": i, "value": v}
            for s, vs in values.items()
            for i, v in enumerate(vs)
        ]
    )
    summary = class_summary(rows, experiment)
    allv = np.array(values["ann"] + values["ben"])
    half = 1.959963984540054 * allv.std(ddof=1) / math.sqrt(len(allv))
    assert summary.pooled.value == pytest.approx(allv.mean())
    assert summary.pooled.high - summary.pooled.low == pytest.approx(2 * half)


def test_the_picture_has_both_panels_and_present_mode_hides_names():
    import matplotlib

    matplotlib.use("Agg")
    rows = pd.concat(
        [
            run(STUCK, s, 40).rename(columns={"stuck": "value"}).assign(student=s)
            for s in ("ann", "ben")
        ]
    )
    summary = class_summary(rows, STUCK)
    figure = plot_class(summary)
    left, right = figure.axes
    assert [t.get_text() for t in left.get_yticklabels()] in (["ann", "ben"], ["ben", "ann"])
    assert "Funnel" in right.get_title() and right.get_xlabel() == "deals played"
    present = plot_class(summary, present=True).axes[0]
    assert all(t.get_text().startswith("student ") for t in present.get_yticklabels())


def test_rows_that_do_not_replay_are_named():
    rows = run(STUCK, "ann", 20).rename(columns={"stuck": "value"}).assign(student="ann")
    forged = rows.assign(student="ben", value=1.0)
    both = pd.concat([rows, forged])
    assert not_replaying(both, STUCK.play) == ["ben"]


def test_the_kept_reference_runs_replay_their_first_rows():
    for name in ("triominos_round", "pyramids_first"):
        rows, provenance = read_reference(name)
        assert rows["seed"].iloc[0] == REFERENCE_FIRST_SEED and len(rows) == provenance["rows"]
        assert "tilegames_version" in provenance and "command" in provenance
        experiment = EXPERIMENTS[name]
        for seed, value in zip(rows["seed"][:15], rows[experiment.column][:15]):
            assert experiment.play(int(seed)) == value, (name, seed)
        reference = experiment.truth()
        assert reference.low < reference.value < reference.high and not reference.exact


# -- exports to the school's gradebook ----------------------------------------------------------------

MARKS = [
    Mark("w1_tula", "ada", "graded", 15.0, 19.0, first_name="Ada", last_name="Lovelace"),
    Mark("w1_tula", "bob", "failed", None, 19.0, note="not a notebook"),
    Mark("w2_maze", "ada", "missing", None, 18.0, first_name="Ada", last_name="Lovelace"),
    Mark("w2_maze", "bob", "graded", 0.0, 18.0),
]


def _read(path):
    with open(path, newline="") as handle:
        return list(csv.reader(handle))


def test_canvas_export_has_canvas_columns_and_no_zero_for_a_failure(tmp_path):
    table = _read(write_canvas(MARKS, tmp_path / "canvas.csv"))
    assert table[0] == [
        "Student",
        "ID",
        "SIS User ID",
        "SIS Login ID",
        "Section",
        "w1_tula",
        "w2_maze",
        "Notes",
    ]
    assert table[1][0].strip() == "Points Possible" and table[1][5:7] == ["19", "18"]
    ada, bob = table[2], table[3]
    assert ada[0] == "Lovelace, Ada" and ada[3] == "ada" and ada[5:7] == ["15", ""]
    assert bob[5] == "" and bob[6] == "0" and "w1_tula: grading failed" in bob[7]


def test_moodle_export_has_a_grade_and_a_feedback_column_per_assignment(tmp_path):
    table = _read(write_moodle(MARKS, tmp_path / "moodle.csv"))
    assert table[0] == [
        "Username",
        "w1_tula",
        "w1_tula (feedback)",
        "w2_maze",
        "w2_maze (feedback)",
    ]
    bob = table[2]
    assert bob[0] == "bob" and bob[1] == "" and "could not grade" in bob[2] and bob[3] == "0"


def test_status_export_says_failed_and_missing(tmp_path):
    table = _read(write_status(MARKS, tmp_path / "status.csv"))
    assert table[0][:5] == ["assignment", "student", "status", "score", "max_score"]
    statuses = {(r[0], r[1]): (r[2], r[3]) for r in table[1:]}
    assert statuses[("w1_tula", "bob")] == ("failed", "")
    assert statuses[("w2_maze", "ada")] == ("missing", "")
    assert statuses[("w2_maze", "bob")] == ("graded", "0")
