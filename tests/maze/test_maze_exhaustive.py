"""Maze winnability: the exhaustive search against a plain one written here from the rules.

``plain_reachable`` below is a separate implementation of /work/shared/rules/maze.md
(cards as (rank, suit) pairs, tables as tuples, a breadth-first search): it
shares no code with ``tilegames.maze``, so the library's verdicts and proof
sizes are checked by something that could disagree.
"""

from __future__ import annotations

import functools
import json
import os
from collections import deque
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from tilegames import resources
from tilegames.maze import Game, Rules, new_game
from tilegames.maze.exhaustive import Verdict, decide, exhaustive_search, search_from_openings
from tilegames.maze.study import (
    STATUSES,
    WINNABILITY_BATCH,
    deal_code,
    decide_again,
    game_from_code,
    run_winnability,
    winnability_summary,
    winnability_task,
    write_decided_again,
)
from tilegames.sim import run_batch, simulate

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q"]
SUITS = "CDHS"


# -- a plain Maze, written from the rules text -------------------------------------
def plain_follows(first, second, ring: bool) -> bool:
    """B follows A: same suit, one rank higher; or (AisleRiot only) any queen then any ace."""
    if first is None or second is None:
        return False
    (rank_a, suit_a), (rank_b, suit_b) = first, second
    if suit_a == suit_b and rank_b == rank_a + 1:
        return True
    return not ring and rank_a == 12 and rank_b == 1


def plain_score(table, ring: bool) -> int:
    cards = [card for card in table if card is not None]
    score = sum(plain_follows(a, b, ring) for a, b in zip(cards, cards[1:]))
    if ring:
        return score + plain_follows(cards[-1], cards[0], ring)
    return score + (cards[0][0] == 1)


def plain_moves(table, ring: bool):
    """Every table one move away."""
    n = len(table)
    result = set()
    for target in range(n):
        if table[target] is not None:
            continue
        for source in range(n):
            card = table[source]
            if card is None:
                continue
            ok = False
            if target > 0 or ring:
                ok = plain_follows(table[(target - 1) % n], card, ring)
            elif not ring:
                ok = card[0] == 1
            if not ok:
                if target < n - 1 or ring:
                    ok = plain_follows(card, table[(target + 1) % n], ring)
                elif not ring:
                    ok = card[0] == 12
            if ok:
                after = list(table)
                after[source], after[target] = None, card
                result.add(tuple(after))
    return result


def plain_reachable(table, ring: bool, limit: int = 200_000):
    """("won", count) as soon as a won table is met, ("lost", count) when every reachable
    table was visited without one, ("too big", count) past ``limit`` tables."""
    best = 44 if ring else 48
    seen = {table}
    queue = deque([table])
    if plain_score(table, ring) == best:
        return "won", 1
    while queue:
        for after in plain_moves(queue.popleft(), ring):
            if after in seen:
                continue
            seen.add(after)
            if plain_score(after, ring) == best:
                return "won", len(seen)
            if len(seen) > limit:
                return "too big", len(seen)
            queue.append(after)
    return "lost", len(seen)


def plain_table(game: Game):
    """The table as the plain implementation sees it, read from the public deal text."""
    table = []
    for part in deal_code(game).split():
        table.append(None if part == "--" else (RANKS.index(part[:-1]) + 1, part[-1]))
    return tuple(table)


def runs(order: str = "HCSD") -> list[str]:
    return [f"{rank}{suit}" for suit in order for rank in RANKS]


# -- positions with small reachable sets ---------------------------------------------
def blocked_ring(extra_gaps: int = 0) -> Game:
    """A ring table where most gaps sit between a queen and an ace (nothing may enter)."""
    cards = runs("HCSD")
    # swap two cards inside the clubs run: the table is not won, and little can move
    cards[14], cards[18] = cards[18], cards[14]
    slots: list = []
    for suit_run in range(4):
        slots.extend(cards[12 * suit_run : 12 * suit_run + 12])
        slots.append(None)
    slots.extend([None, None])
    return Game.from_deal(slots, Rules.traditional())


def small_ring_positions(count: int, seed: int = 3) -> list[Game]:
    """Ring positions reached by random moves from seeded deals until few moves are left."""
    rng = np.random.default_rng(seed)
    found = []
    deal = 0
    while len(found) < count:
        game = new_game(seed=deal, rules=Rules.traditional())
        deal += 1
        for _ in range(400):
            moves = game.legal_moves()
            if not moves:
                break
            game.play(moves[int(rng.integers(len(moves)))])
            if len(moves) <= 2 and exhaustive_search(game, max_tables=3_000).decided:
                found.append(Game.from_deal(list(game.slots), game.rules))
                break
    return found


# -- tests ----------------------------------------------------------------------------
ENGINES = pytest.mark.parametrize("engine", ["python", "auto"])
"""The readable search, and the compiled one where it can be built (maze/native.py)."""


@ENGINES
def test_a_blocked_ring_is_proved_unwinnable_and_the_plain_search_agrees_on_the_count(engine):
    game = blocked_ring()
    verdict = exhaustive_search(game, engine=engine)
    plain = plain_reachable(plain_table(game), ring=True)
    assert verdict.status == "unwinnable" and verdict.moves == []
    assert plain == ("lost", verdict.tables)
    assert "unwinnable" in str(verdict) and str(verdict.tables) in str(verdict)


@ENGINES
def test_verdicts_and_proof_sizes_agree_with_the_plain_search_on_small_ring_positions(engine):
    positions = small_ring_positions(12)
    statuses = set()
    for game in positions:
        verdict = exhaustive_search(game, max_tables=3_000, engine=engine)
        status, count = plain_reachable(plain_table(game), ring=True)
        assert verdict.decided
        assert (verdict.status == "winnable") == (status == "won"), deal_code(game)
        if status == "lost":
            assert verdict.tables == count, deal_code(game)
        statuses.add(verdict.status)
    assert statuses == {"winnable", "unwinnable"}  # both kinds were checked


@pytest.mark.parametrize("rules", [Rules(), Rules.traditional()], ids=["standard", "ring"])
def test_a_win_found_by_the_exhaustive_search_replays_through_the_rules(rules):
    cards = runs()
    game = Game.from_deal(cards[:16] + [None] + cards[17:] + [None] * 5 + [cards[16]], rules)
    verdict = exhaustive_search(game)
    assert verdict.status == "winnable" and len(verdict.moves) >= 1
    replay = game.copy()
    for move in verdict.moves:
        replay.play(move)
    assert replay.won
    assert plain_reachable(plain_table(game), ring=rules.ring)[0] == "won"


def test_random_openings_find_wins_and_never_claim_a_proof():
    ring = new_game(seed=3, rules=Rules.traditional())
    verdict = search_from_openings(ring, tries=5, opening_moves=20, max_tables=20_000)
    assert verdict.status == "winnable" and verdict.method == "opening"
    replay = ring.copy()
    for move in verdict.moves:  # the opening and the search's moves, from the deal itself
        replay.play(move)
    assert replay.won and ring.history == []
    # every table after any opening of a blocked ring is lost, yet that proves nothing
    blocked = search_from_openings(blocked_ring(), tries=3, opening_moves=4, max_tables=1_000)
    assert blocked.status == "undecided" and blocked.tries == 3
    assert "3 random openings" in blocked.budget
    decided = decide(ring, solver_nodes=0, max_tables=20_000, openings=5, opening_moves=20)
    assert decided.status == "winnable" and decided.method == "opening"
    assert decided.tries == 1 + verdict.tries  # the plain search failed first
    with pytest.raises(ValueError, match="opening_moves"):
        search_from_openings(ring, tries=1, opening_moves=0)


def test_a_second_look_file_records_a_command_and_options_that_give_its_rows(tmp_path):
    source, out = tmp_path / "first.csv", tmp_path / "again.csv"
    rows = pd.DataFrame(
        {
            "game": [0, 1],
            "variant": ["ring", "ring"],
            "status": ["undecided", "winnable"],
            "deal": [deal_code(new_game(seed=s, rules=Rules.traditional())) for s in (3, 4)],
        }
    )
    rows.to_csv(source, index=False)
    written = write_decided_again(
        str(source), str(out), variant="ring", solver_nodes=0, max_tables=2_000,
        restarts=3, openings=5, opening_moves=20, progress=False,
    )  # fmt: skip
    provenance = json.loads(out.with_suffix(".json").read_text())
    options = provenance["options"]
    assert options == {
        "variant": "ring", "solver_nodes": 0, "max_tables": 2_000, "below": None,
        "restarts": 3, "openings": 5, "opening_moves": 20,
    }  # fmt: skip
    assert "restarts=3, openings=5, opening_moves=20, workers=1" in provenance["command"]
    assert "below" not in provenance["command"] and provenance["source"] == str(source)
    assert list(written["game"]) == [0] and provenance["deals"] == 1
    again = decide_again(rows, **options)
    kept = pd.read_csv(out, keep_default_na=False, na_values=[""])
    for frame in (again, kept):
        frame["moves"] = pd.to_numeric(frame["moves"]).astype(float)
    columns = [c for c in kept.columns if c != "seconds"]  # seconds is a measurement
    pd.testing.assert_frame_equal(again[columns], kept[columns], check_dtype=False)


def test_a_won_table_is_winnable_with_no_move():
    game = Game.from_deal(runs()[:30] + [None] * 6 + runs()[30:])
    assert exhaustive_search(game).status == "winnable"
    assert exhaustive_search(game).moves == []


def test_the_budget_runs_out_honestly():
    game = new_game(seed=7, rules=Rules.traditional())
    verdict = exhaustive_search(game, max_tables=500)
    assert verdict.status == "undecided" and not verdict.decided
    assert "500 tables ran out" in verdict.budget and verdict.tables >= 500
    assert verdict.moves == []


@pytest.mark.parametrize("bad", [0, -3, 2.5, True, "100"])
def test_a_bad_budget_is_refused(bad):
    with pytest.raises(ValueError, match="max_tables"):
        exhaustive_search(new_game(seed=1), max_tables=bad)


def test_decide_tries_the_solver_first_and_leaves_the_game_alone():
    game = new_game(seed=1)
    verdict = decide(game, solver_nodes=50_000, max_tables=1_000)
    assert verdict.status == "winnable" and verdict.method == "solver"
    assert verdict.tables == 0 and verdict.solver_tables > 0
    assert game.history == []
    blocked = decide(blocked_ring(), solver_nodes=100, max_tables=1_000)
    assert blocked.status == "unwinnable" and blocked.method == "exhaustive"
    assert isinstance(blocked, Verdict)


def test_winnability_rows_are_the_same_through_simulate_and_the_batch_runner(tmp_path):
    options = {"solver_nodes": 3_000, "max_tables": 2_000}
    out = tmp_path / "w.csv"
    frame = run_winnability(4, seed=5, out=str(out), progress=False, command="test", **options)
    task = lambda rng: winnability_task(rng, **options)  # noqa: E731 (serial run: no pickling)
    again = simulate(task, 4, seed=5, batch_size=100, progress=False)
    columns = [c for c in frame.columns if c != "seconds"]
    pd.testing.assert_frame_equal(frame[columns], again[columns])
    assert len(frame) == 8 and set(frame["variant"]) == {"standard", "ring"}
    saved = pd.read_csv(out, keep_default_na=False, na_values=[""])
    assert list(saved["status"]) == list(frame["status"])
    assert (tmp_path / "w.json").exists()
    for _, row in frame.iterrows():  # the deal text replays the same table under the variant
        game = game_from_code(
            row["deal"], Rules.traditional() if row["variant"] == "ring" else None
        )
        assert len(game.gaps) == 6
    summary = winnability_summary(frame)
    assert list(summary["deals"]) == [4, 4]


# -- the results files ----------------------------------------------------------------------
RESULTS = resources.folder("results")  # the shipped results files, installed or in a checkout
SECOND_LOOKS = (
    "maze_winnability_hard",
    "maze_winnability_ring",
    "maze_winnability_ring_third",
    "maze_winnability_ring_fourth",
    "maze_winnability_ring_fifth",
)
"""Files of deals the main run left undecided, decided again with larger budgets."""


@pytest.mark.parametrize("name", ["maze_winnability", "maze_winnability_pilot"])
def test_the_results_file_starts_with_the_rows_its_seed_gives(name, tmp_path):
    """The first deals of the kept run, played again from the recorded seed and budgets."""
    provenance = json.loads((RESULTS / f"{name}.json").read_text())
    assert provenance["batch_size"] == WINNABILITY_BATCH
    kept = pd.read_csv(RESULTS / f"{name}.csv", keep_default_na=False, na_values=[""])
    first_games = 3
    task = functools.partial(winnability_task, **provenance["options"])
    (child,) = np.random.SeedSequence(provenance["seed"]).spawn(1)
    run_batch(task, child, first_games, 0).to_csv(tmp_path / "again.csv", index=False)
    again = pd.read_csv(tmp_path / "again.csv", keep_default_na=False, na_values=[""])
    columns = [c for c in kept.columns if c != "seconds"]  # seconds is a measurement
    expected = kept[kept["game"] < first_games][columns].reset_index(drop=True)
    pd.testing.assert_frame_equal(again[columns], expected)


def test_the_results_file_is_consistent():
    kept = pd.read_csv(RESULTS / "maze_winnability.csv", keep_default_na=False, na_values=[""])
    assert set(kept["status"]) <= {"winnable", "unwinnable", "undecided"}
    assert set(kept["variant"]) == {"standard", "ring"}
    counts = kept.groupby("variant")["game"].nunique()
    assert counts["standard"] == counts["ring"] == kept["game"].max() + 1  # no deal missing
    won = kept[kept["status"] == "winnable"]
    assert (
        won["moves"].notna().all() and kept.loc[kept["status"] != "winnable", "moves"].isna().all()
    )
    assert (kept.loc[kept["method"] == "exhaustive", "tables"] > 0).all()
    for _, row in kept.head(4).iterrows():  # the deal text deals the table again
        assert len(game_from_code(row["deal"]).gaps) == 6


def proved_unwinnable_rows() -> list:
    rows = []
    for name in ("maze_winnability", "maze_winnability_pilot", *SECOND_LOOKS):
        kept = pd.read_csv(RESULTS / f"{name}.csv", keep_default_na=False, na_values=[""])
        for _, row in kept[kept["status"] == "unwinnable"].iterrows():
            rows.append(
                pytest.param(
                    row["variant"],
                    row["deal"],
                    int(row["tables"]),
                    id=f"{name}-{row['game']}-{row['variant']}",
                )
            )
    return rows or [
        pytest.param(None, None, 0, marks=pytest.mark.skip(reason="no deal was proved unwinnable"))
    ]


@pytest.mark.parametrize("variant, deal, tables", proved_unwinnable_rows())
def test_every_deal_listed_as_unwinnable_is_confirmed_by_the_plain_search(variant, deal, tables):
    game = game_from_code(deal, Rules.traditional() if variant == "ring" else Rules())
    assert plain_reachable(plain_table(game), ring=variant == "ring", limit=tables + 10) == (
        "lost",
        tables,
    )


REPRODUCE_AT_MOST = 8_000_000
"""Tables a reproduced row may cost (all its searches together), so the suite stays quick."""


def second_look(name: str):
    """A second-look file, its options, and the rows of its source it looked at again."""
    path = RESULTS / f"{name}.csv"
    provenance = json.loads(path.with_suffix(".json").read_text())
    kept = pd.read_csv(path, keep_default_na=False, na_values=[""])
    main = pd.read_csv(RESULTS.parent / provenance["source"], keep_default_na=False, na_values=[""])
    options = provenance["options"]
    rows = main[(main["variant"] == options["variant"]) & (main["status"] == "undecided")]
    if options.get("below") is not None:
        rows = rows[rows["game"] < options["below"]]
    return kept, options, rows


@pytest.mark.parametrize("name", SECOND_LOOKS)
def test_a_second_look_file_reproduces_its_cheapest_row(name):
    """Every deal its source run left undecided (under the file's variant, below its game
    limit) was looked at again, and the cheapest one decides the same way again, every
    search of it (when that costs at most REPRODUCE_AT_MOST tables)."""
    kept, options, rows = second_look(name)
    assert list(kept["game"]) == list(rows["game"])  # every undecided deal was looked at again
    restarts = options.get("restarts", 0)
    openings = options.get("openings", 0)
    tries = kept["tries"] if restarts or openings else pd.Series(1, index=kept.index)
    cost = kept["solver_tables"] + kept["tables"] + (tries - 1) * options["max_tables"]
    if cost.min() > REPRODUCE_AT_MOST:
        pytest.skip(f"its cheapest row costs {cost.min():,} tables")
    cheapest = kept.loc[[cost.idxmin()]].copy()
    again = decide_again(
        rows[rows["game"].isin(cheapest["game"])],
        variant=options["variant"],
        solver_nodes=options["solver_nodes"],
        max_tables=options["max_tables"],
        restarts=restarts,
        openings=openings,
        opening_moves=options.get("opening_moves", 60),
    )
    columns = ["game", "status", "method", "solver_tables", "tables", "moves"]
    columns += ["tries"] if restarts or openings else []
    for frame in (again, cheapest):
        frame["moves"] = pd.to_numeric(frame["moves"]).astype(float)
    assert (
        again[columns].astype(str).values.tolist() == cheapest[columns].astype(str).values.tolist()
    )


RESTARTED_LOOKS = [
    name
    for name in SECOND_LOOKS
    if json.loads((RESULTS / f"{name}.json").read_text())["options"].get("restarts")
]
"""The second looks run with restarts: every search of a deal but the last one failed."""


@pytest.mark.parametrize("name", RESTARTED_LOOKS)
def test_the_search_that_won_a_restarted_deal_wins_it_again_alone(name):
    """For every look with restarts: of the deals won only after starting over, the two
    cheapest are won again by their last search alone (its seed is the number of searches
    before it), with the same tables and the same moves."""
    kept, options, rows = second_look(name)
    assert options["restarts"] > 0
    won = kept[(kept["status"] == "winnable") & (kept["tries"] > 1)]
    assert len(won), "some deal needed more than one search"
    rules = Rules.traditional()
    for _, row in won.nsmallest(2, "tables").iterrows():
        game = game_from_code(rows.loc[rows["game"] == row["game"], "deal"].iloc[0], rules)
        verdict = exhaustive_search(
            game, max_tables=options["max_tables"], seed=int(row["tries"]) - 1
        )
        assert (verdict.status, verdict.tables, len(verdict.moves)) == (
            "winnable",
            int(row["tables"]),
            int(row["moves"]),
        )


EXHAUSTIVE = ["simulate", "maze", "--exhaustive", "--games", "3", "--no-progress"]
EXHAUSTIVE += ["--standard-solver-nodes", "3000", "--standard-max-tables", "2000"]
EXHAUSTIVE += ["--ring-solver-nodes", "3000", "--ring-max-tables", "2000"]


def test_the_exhaustive_study_resumes_through_the_one_writer_and_never_reads_a_cut_part(
    tmp_path, monkeypatch, capsys
):
    """A stopped ``--exhaustive`` run leaves whole parts; one cut short (``truncate``) is
    decided again, and the finished file is the uninterrupted run's, every row a verdict."""
    from tilegames.cli import main
    from tilegames.results import BatchWriter, read_results

    monkeypatch.chdir(tmp_path)
    argv = EXHAUSTIVE  # one batch of 3 deals, stopped once it is written
    assert main([*argv, "--out", "whole.csv"]) == 0
    real = BatchWriter.write

    def stop_after_the_first(self, frame, index=None):
        real(self, frame, index)
        raise KeyboardInterrupt

    with monkeypatch.context() as patch:
        patch.setattr(BatchWriter, "write", stop_after_the_first)
        assert main([*argv, "--out", "cut.csv"]) == 130
    assert not Path("cut.csv").exists()
    (part,) = Path("cut.csv.partial").glob("*.csv")
    os.truncate(part, part.stat().st_size // 2)
    capsys.readouterr()
    assert main([*argv, "--out", "cut.csv"]) == 0
    assert "was damaged" in capsys.readouterr().err
    columns = ["game", "variant", "deal", "status", "method", "solver_tables", "tables", "moves"]
    whole, resumed = read_results("whole.csv"), read_results("cut.csv")
    pd.testing.assert_frame_equal(resumed[columns], whole[columns])
    assert len(resumed) == 6 and set(resumed["status"]) <= set(STATUSES)


def test_the_exhaustive_study_never_replaces_another_runs_file(tmp_path, monkeypatch, capsys):
    """Another seed's finished file, or a finished Tula file, under the same --out: refused in
    words (exit 2) and left as it was; --force replaces it."""
    from tilegames.cli import main

    monkeypatch.chdir(tmp_path)
    assert main([*EXHAUSTIVE, "--seed", "1", "--out", "m.csv"]) == 0
    assert main(["simulate", "tula", "--games", "20", "--no-progress", "--out", "t.csv"]) == 0
    for other in ("m.csv", "t.csv"):
        before = Path(other).read_bytes(), Path(other).with_suffix(".json").read_bytes()
        capsys.readouterr()
        with pytest.raises(SystemExit) as stop:
            main([*EXHAUSTIVE, "--seed", "2", "--out", other])
        assert stop.value.code == 2
        error = capsys.readouterr().err
        assert f"{other} holds another run (" in error and "--force" in error, error
        assert (Path(other).read_bytes(), Path(other).with_suffix(".json").read_bytes()) == before
    assert main([*EXHAUSTIVE, "--seed", "2", "--out", "t.csv", "--force"]) == 0
    assert set(pd.read_csv("t.csv")["status"]) <= set(STATUSES)


@pytest.mark.parametrize("workers", [0, -1, True, 1.5])
def test_the_winnability_run_refuses_a_bad_number_of_workers(workers):
    with pytest.raises(ValueError, match="workers"):
        run_winnability(3, seed=5, workers=workers, progress=False)
