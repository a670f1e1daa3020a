"""The compiled exhaustive search (maze/native.py) walks exactly as the Python one.

The Python ``exhaustive_search`` is the reference: on the same position,
budget and seed, both must reach the same number of tables, give the same
verdict and hand back the same win, move for move. The compiled search is
built when tilegames is installed (an optional extension): ``native`` says
which engine runs and why, and never compiles or loads anything at run time.
"""

from __future__ import annotations

import concurrent.futures
import pathlib
import shutil
import sys

import pytest
from test_maze_exhaustive import blocked_ring, plain_reachable, plain_table, small_ring_positions

from tilegames.maze import Rules, native, new_game
from tilegames.maze.exhaustive import decide, exhaustive_search

compiled_only = pytest.mark.skipif(not native.available(), reason=native.WHY)


def test_the_engine_is_named_with_its_reason():
    assert native.ENGINE in ("compiled", "python")
    assert native.available() == (native.ENGINE == "compiled")
    assert native.WHY and "tilegames.maze.csearch" in native.WHY
    if native.available():
        assert native.describe() == f"compiled ({native.COMPILER})" and native.COMPILER
    else:
        assert native.describe() == "python" and native.COMPILER is None
        assert "no C compiler" in native.WHY


@pytest.mark.skipif(not shutil.which("cc"), reason="no C compiler on this machine")
def test_where_a_compiler_exists_the_install_built_the_compiled_search():
    # make install / make test build it (the editable install too): a silent fallback here
    # would leave the differential tests below skipped
    assert native.ENGINE == "compiled", native.WHY


def test_without_the_compiled_module_search_says_why_and_auto_uses_python(monkeypatch):
    game = new_game(seed=1)
    python = exhaustive_search(game, max_tables=500, seed=3, engine="python")
    monkeypatch.setattr(native, "_compiled", None)
    monkeypatch.setattr(native, "WHY", "no compiler at install time (test)")
    assert not native.available() and native.describe() == "python"
    with pytest.raises(native.NativeUnavailable, match="no compiler at install time"):
        native.search(game, max_tables=500, seed=3)
    with pytest.raises(native.NativeUnavailable):
        exhaustive_search(game, max_tables=500, seed=3, engine="native")
    auto = exhaustive_search(game, max_tables=500, seed=3)
    assert (auto.status, auto.tables) == (python.status, python.tables)


@compiled_only
def test_the_compiled_module_is_part_of_the_package_not_a_cache():
    module = pathlib.Path(sys.modules["tilegames.maze.csearch"].__file__).resolve()
    package = pathlib.Path(native.__file__).resolve().parent
    assert module.parent == package
    assert "TILEGAMES_CACHE" not in pathlib.Path(native.__file__).read_text()


@compiled_only
@pytest.mark.parametrize(
    "board, word",
    [(bytes(53), "54 slots"), (bytes([53]) + bytes(53), "slot 0 holds 53"), ("x" * 54, "bytes")],
)
def test_the_compiled_module_refuses_a_malformed_board(board, word):
    from tilegames.maze import csearch

    with pytest.raises((ValueError, TypeError), match=word):
        csearch.search(board, 0, 0, 0, 100, 0)


@compiled_only
def test_searches_in_threads_give_the_same_walks():
    # the search runs without the GIL; each call keeps its own tables
    games = [new_game(seed=deal) for deal in (1, 2, 5, 1)]
    alone = [native.search(game, max_tables=4_000, seed=1)[:2] for game in games]
    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        together = list(pool.map(lambda g: native.search(g, max_tables=4_000, seed=1)[:2], games))
    assert together == alone


def same_walk(game, max_tables, seed):
    python = exhaustive_search(game, max_tables=max_tables, seed=seed, engine="python")
    compiled = exhaustive_search(game, max_tables=max_tables, seed=seed, engine="native")
    assert (python.status, python.tables) == (compiled.status, compiled.tables)
    assert [str(m) for m in python.moves] == [str(m) for m in compiled.moves]
    return compiled


@compiled_only
@pytest.mark.parametrize("rules", [Rules(), Rules.traditional()], ids=["standard", "ring"])
@pytest.mark.parametrize("deal", [1, 2, 5])
def test_both_engines_reach_the_same_tables_from_seeded_deals(rules, deal):
    statuses = set()
    for seed in (0, 1, 2, 7):
        verdict = same_walk(new_game(seed=deal, rules=rules), 6_000, seed)
        statuses.add(verdict.status)
    assert statuses <= {"winnable", "undecided"}


@compiled_only
def test_a_seed_changes_the_walk_and_a_win_is_found_by_both():
    game = new_game(seed=1)
    walks = {seed: same_walk(game, 3_000, seed) for seed in range(6)}
    assert len({verdict.tables for verdict in walks.values()}) > 1  # the seeds do differ
    won = [verdict for verdict in walks.values() if verdict.status == "winnable"]
    assert won, "one of six seeded walks of deal 1 wins within 3,000 tables"
    for verdict in won:
        replay = game.copy()
        for move in verdict.moves:
            replay.play(move)
        assert replay.won


@compiled_only
def test_both_engines_prove_the_same_small_positions_unwinnable():
    for game in [blocked_ring(), *small_ring_positions(6)]:
        verdict = same_walk(game, 3_000, 0)
        status, count = plain_reachable(plain_table(game), ring=True)
        assert (verdict.status == "winnable") == (status == "won")
        if status == "lost":
            assert verdict.status == "unwinnable" and verdict.tables == count


@compiled_only
def test_decide_with_restarts_counts_its_searches_and_leaves_the_game_alone():
    game = new_game(seed=4, rules=Rules.traditional())
    verdict = decide(game, solver_nodes=0, max_tables=2_000, restarts=40)
    assert verdict.status == "winnable" and verdict.method == "exhaustive"
    assert 1 <= verdict.tries <= 41 and verdict.solver_tables == 0
    # the search that won is the one its seed names, run alone
    alone = exhaustive_search(game, max_tables=2_000, seed=verdict.tries - 1)
    assert alone.status == "winnable" and alone.tables == verdict.tables
    assert game.history == []
    proved = decide(blocked_ring(), solver_nodes=0, max_tables=1_000, restarts=5)
    assert proved.status == "unwinnable" and proved.tries == 1


@pytest.mark.parametrize(
    "options, word",
    [({"seed": -1}, "seed"), ({"seed": 1.5}, "seed"), ({"engine": "fast"}, "engine")],
)
def test_bad_options_are_refused(options, word):
    with pytest.raises(ValueError, match=word):
        exhaustive_search(new_game(seed=1), max_tables=100, **options)
    if word == "seed":
        with pytest.raises(ValueError, match="restarts"):
            decide(new_game(seed=1), restarts=-1)
