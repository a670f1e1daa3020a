"""The command line: `tilegames simulate tula ...` prints a summary, writes a CSV, and
refuses bad arguments with a clear message and exit code 2."""

from __future__ import annotations

import pandas as pd
import pytest

from tilegames.cli import build_parser, main


def test_simulate_tula_prints_a_summary_and_writes_rows(tmp_path, capsys):
    out = tmp_path / "results.csv"
    argv = ["simulate", "tula", "--player", "greedy", "--mercy", "--games", "300"]
    argv += ["--seed", "1", "--out", str(out), "--no-progress"]
    assert main(argv) == 0
    printed = capsys.readouterr().out
    assert "greedy" in printed and "published" in printed and "mercy" in printed
    assert "95% CI" in printed and "Mercy effect" in printed
    frame = pd.read_csv(out)
    assert len(frame) == 300 and {"greedy_won", "greedy_mercy_won"} <= set(frame.columns)
    assert f"wrote 300 rows to {out}" in printed


def test_same_seed_same_csv_with_one_and_two_workers(tmp_path):
    paths = []
    for workers in ("1", "2"):
        path = tmp_path / f"w{workers}.csv"
        main(["simulate", "tula", "--games", "1500", "--workers", workers, "--seed", "4",
              "--out", str(path), "--no-progress"])  # fmt: skip
        paths.append(path)
    assert paths[0].read_text() == paths[1].read_text()


def test_the_progress_bar_goes_to_stderr(capsys):
    main(["simulate", "tula", "--player", "random", "--games", "50"])
    captured = capsys.readouterr()
    assert "50/50" in captured.err and "random" in captured.out


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--player", "best"], "invalid choice: 'best'"),
        (["--games", "0"], "must be at least 1"),
        (["--games", "many"], "expected a whole number"),
        (["--workers", "0"], "must be at least 1"),
        (["--seed", "-3"], "must be 0 or more"),
        (["--samples", "0"], "--samples must be at least 1"),
        (["--colour", "red"], "unrecognized arguments"),
    ],
)
def test_bad_arguments_exit_with_code_2_and_say_why(argv, message, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["simulate", "tula", "--no-progress", *argv])
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err


def test_unknown_game_exits_2(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["simulate", "chess"])
    assert exit_info.value.code == 2
    assert "invalid choice" in capsys.readouterr().err


def test_tula_is_offered_with_its_options():
    help_text = build_parser().format_help()
    assert "simulate" in help_text


def test_an_unwritable_out_path_is_refused_before_the_run(tmp_path, capsys):
    from tilegames.cli import main

    missing = tmp_path / "no" / "such" / "folder" / "results.csv"
    with pytest.raises(SystemExit) as stop:
        main(["simulate", "tula", "--games", "3", "--no-progress", "--out", str(missing)])
    assert stop.value.code == 2
    assert "does not exist" in capsys.readouterr().err
    with pytest.raises(SystemExit) as stop:
        main(["simulate", "tula", "--games", "3", "--no-progress", "--out", str(tmp_path)])
    assert stop.value.code == 2
