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
    NotAsRecorded,
    describes,
    provenance,
    read_provenance,
    read_results,
    unfinished,
    write_results,
)


def _files(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` and its bytes (to show that a refusal changed nothing)."""
    return {
        str(path.relative_to(folder)): path.read_bytes()
        for path in sorted(Path(folder).rglob("*"))
        if path.is_file()
    }


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
    before = _files(Path("."))
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
    assert _files(Path(".")) == before


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
    deadline = time.monotonic() + 120
    try:
        while time.monotonic() < deadline and unfinished(out).get("batches", 0) < 3:
            time.sleep(0.1)
    finally:
        process.send_signal(signal.SIGKILL)
        process.communicate(timeout=30)
    rows = read_results(out)
    batches = unfinished(out)["batches"]
    assert batches >= 3 and len(rows) == 1000 * batches
    import functools

    task = functools.partial(deal_task, lineup=("greedy",), compare_mercy=False)
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


def test_a_stopped_run_goes_on_only_with_the_version_that_started_it(tmp_path, monkeypatch, capsys):
    """The partial is the one the real command writes (its provenance says
    ``tilegames_version``, the key every writer stores), started by another version."""
    import tilegames

    monkeypatch.chdir(tmp_path)
    argv = ["simulate", "tula", "--games", "3000", "--seed", "2", "--no-progress", "--out", "r.csv"]
    with monkeypatch.context() as patch:
        patch.setattr(tilegames, "__version__", "0.3.9")
        _stop_after(patch, 1)
        assert main(argv) == 130
    started = json.loads(Path("r.csv.partial", "run.json").read_text())
    assert started["provenance"]["tilegames_version"] == "0.3.9"
    before = _files(tmp_path)
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    error = capsys.readouterr().err
    assert f"started by tilegames 0.3.9, and this is {tilegames.__version__}" in error
    assert "--force" in error and "Traceback" not in error
    assert _files(tmp_path) == before  # left as it was
    assert main([*argv, "--force"]) == 0  # discards it and plays the run with this version
    assert len(read_results("r.csv")) == 3000
    assert read_provenance("r.csv")["tilegames_version"] == tilegames.__version__


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


# -- a file under the finished name is whole and complete, or it is not there (issue 34) ----------
def _run(argv: list[str]) -> int:
    return main(["simulate", *argv])


TULA = ["tula", "--games", "2500", "--player", "greedy", "--seed", "3", "--no-progress"]


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_a_part_cut_short_is_played_again_and_the_file_is_the_uninterrupted_one(
    tmp_path, monkeypatch, capsys, suffix
):
    """``truncate -s 50%`` on a real part of a stopped run, then the same command: the
    damaged batch is found, said, and played again; nothing is missing, nothing is NUL."""
    name = f"r{suffix}"
    (tmp_path / "whole").mkdir()
    (tmp_path / "cut").mkdir()
    monkeypatch.chdir(tmp_path / "whole")
    assert _run([*TULA, "--out", name]) == 0
    monkeypatch.chdir(tmp_path / "cut")
    with monkeypatch.context() as patch:
        _stop_after(patch, 2)
        assert _run([*TULA, "--out", name]) == 130
    parts = sorted(Path(name + ".partial").glob(f"*{suffix}"))
    assert len(parts) == 2
    os.truncate(parts[0], parts[0].stat().st_size // 2)
    capsys.readouterr()
    assert _run([*TULA, "--out", name]) == 0
    captured = capsys.readouterr()
    assert f"{parts[0]} was damaged" in captured.err and "played again" in captured.err
    assert "wrote 2500 rows" in captured.out
    assert Path(name).read_bytes() == (tmp_path / "whole" / name).read_bytes()
    assert read_results(name)["game"].tolist() == list(range(2500))
    assert read_provenance(name)["rows"] == 2500


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_two_runs_on_one_out_at_once_the_second_is_refused_by_name(tmp_path, suffix):
    """Two real processes, the same command and ``--out``: the second is refused at once,
    naming the file and the run that holds it, and changes nothing; the first goes on."""
    import signal
    import subprocess
    import sys
    import time

    out = tmp_path / f"r{suffix}"
    command = [sys.executable, "-m", "tilegames.cli", "simulate", "tula", "--player", "greedy"]
    command += ["--games", "10000000", "--seed", "9", "--no-progress", "--out", str(out)]
    first = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    second = None
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and unfinished(out).get("batches", 0) < 2:
            time.sleep(0.1)
        assert unfinished(out).get("batches", 0) >= 2, first.stderr
        second = subprocess.run(command, capture_output=True, text=True, timeout=120)
        later = unfinished(out)["batches"]
        assert first.poll() is None  # the first still runs, and still writes
    finally:
        first.send_signal(signal.SIGTERM)  # stops it as Ctrl-C does (SIGINT may be ignored)
        try:
            _, first_err = first.communicate(timeout=60)
        finally:
            if first.poll() is None:
                first.kill()
    assert second is not None and second.returncode == 2, second and second.stderr
    assert f"{out} is being written by another run now (process {first.pid}" in second.stderr
    assert "Traceback" not in second.stderr and "wrote" not in second.stdout
    assert first.returncode == 128 + signal.SIGTERM and "stopped:" in first_err
    assert unfinished(out)["batches"] >= later and not out.exists()
    assert len(read_results(out)) == 1000 * unfinished(out)["batches"]


def test_a_finished_file_changed_by_hand_is_refused_not_trusted_and_not_replaced(
    tmp_path, monkeypatch, capsys
):
    monkeypatch.chdir(tmp_path)
    argv = ["tula", "--games", "300", "--seed", "4", "--no-progress", "--out", "r.csv"]
    assert _run(argv) == 0
    with open("r.csv", "a") as handle:
        handle.write("300,True\n")  # one more row, typed in
    edited = _files(tmp_path)
    with pytest.raises(NotAsRecorded, match="r.csv was changed after it was written"):
        read_results("r.csv")
    capsys.readouterr()
    with pytest.raises(SystemExit) as stop:
        _run(argv)
    assert stop.value.code == 2
    error = capsys.readouterr().err
    assert "r.csv was changed after it was written" in error and "--force" in error
    assert _files(tmp_path) == edited
    assert _run([*argv, "--force"]) == 0
    assert len(read_results("r.csv")) == 300 and describes("r.csv")


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_a_sidecar_edited_to_claim_other_rows_and_seed_is_caught_on_reading_and_rerunning(
    tmp_path, monkeypatch, capsys, suffix
):
    monkeypatch.chdir(tmp_path)
    name = f"r{suffix}"
    argv = ["tula", "--games", "300", "--seed", "4", "--no-progress", "--out", name]
    assert _run(argv) == 0
    sidecar = json.loads(Path("r.json").read_text())
    sidecar.update(rows=999_999, seed=5)
    Path("r.json").write_text(json.dumps(sidecar, indent=2))
    edited = _files(tmp_path)
    for read in (read_results, read_provenance):
        with pytest.raises(NotAsRecorded, match="r.json was changed after it was written"):
            read(name)
    capsys.readouterr()
    with pytest.raises(SystemExit) as stop:
        _run(argv)
    assert stop.value.code == 2 and "r.json was changed after it was written" in (
        capsys.readouterr().err
    )
    assert _files(tmp_path) == edited


def test_another_runs_finished_file_is_refused_and_replaced_only_with_force(
    tmp_path, monkeypatch, capsys
):
    monkeypatch.chdir(tmp_path)
    argv = ["tula", "--games", "300", "--no-progress", "--out", "r.parquet"]
    assert _run([*argv, "--seed", "1"]) == 0
    kept = _files(tmp_path)
    capsys.readouterr()
    with pytest.raises(SystemExit) as stop:
        _run([*argv, "--seed", "2"])
    assert stop.value.code == 2
    error = capsys.readouterr().err
    assert "r.parquet holds another run (" in error and "seed 1, not 2" in error
    assert "give another --out, or add --force" in error
    assert _files(tmp_path) == kept
    assert _run([*argv, "--seed", "2", "--force"]) == 0
    assert read_provenance("r.parquet")["seed"] == 2 and describes("r.parquet")


def test_results_files_and_sidecars_are_made_as_open_makes_files(tmp_path, monkeypatch):
    """0666 less the umask (0644 here), not mkstemp's 0600: a class sharing a folder reads them."""
    monkeypatch.chdir(tmp_path)
    before = os.umask(0o022)
    try:
        with monkeypatch.context() as patch:
            _stop_after(patch, 1)
            assert _run([*TULA, "--out", "r.csv"]) == 130
        (part,) = Path("r.csv.partial").glob("*.csv")
        assert part.stat().st_mode & 0o777 == 0o644
        assert _run([*TULA, "--out", "r.csv"]) == 0
        write_results(pd.DataFrame({"game": [0]}), tmp_path / "w.parquet", {"seed": 1})
    finally:
        os.umask(before)
    for name in ("r.csv", "r.json", "w.parquet", "w.json"):
        assert (tmp_path / name).stat().st_mode & 0o777 == 0o644, name


def test_a_file_that_is_not_a_results_file_is_refused_unless_forced(tmp_path, capsys):
    out = tmp_path / "r.csv"
    out.write_text("someone's notes\n")
    argv = ["tula", "--games", "5", "--no-progress", "--out", str(out)]
    with pytest.raises(SystemExit) as stop:
        _run(argv)
    assert stop.value.code == 2
    assert "exists and is not a tilegames results file" in capsys.readouterr().err
    assert out.read_text() == "someone's notes\n"
    assert _run([*argv, "--force"]) == 0 and len(read_results(out)) == 5


def test_a_run_stopped_between_its_file_and_its_sidecar_is_finished_by_the_next(
    tmp_path, monkeypatch, capsys
):
    """Ctrl-C at the worst moment: the finished file renamed in, its sidecar not yet. The
    file there is whole; the same command puts the sidecar beside it without playing again."""
    from tilegames import results

    monkeypatch.chdir(tmp_path)
    argv = ["tula", "--games", "1500", "--seed", "8", "--no-progress", "--out", "r.csv"]
    real_replace = results.os.replace

    def stop_before_the_sidecar(source, target):
        if os.path.basename(target) == "r.json":
            raise KeyboardInterrupt
        return real_replace(source, target)

    with monkeypatch.context() as patch:
        patch.setattr(results.os, "replace", stop_before_the_sidecar)
        assert _run(argv) == 130
    assert "1,500 of 1,500 games finished" in capsys.readouterr().err
    assert Path("r.csv").exists() and not Path("r.json").exists()
    whole = Path("r.csv").read_bytes()

    def refuse(*args, **kwargs):
        raise AssertionError("a finished run was played again")

    monkeypatch.setattr("tilegames.sim.run_batch", refuse)
    assert _run(argv) == 0 and "wrote 1500 rows" in capsys.readouterr().out
    assert Path("r.csv").read_bytes() == whole and describes("r.csv")
    assert sorted(os.listdir(tmp_path)) == ["r.csv", "r.json"]


def test_a_file_left_half_staged_by_a_stopped_finish_is_cleared_by_the_next_run(
    tmp_path, monkeypatch
):
    """Ctrl-C while the finished file is being put together leaves nothing half-made under
    any name a reader would take; what a hard stop could leave staged is cleared next time."""
    from tilegames import results

    monkeypatch.chdir(tmp_path)
    argv = ["tula", "--games", "1500", "--seed", "8", "--no-progress", "--out", "r.parquet"]
    real = results._write_parquet

    def stop_while_assembling(tables, path, record):
        real(tables, path, record)
        raise KeyboardInterrupt

    with monkeypatch.context() as patch:
        patch.setattr(results, "_write_parquet", stop_while_assembling)
        assert _run(argv) == 130
    assert sorted(os.listdir(tmp_path)) == ["r.parquet.partial"]
    Path(".r.parquet.0a1b2c3d.part").write_bytes(b"PAR1 half")  # what SIGKILL could leave
    assert _run(argv) == 0
    assert sorted(os.listdir(tmp_path)) == ["r.json", "r.parquet"]
    assert len(read_results("r.parquet")) == 1500
