"""The figures behind the teacher's guide's worked answers (exercises/README.md).

    python scripts/course_answers.py        # about a minute on one core; prints each figure

Every figure the guide quotes for the notebooks' "Questions to explore" comes
from here, seeded, so a teacher can re-run it and get the same numbers.
"""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import permutations

import numpy as np

import tilegames
from tilegames import maze, triominos, tula
from tilegames.sim import estimated_games_for_margin, simulate
from tilegames.stats import wilson
from tilegames.tula import findings


def stuck(rng):
    return {"stuck": tula.new_game(rng).stuck_at_start}


def tula_answers() -> None:
    exact = Fraction(math.comb(15, 3), math.comb(23, 3))
    runs, outside = 200, 0
    for seed in range(runs):
        frame = simulate(stuck, 2000, seed=seed, progress=False)
        ci = wilson(int(frame["stuck"].sum()), len(frame))
        outside += not ci.low <= exact <= ci.high
    print(f"01 Q1: exact value outside the 95% interval in {outside} of {runs} runs of 2,000 deals")
    one = Fraction(8 * math.comb(15, 2), math.comb(23, 3))
    hits = sum(
        sum(tula.matches(g.tile_at(p), g.stack_top) for p in ("3A", "3B", "3C")) == 1
        for g in (tula.new_game(seed=s, auto_reveal=True) for s in range(20_000))
    )
    print(
        f"01 Q2: exactly one match {one} = {float(one):.4f}; 20,000 deals: {wilson(hits, 20_000)}"
    )
    first = tula.new_game(seed=129)
    while not first.is_over:  # the first rule: reveal what you can, else take the first move
        moves = first.legal_moves()
        reveals = [m for m in moves if m.kind == "reveal"]
        first.play(reveals[0] if reveals else moves[0])
    by_openness = findings.rule_of_thumb_game(seed=129)[0]  # the rules lesson's rule of thumb
    for rule, game in (("first", first), ("openness", by_openness)):
        print(
            f"01 Q3: seed 129, rule '{rule}': {len(game.stack)} tiles on the stack, won {game.won}"
        )


def lcs(a: list[int], b: list[int]) -> int:
    row = [0] * (len(b) + 1)
    for x in a:
        previous = 0
        for j, y in enumerate(b, start=1):
            current = row[j]
            row[j] = previous + 1 if x == y else max(row[j], row[j - 1])
            previous = current
    return row[-1]


def maze_answers() -> None:
    from tilegames.maze.players import hint

    for seed in range(200):
        game = maze.new_game(seed=seed)
        move = hint(game, max_seconds=2)
        trial = game.copy()
        trial.play(move)
        if trial.score < game.score:
            print(
                f"03 Q1: seed {seed}: the hint {move} lowers the score {game.score} -> {trial.score}"
            )
            break
    rng = np.random.default_rng(3)
    scores = []
    for seed in range(40):
        game = maze.new_game(seed=seed)
        for _ in range(1000):
            moves = game.legal_moves()
            game.play(moves[int(rng.integers(len(moves)))])
        scores.append(game.score)
    print(
        f"03 Q2: score after 1,000 random moves, 40 deals: mean {np.mean(scores):.1f}, "
        f"max {max(scores)} of 48"
    )
    game = maze.new_game(seed=2026)
    order = [card.code for card in game.slots if card is not None]
    suits = sorted({maze.Card.from_code(c).suit for c in order})
    best = 0
    for suit_order in permutations(suits):
        target = [
            c
            for suit in suit_order
            for c in sorted(
                (c for c in order if maze.Card.from_code(c).suit == suit),
                key=lambda c: maze.Card.from_code(c).rank,
            )
        ]
        best = max(best, lcs(order, target))
    print(
        f"03 Q3: seed 2026: at least {48 - best} cards must move (48 − longest kept subsequence {best})"
    )


def triominos_answers() -> None:
    fits = sorted(
        {
            triominos.tile_name(tile)
            for tile in triominos.TILES
            for k in range(3)
            if (tile[k], tile[(k + 2) % 3]) == (3, 3)
        }
    )
    print(f"04 Q2: tiles reading 3, ?, 3 clockwise: {', '.join(fits)}")
    from tilegames.triominos.players import CautiousPlayer, GreedyPlayer, play_out

    game = triominos.new_game(seed=6, players=2)
    play_out(game, [GreedyPlayer(), CautiousPlayer()], check=True)
    bonuses = [
        f"P{e.seat} {game.history[e.move]} ({e.bonus_kind} +{e.bonus})"
        for e in game.events
        if e.kind == "place" and e.bonus_kind in ("hexagon", "bridge")
    ]
    print(f"04 Q4: seed 6 round, bonus placements: {'; '.join(bonuses)}")
    print(
        "05 Q5: rounds for a ±2-point 95% interval around 50%:",
        estimated_games_for_margin(0.5, 0.02),
    )


if __name__ == "__main__":
    print(f"tilegames {tilegames.__version__}")
    tula_answers()
    maze_answers()
    triominos_answers()
