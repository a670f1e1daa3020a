"""The class as one experiment: the store under 30 writers, refusals, the dashboard's figures, exports.

The dashboard's figures are checked against a hand computation (Wilson's
interval and the normal interval written out here), and the exports against
the columns Canvas's and Moodle's grade imports document.
"""

from __future__ import annotations

import csv
import json
import math
import multiprocessing
import os
import shutil
import stat
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from tilegames.classroom import EXPERIMENTS, run, seeds
from tilegames.classroom.dashboard import (
    class_summary,
    not_replaying,
    plot_class,
    typical_misses,
)
from tilegames.classroom.references import REFERENCE_FIRST_SEED, read_reference
from tilegames.classroom.store import ClassStore, Refused, StoreError, create_store, share
from tilegames_course.grading.exports import Mark, write_canvas, write_moodle, write_status

STUCK = EXPERIMENTS["tula_stuck"]
LEGACY = Path(__file__).parent / "data" / "class_store_0.4.db"
"""A class store as tilegames 0.4's SQLite writer left it: ada 30 rows, bob 20, one refusal."""


@pytest.fixture(autouse=True)
def _own_data_home(tmp_path, monkeypatch):
    """Each test's account key (for share names) in its own folder, not the real home."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data-home"))


def _send(args):
    folder, student, barrier = args
    os.environ["TILEGAMES_STUDENT"] = student  # this process is that student
    rows = run(STUCK, student, 25)
    barrier.wait(timeout=60)  # all thirty send at the same moment
    share("tula_stuck", rows.iloc[:10], store=folder)  # first a short batch,
    share("tula_stuck", rows, store=folder)  # then the whole one: it replaces the first
    return student


def test_thirty_students_sending_at_once_lose_nothing(tmp_path):
    students = [f"s{i:02d}" for i in range(30)]
    folder = create_store(tmp_path / "store")  # the teacher creates it
    context = multiprocessing.get_context("fork")  # thirty real processes, started quickly
    with context.Manager() as manager:
        barrier = manager.Barrier(30)
        with context.Pool(30) as pool:
            done = pool.map(_send, [(str(folder), s, barrier) for s in students])
    assert sorted(done) == students
    store = ClassStore(folder)
    rows = store.rows("tula_stuck")
    assert len(store.batches("tula_stuck")) == 30 and store.refusals("tula_stuck").empty
    assert len(rows) == 30 * 25 and rows.groupby("student").size().eq(25).all()
    for student in students:  # every stored row is the student's own deal, replayed
        mine = rows[rows["student"] == student]
        assert list(mine["seed"]) == list(seeds(STUCK, student)[:25])
        assert list(mine["value"]) == [float(STUCK.play(s)) for s in mine["seed"]][:25]
    names = os.listdir(folder)  # one file per student (the second share replaced the first)
    assert len(names) == 30 and all(n.endswith(".share.json") for n in names)


def test_the_store_folder_is_a_drop_folder_made_in_one_line(tmp_path):
    folder = tmp_path / "class-store"
    made = subprocess.run(
        [sys.executable, "-m", "tilegames.classroom", "create", str(folder)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    assert f"The class store is ready: {folder}" in made.stdout
    assert stat.S_IMODE(folder.stat().st_mode) == 0o3733
    os.chmod(folder, 0o755)
    again = subprocess.run(
        [sys.executable, "-m", "tilegames.classroom", "create", str(folder)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert again.returncode == 0 and stat.S_IMODE(folder.stat().st_mode) == 0o3733  # mended
    file = tmp_path / "a-file"
    file.write_text("x")
    bad = subprocess.run(
        [sys.executable, "-m", "tilegames.classroom", "create", str(file)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert bad.returncode == 1 and "Traceback" not in bad.stderr
    assert bad.stderr.strip().count("\n") == 0 and str(file) in bad.stderr


def test_an_open_store_folder_is_named_and_the_way_to_mend_it_said(tmp_path):
    folder = create_store(tmp_path / "store")
    store = ClassStore(folder)
    assert store.warning() is None
    os.chmod(folder, 0o777)
    assert store.warning() == (
        f"the class store {folder} is open: other accounts can list it "
        f"(mend it: python -m tilegames.classroom create {folder})"
    )
    os.chmod(folder, 0o733)
    assert "can delete and replace the shares in it" in store.warning()
    create_store(folder)
    assert store.warning() is None


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
    assert list(store.batches("tula_stuck")["games"]) == [40, 20]


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
        ("tula_stuck", lambda: run(STUCK, "ada", 5).assign(stuck=0.5), "True or False"),
    ],
)
def test_bad_rows_are_refused_in_words_and_change_nothing(tmp_path, experiment, rows, words):
    store = ClassStore(tmp_path)
    store.share("tula_stuck", run(STUCK, "ada", 10), student="ada")
    before = store.rows("tula_stuck")
    with pytest.raises(Refused, match=words):
        store.share(experiment, rows(), student="ada")
    pd.testing.assert_frame_equal(store.rows("tula_stuck"), before)
    if experiment in EXPERIMENTS:
        refused = store.refusals(experiment)  # the teacher sees the refusal, with its reason
        assert len(refused) == 1 and words.strip("'") in refused["reason"].iloc[0]
        assert refused["student"].iloc[0] == "ada"


def test_without_a_key_for_share_names_the_latest_share_still_wins(tmp_path, monkeypatch):
    blocked = tmp_path / "a-file-not-a-folder"
    blocked.write_text("")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocked))  # no key can be kept: random names
    folder = create_store(tmp_path / "store")
    store = ClassStore(folder)
    for games in (30, 12, 20):
        store.share("tula_stuck", run(STUCK, "ada", games), student="ada")
    assert len(os.listdir(folder)) == 3  # three files of ada's ...
    assert list(store.batches("tula_stuck")["games"]) == [20]  # ... and the last one counts
    assert list(store.rows("tula_stuck")["seed"]) == list(seeds(STUCK, "ada")[:20])


def test_share_needs_a_store_and_an_id(tmp_path, monkeypatch):
    monkeypatch.delenv("TILEGAMES_CLASS_STORE", raising=False)
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    monkeypatch.setenv("TILEGAMES_STUDENT", "ada")
    assert "no class store" in str(share("tula_stuck", run(STUCK, "ada", 5)))  # nothing sent
    monkeypatch.setenv("TILEGAMES_CLASS_STORE", str(tmp_path))
    assert share("tula_stuck", run(STUCK, "ada", 5)).games == 5
    assert len(ClassStore(tmp_path).rows("tula_stuck")) == 5


# -- issue 34's class-store cases, each through share(...) -----------------------------------------


@pytest.fixture
def class_env(tmp_path, monkeypatch):
    folder = create_store(tmp_path / "store")
    monkeypatch.setenv("TILEGAMES_CLASS_STORE", str(folder))
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    monkeypatch.setenv("TILEGAMES_STUDENT", "ab123")
    return folder


def test_an_id_ending_in_a_newline_is_refused_not_a_second_student(class_env, monkeypatch):
    share("tula_stuck", run(STUCK, "ab123", 20))
    monkeypatch.setenv("TILEGAMES_STUDENT", "ab123\n")
    with pytest.raises(
        Refused, match=r"no spaces, line breaks or invisible characters: 'ab123\\n'"
    ):
        share("tula_stuck", run(STUCK, "ab123", 10))
    for odd in ("ab 123", "ab123\t", "ab\u200b123", "ab\x00"):
        with pytest.raises(Refused, match="invisible characters"):
            ClassStore(class_env).share("tula_stuck", run(STUCK, "ab123", 5), student=odd)
    store = ClassStore(class_env)
    assert list(store.batches("tula_stuck")["student"]) == ["ab123"]
    assert len(store.rows("tula_stuck")) == 20


def test_a_lone_surrogate_in_an_id_is_refused_in_words(class_env):
    store = ClassStore(class_env)
    with pytest.raises(Refused, match=r"'ab\\ud800' is not one") as refused:
        store.share("tula_stuck", run(STUCK, "ab123", 5), student="ab\ud800")
    assert not isinstance(refused.value.__context__, UnicodeError)
    assert store.rows("tula_stuck").empty
    (note,) = store.refusals("tula_stuck").itertuples()  # the teacher's note of it is readable
    assert note.student == "ab\\ud800" and "is not one" in note.reason


def test_a_list_as_the_experiment_is_refused_in_words(class_env):
    with pytest.raises(
        Refused, match="name the experiment as a string, like 'tula_stuck', not a list"
    ):
        share(["tula_stuck"], run(STUCK, "ab123", 5))
    with pytest.raises(Refused, match="not a dict"):
        share({"tula_stuck": 1}, run(STUCK, "ab123", 5))
    assert ClassStore(class_env).rows("tula_stuck").empty


def test_a_store_that_cannot_be_written_says_which_and_why(tmp_path, monkeypatch):
    monkeypatch.setenv("TILEGAMES_STUDENT", "ab123")
    missing = tmp_path / "no-such-store"
    with pytest.raises(StoreError) as error:
        share("tula_stuck", run(STUCK, "ab123", 5), store=missing)
    assert str(error.value) == (
        f"the class store {missing} does not exist: your teacher creates it "
        f"(python -m tilegames.classroom create {missing})"
    )
    assert not missing.exists()  # a student's share never creates the store
    a_file = tmp_path / "a-file"
    a_file.write_text("")
    with pytest.raises(StoreError, match=f"^the class store {a_file} is not a folder$"):
        share("tula_stuck", run(STUCK, "ab123", 5), store=a_file)


@pytest.mark.skipif(
    os.geteuid() == 0, reason="root writes anywhere: tests/test_class_store_accounts.py covers it"
)
def test_a_read_only_store_says_its_path_and_permission_denied(tmp_path, monkeypatch):
    monkeypatch.setenv("TILEGAMES_STUDENT", "ab123")
    folder = create_store(tmp_path / "store")
    os.chmod(folder, 0o555)
    try:
        with pytest.raises(StoreError) as error:
            share("tula_stuck", run(STUCK, "ab123", 5), store=folder)
    finally:
        os.chmod(folder, 0o3733)
    message = str(error.value)
    assert message.startswith(f"cannot write to the class store {folder}: permission denied")
    assert "\n" not in message and os.listdir(folder) == []


def test_rows_with_stuck_as_one_point_zero_are_accepted(class_env):
    rows = run(STUCK, "ab123", 40)
    as_floats = rows.astype({"stuck": float})
    assert set(as_floats["stuck"]) <= {0.0, 1.0} and as_floats["stuck"].sum() > 0
    sent = share("tula_stuck", as_floats)
    assert sent.games == 40 and sent.estimate == pytest.approx(rows["stuck"].mean())
    stored = ClassStore(class_env).rows("tula_stuck")
    assert list(stored["value"]) == list(rows["stuck"].astype(float))
    as_ints = rows.astype({"stuck": int})
    assert share("tula_stuck", as_ints).games == 40


def _chance_of_at_most(high: int, n: int) -> Fraction:
    """P(at most ``high`` of ``n`` 95% intervals miss), exactly, in whole numbers."""
    return Fraction(sum(math.comb(n, k) * 5**k * 95 ** (n - k) for k in range(high + 1)), 100**n)


@pytest.mark.parametrize("n", [30, 31, 250, 1100, 5000])
def test_typical_misses_works_for_any_class_size(n):
    fewest, most = typical_misses(n)
    assert fewest == 0
    assert _chance_of_at_most(most, n) >= Fraction(9, 10) > _chance_of_at_most(most - 1, n)


def test_typical_misses_refuses_a_count_that_is_not_one_in_words():
    with pytest.raises(ValueError, match="whole number from 0 up, not -1"):
        typical_misses(-1)


# -- the teacher's side: checks every share again, reads an older store ----------------------------


def test_a_file_left_in_the_drop_folder_is_checked_again_by_the_teachers_side(tmp_path):
    folder = create_store(tmp_path / "store")
    store = ClassStore(folder)
    store.share("tula_stuck", run(STUCK, "ada", 10), student="ada")
    (folder / "bob.tula_stuck.0123abcd.share.json").write_text("{not json")
    (folder / "cat.tula_stuck.0123abcd.share.json").symlink_to(folder / "elsewhere.json")
    forged = {
        "format": "tilegames-class-share", "experiment": "tula_stuck", "student": "dan",
        "sent": 1.0, "seeds": list(seeds(STUCK, "ada")[:5]), "values": [0.0] * 5,
    }  # fmt: skip
    (folder / "dan.tula_stuck.0123abcd.share.json").write_text(json.dumps(forged))
    assert list(store.batches("tula_stuck")["student"]) == ["ada"]
    reasons = dict(
        zip(store.refusals("tula_stuck")["student"], store.refusals("tula_stuck")["reason"])
    )
    assert reasons["bob"] == "not counted: not a share (unreadable JSON)"
    assert reasons["cat"] == "not counted: a link, not a file"
    assert reasons["dan"].startswith("not counted: these are not your deals")
    note = {"format": "tilegames-class-share", "refused": True, "experiment": "tula_stuck",
            "student": "\x1b[2Jeve", "reason": "\x1b]0;owned\x07 wrong"}  # fmt: skip
    (folder / "0123abcd.refused.json").write_text(json.dumps(note))
    refused = store.refusals("tula_stuck")
    (eve,) = refused[refused["student"].str.endswith("eve")].itertuples()
    assert eve.student == "\\x1b[2Jeve" and eve.reason == "\\x1b]0;owned\\x07 wrong"


def test_an_older_stores_rows_stay_readable_until_the_student_shares_again(tmp_path):
    folder = create_store(tmp_path / "store")
    shutil.copy(LEGACY, folder / "class.db")
    os.chmod(folder / "class.db", 0o444)  # and nothing writes it any more
    store = ClassStore(folder)
    rows = store.rows("tula_stuck")
    assert rows.groupby("student").size().to_dict() == {"ada": 30, "bob": 20}
    assert list(rows[rows["student"] == "bob"]["seed"]) == list(seeds(STUCK, "bob")[:20])
    assert "not your deals" in store.refusals("tula_stuck")["reason"].iloc[0]
    store.share("tula_stuck", run(STUCK, "bob", 12), student="bob")  # bob shares again: it wins
    assert ClassStore(folder).rows("tula_stuck").groupby("student").size().to_dict() == {
        "ada": 30, "bob": 12,
    }  # fmt: skip


def test_the_dashboard_publishes_the_class_summary_without_names(tmp_path):
    pytest.importorskip("ipywidgets")
    from tilegames.classroom import Dashboard
    from tilegames.classroom.published import read_summary

    folder = create_store(tmp_path / "store")
    store = ClassStore(folder)
    for student, games in (("ada", 40), ("bob", 25)):
        store.share("tula_stuck", run(STUCK, student, games), student=student)
    dashboard = Dashboard(str(folder), "tula_stuck")
    assert dashboard.status.value.startswith("2 students, 65 rows")
    published = (folder / "_summary.tula_stuck.json").read_text()
    assert "ada" not in published and "bob" not in published
    assert stat.S_IMODE((folder / "_summary.tula_stuck.json").stat().st_mode) == 0o644
    summary, where = read_summary(folder, STUCK)
    teacher = dashboard.summary()
    assert sorted(s.games for s in summary.students) == [25, 40] and summary.games == 65
    assert summary.pooled.value == pytest.approx(teacher.pooled.value)
    assert summary.covered == teacher.covered and "dashboard showed it" in where
    assert summary.text(names=False) == teacher.text(names=False)


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
