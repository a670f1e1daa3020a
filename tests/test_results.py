"""Results files (tilegames.results): CSV and Parquet, one provenance, streaming, resuming."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pandas as pd
import pytest

from tilegames.cli import main
from tilegames.resources import folder
from tilegames.results import (
    PROVENANCE_KEYS,
    BatchWriter,
    DifferentRun,
    describes,
    provenance,
    read_provenance,
    read_results,
    write_results,
)


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_a_table_and_its_provenance_come_back_as_written(tmp_path, suffix):
    frame = pd.DataFrame({"game": [0, 1, 2], "won": [True, False, True], "tiles": [24, 3, 24]})
    out = tmp_path / f"run{suffix}"
    record = provenance(what="a test", command="pytest", seed=7, rules={"mercy": True})
    write_results(frame, out, record)
    assert read_results(out).equals(frame)
    back = read_provenance(out)
    assert back["seed"] == 7 and back["rules"] == {"mercy": True} and back["rows"] == 3
    assert back["complete"] is True and describes(out)
    assert set(PROVENANCE_KEYS) <= set(back)


def test_a_parquet_file_carries_its_provenance_inside(tmp_path):
    out = tmp_path / "run.parquet"
    write_results(pd.DataFrame({"game": [0]}), out, provenance(what="x", command="c", seed=3))
    os.unlink(tmp_path / "run.json")  # the file travels alone
    back = read_provenance(out)
    assert back["seed"] == 3 and back["command"] == "c" and back["started_utc"] is None


def test_a_runs_small_batches_go_into_few_row_groups_and_come_back_whole(tmp_path):
    """A writer keeps some kilobytes per row group until it closes: one group per batch
    made the command's memory grow with the run (issue 27)."""
    import pyarrow.parquet as pq

    from tilegames.results import ROW_GROUP_ROWS, BatchWriter

    out = tmp_path / "many.parquet"
    writer = BatchWriter(out, run={"seed": 1}, provenance={"seed": 1})
    for start in range(0, 3 * ROW_GROUP_ROWS + 500, 1000):
        writer.write(pd.DataFrame({"game": range(start, start + 1000), "x": 1.5}))
    writer.finish()
    assert pq.ParquetFile(out).num_row_groups == 4
    back = read_results(out)
    assert (
        back["game"].tolist() == list(range(len(back))) and len(back) == 3 * ROW_GROUP_ROWS + 1000
    )


def test_old_sidecars_are_read_with_the_standard_keys():
    kept = sorted(folder("results").glob("*.json"))  # the checkout's, or the installed package's
    assert kept, "no kept results files"
    for sidecar in kept:
        data = next(
            (
                p
                for p in sidecar.parent.glob(sidecar.stem + ".*")
                if p.suffix in (".csv", ".parquet")
            ),
            None,
        )
        if data is None:
            continue
        record = read_provenance(data)
        assert set(PROVENANCE_KEYS) <= set(record), sidecar
        assert record["command"] and record["tilegames_version"], sidecar


GAME_RUNS = {
    "tula": ["--games", "30", "--mercy"],
    "maze": ["--games", "2", "--max-nodes", "2000"],
    "triominos": ["--rounds", "20"],
    "pyramids": ["--games", "20"],
}


@pytest.mark.parametrize("game", list(GAME_RUNS))
def test_every_study_writes_the_same_provenance_keys(tmp_path, game):
    out = tmp_path / "rows.parquet"
    assert main(["simulate", game, *GAME_RUNS[game], "--no-progress", "--out", str(out)]) == 0
    record = json.loads((tmp_path / "rows.json").read_text())
    assert set(PROVENANCE_KEYS) <= set(record)
    assert record["rows"] == len(read_results(out)) and record["complete"] is True
    assert record["command"].startswith(f"tilegames simulate {game}") and record["host"]


# -- streaming and resuming ------------------------------------------------------------------
def _stop_after(monkeypatch, batches: int) -> None:
    """Make the next run stop (as at Ctrl-C) once ``batches`` batches are written."""
    real = BatchWriter.write
    written = []

    def write(self, frame, index=None):
        real(self, frame, index)
        written.append(len(frame))
        if len(written) == batches:
            raise KeyboardInterrupt

    monkeypatch.setattr(BatchWriter, "write", write)


RESUMED = {
    "tula": ["--games", "3500", "--mercy", "--player", "greedy"],
    "pyramids": ["--games", "2300", "--players", "3", "--player", "random"],
}


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
@pytest.mark.parametrize("game", list(RESUMED))
def test_a_stopped_run_resumed_ends_byte_for_byte_as_one_that_never_stopped(
    tmp_path, monkeypatch, game, suffix
):
    name = f"rows{suffix}"
    argv = ["simulate", game, *RESUMED[game], "--seed", "4", "--no-progress", "--out", name]
    (tmp_path / "whole").mkdir()
    (tmp_path / "stopped").mkdir()
    monkeypatch.chdir(tmp_path / "whole")
    assert main(argv) == 0
    monkeypatch.chdir(tmp_path / "stopped")
    with monkeypatch.context() as patch:
        _stop_after(patch, 2)
        assert main(argv) == 130
    assert not Path(name).exists() and len(read_results(name)) == 2000  # two whole batches
    # a crash mid-batch leaves a part half written under a temporary name: never taken as whole
    Path(name + ".partial", f".000000000002-1000-0123456789abcdef{suffix}.x1.part").write_text(
        "2000,half a ro"
    )
    assert main([*argv, "--workers", "2"]) == 0  # the number of workers does not change the rows
    whole, resumed = tmp_path / "whole" / name, tmp_path / "stopped" / name
    assert resumed.read_bytes() == whole.read_bytes()
    assert read_results(resumed)["game"].tolist() == list(range(len(read_results(whole))))
    assert sorted(os.listdir(tmp_path / "stopped")) == sorted(["rows.json", name])  # no leftovers
    record = read_provenance(resumed)
    assert len(record["sessions"]) == 2 and record["complete"] is True


def test_a_rerun_with_another_seed_or_other_rules_is_refused_and_changes_nothing(
    tmp_path, monkeypatch, capsys
):
    monkeypatch.chdir(tmp_path)

    def command(seed="1", games="3000", *more):
        return ["simulate", "tula", "--player", "greedy", "--no-progress", "--out", "r.csv",
                "--seed", seed, "--games", games, *more]  # fmt: skip

    with monkeypatch.context() as patch:
        _stop_after(patch, 1)
        assert main(command()) == 130
    before = Path("r.csv.partial").read_bytes(), Path("r.csv.partial.json").read_bytes()
    for other, words in (
        (command("2"), "seed 1, not 2"),
        (command("1", "3000", "--mercy"), "options"),
        (command("1", "4000"), "games 3000, not 4000"),
    ):
        with pytest.raises(SystemExit) as stop:
            main(other)
        assert stop.value.code == 2
        error = capsys.readouterr().err
        assert "another run" in error and words in error, error
    assert (Path("r.csv.partial").read_bytes(), Path("r.csv.partial.json").read_bytes()) == before


def test_a_finished_run_rerun_is_found_done_and_not_played_again(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    argv = ["simulate", "tula", "--games", "200", "--mercy", "--no-progress", "--out", "r.csv"]
    assert main(argv) == 0
    first, stamp = capsys.readouterr().out, Path("r.csv").stat().st_mtime_ns

    def refuse(*args, **kwargs):
        raise AssertionError("a finished run was played again")

    monkeypatch.setattr("tilegames.sim.run_batch", refuse)
    assert main(argv) == 0
    assert capsys.readouterr().out == first and Path("r.csv").stat().st_mtime_ns == stamp


def test_a_killed_run_leaves_its_whole_batches_readable(tmp_path):
    """SIGKILL (no chance to tidy up) mid-run: the batches recorded whole read back as the same
    rows an uninterrupted run begins with."""
    import signal
    import subprocess
    import sys
    import time

    from tilegames.sim import simulate
    from tilegames.tula.study import deal_task

    out = tmp_path / "killed.parquet"
    command = [sys.executable, "-m", "tilegames.cli", "simulate", "tula", "--player", "greedy"]
    command += ["--games", "10000000", "--seed", "9", "--no-progress", "--out", str(out)]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    progress = Path(str(out) + ".partial.json")
    deadline = time.monotonic() + 120
    try:
        while time.monotonic() < deadline:
            if (
                progress.exists()
                and json.loads(progress.read_text() or "{}").get("batches", 0) >= 3
            ):
                break
            time.sleep(0.1)
    finally:
        process.send_signal(signal.SIGKILL)
        process.communicate(timeout=30)
    rows = read_results(out)
    batches = json.loads(progress.read_text())["batches"]
    assert batches >= 3 and len(rows) == 1000 * batches
    import functools

    task = functools.partial(deal_task, players=("greedy",), mercy=False)
    expected = simulate(task, len(rows), seed=9, progress=False)
    pd.testing.assert_frame_equal(rows, expected, check_dtype=False)


def test_a_batch_with_other_columns_is_refused(tmp_path):
    writer = BatchWriter(tmp_path / "r.csv", run={"seed": 1}, provenance={})
    writer.write(pd.DataFrame({"game": [0], "a": [1]}))
    with pytest.raises(ValueError, match="columns"):
        writer.write(pd.DataFrame({"game": [1], "b": [1]}))


def test_another_run_is_named_in_the_refusal(tmp_path):
    writer = BatchWriter(tmp_path / "r.parquet", run={"seed": 1, "games": 5}, provenance={})
    writer.write(pd.DataFrame({"game": [0]}))
    writer.close()
    with pytest.raises(DifferentRun, match="games 5, not 6"):
        BatchWriter(tmp_path / "r.parquet", run={"seed": 1, "games": 6}, provenance={})


def test_a_stopped_run_goes_on_only_with_the_version_that_started_it(tmp_path):
    out = tmp_path / "r.csv"
    writer = BatchWriter(out, run={"seed": 1}, provenance={"version": "0.4.0"})
    writer.write(pd.DataFrame({"game": [0]}))
    writer.close()
    partial = (tmp_path / "r.csv.partial").read_bytes()
    with pytest.raises(DifferentRun, match="started by tilegames 0.4.0, and this is 0.5.0"):
        BatchWriter(out, run={"seed": 1}, provenance={"version": "0.5.0"})
    assert (tmp_path / "r.csv.partial").read_bytes() == partial  # left as it was
    again = BatchWriter(out, run={"seed": 1}, provenance={"version": "0.4.0"})
    assert again.batches_done == 1


def test_a_streamed_tula_run_prints_the_summary_of_the_rows_it_keeps(tmp_path, capsys):
    argv = ["simulate", "tula", "--games", "1500", "--mercy", "--seed", "6", "--no-progress"]
    assert main(argv) == 0
    kept_in_memory = capsys.readouterr().out
    assert main([*argv, "--out", str(tmp_path / "r.csv")]) == 0
    streamed = capsys.readouterr().out
    assert streamed == kept_in_memory + f"wrote 1500 rows to {tmp_path / 'r.csv'}\n"


def test_a_csv_and_a_parquet_of_one_name_never_share_a_sidecar(tmp_path):
    BatchWriter(tmp_path / "r.csv", run={"seed": 1}, provenance={}).finish()
    before = (tmp_path / "r.json").read_bytes()
    with pytest.raises(DifferentRun, match="r.json is the provenance of r.csv"):
        BatchWriter(tmp_path / "r.parquet", run={"seed": 1}, provenance={})
    assert (tmp_path / "r.json").read_bytes() == before and read_results(tmp_path / "r.csv").empty
