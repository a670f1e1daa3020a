"""The course's checks: right answers pass, typical mistakes get their hint, no hint gives the answer.

Each sheet lists a right answer per question and typical mistakes with a word
their hint must contain. The right answers here are the ones a student
writes; the checks compute theirs from the library.
"""

from __future__ import annotations

import functools
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest

from tilegames import tula
from tilegames.exercises import AnswerFormat, answer_texts
from tilegames.exercises import first_player as first_sheet
from tilegames.exercises import maze as maze_sheet
from tilegames.exercises import mercy as mercy_sheet
from tilegames.exercises import pyramids as pyramids_sheet
from tilegames.exercises import round_score as round_sheet
from tilegames.exercises import triominos as triominos_sheet
from tilegames.exercises import tula as tula_sheet
from tilegames.exercises.players import check_player
from tilegames.exercises.simulation import check_mean, check_proportion
from tilegames.players import Player
from tilegames.stats import mean_interval, paired_difference, wilson


def tula_rows(n=2500, start=0):
    rows = pd.DataFrame({"seed": range(start, start + n)})
    rows["one_match"] = [tula_sheet.one_match(s) for s in rows["seed"]]
    return rows


def _wald(share, n):
    half = 1.96 * (share * (1 - share) / n) ** 0.5
    return (share - half, share + half)


def tula_simulation(rows=None):
    rows = tula_rows() if rows is None else rows
    share = rows["one_match"].mean()
    return {"rows": rows, "estimate": share, "interval": _wald(share, len(rows))}


def _doctored():
    rows = tula_rows()
    rows.loc[5, "one_match"] = not rows.loc[5, "one_match"]
    return tula_simulation(rows)


def _cherry_picked():
    rows = tula_rows(6000)
    rows = pd.concat([rows[rows["one_match"]].head(1800), rows[~rows["one_match"]].head(700)])
    return tula_simulation(rows)


def _narrow():
    sim = tula_simulation()
    low, high = sim["interval"]
    middle = (low + high) / 2
    return {**sim, "interval": (middle - (high - low) / 8, middle + (high - low) / 8)}


SHEETS = {
    "tula": (
        tula_sheet,
        {
            "pairs": 96,
            "non_matching_pair": ("2 Moons", "null Suns"),
            "reveal_now": ["1M", "2C", "2E", "2F"],
            "blocked_1K": {"top", "left", "bottom"},
            "free_layer2": ["2A", "2C", "2D", "2F", "2G"],
            "exactly_one": Fraction(120, 253),
            "neither_given_3A": Fraction(5, 11),
            "expected_matches": Fraction(24, 23),
            "simulate_one_match": tula_simulation,
            "keep_winnable": "1E",
        },
        {
            "pairs": [(192, "twice"), (276, "every pair"), (100, "multiply"), ("96", "string")],
            "non_matching_pair": [
                (("2 Moons", "2 Suns"), "do match"),
                (("2 Moons", "2 Moons"), "different"),
                (("2 Moons", "two Suns"), "not a tile name"),
            ],
            "reveal_now": [
                (["1M", "2C", "2E", "2F", "1E"], "covered"),
                (["1M", "2C", "2E", "2F", "2A"], "face up"),
                (["1M", "2C", "2E"], "missed"),
                ("1M 2C", "a list"),
                (["1M", "9Z"], "not a position"),
            ],
            "blocked_1K": [
                ({"top", "left", "bottom", "right"}, "1L"),
                ({"top", "left"}, "1M"),
                ({"top", "up"}, "not an edge"),
            ],
            "free_layer2": [
                (["2A", "2C"], "bottom corners"),
                (["2A", "2B", "2C", "2D", "2F", "2G"], "2B and 2E"),
                (["1A", "2A"], "layer 2 only"),
            ],
            "exactly_one": [
                (3 * Fraction(8, 23) * Fraction(15, 23) ** 2, "without replacement"),
                (Fraction(8 * 15 * 14, 23 * 22 * 21), "any of the three"),
                (Fraction(8 * 105, 2024), "other 23"),
                (0.474, "not a decimal"),
                ("120/253", "string"),
            ],
            "neither_given_3A": [
                (Fraction(105, 253), "22 are left"),
                (Fraction(91, 231), "15 non-partners"),
                (Fraction(1, 2), "7 remaining partners"),
            ],
            "expected_matches": [
                (Fraction(8, 23), "three positions"),
                (Fraction(188, 253), "at least one"),
                (Fraction(1, 1), "linearity"),
            ],
            "simulate_one_match": [
                ((0.46, 0.49), "interval alone"),
                (0.474, "number alone"),
                (_doctored, "replaying"),
                (_cherry_picked, "fair sample"),
                (_narrow, "too narrow"),
                (lambda: {**tula_simulation(), "estimate": 0.5}, "not the share"),
                (lambda: tula_simulation(tula_rows(500)), "at least 2,000"),
                (lambda: {"rows": [], "estimate": 0.4}, "'interval'"),
            ],
            "keep_winnable": [
                ("1B", "can no longer be won"),
                ("1A", "cannot be removed"),
                (["1E"], "one position"),
            ],
        },
    ),
}


def _proportion(function, column, seeds):
    rows = pd.DataFrame({"seed": list(seeds)})
    rows[column] = [function(s) for s in rows["seed"]]
    share = rows[column].mean()
    return {"rows": rows, "estimate": share, "interval": _wald(share, len(rows))}


def maze_simulation():
    rows = pd.DataFrame({"seed": range(1500)})
    rows["score"] = [maze_sheet.fresh_score(s) for s in rows["seed"]]
    mean, half = rows["score"].mean(), 1.96 * rows["score"].std() / np.sqrt(len(rows))
    return {"rows": rows, "estimate": mean, "interval": (mean - half, mean + half)}


SHEETS["triominos"] = (
    triominos_sheet,
    {
        "tiles_0_to_6": 84,
        "zero_or_five": 36,
        "fits_read_cell": ["0-0-4", "0-4-4", "0-4-5"],
        "pressman_turn": -1,
        "no_triple": Fraction(703, 8268),
        "top_triple_given_any": Fraction(18, 56) / (1 - Fraction(703, 8268)),
        "expected_hand_value": Fraction(135, 2),
        "simulate_no_triple": lambda: _proportion(
            triominos_sheet.no_triple, "no_triple", range(2000)
        ),
        "best_move": "1-1-4 @ 1,3 r1",
    },
    {
        "tiles_0_to_6": [(343, "ordered"), (35, "pairs"), (119, "mirror"), (85, "multisets")],
        "zero_or_five": [(42, "twice"), (20, "neither"), (30, "complement")],
        "fits_read_cell": [
            (["0-0-4", "0-4-4", "0-4-5", "0-1-4"], "clockwise order"),
            (["0-0-4", "0-4-4", "0-4-5", "1-2-3"], "lacks a number"),
            (["0-0-4", "0-4-4"], "missed one"),
            (["0-4-1"], "not a tile"),
        ],
        "pressman_turn": [(-11, "did not pass"), (9, "each draw"), (1, "signs"), (-5, "subtract")],
        "no_triple": [
            (
                Fraction(703, 8268) ** 0
                * Fraction(__import__("math").comb(50, 9), __import__("math").comb(56, 9)),
                "both hands",
            ),
            (1 - Fraction(703, 8268), "opposite"),
            (0.085, "not a decimal"),
        ],
        "top_triple_given_any": [
            (Fraction(18, 56), "given that"),
            (Fraction(1, 6), "not equally likely"),
        ],
        "expected_hand_value": [
            (Fraction(105, 2), "9 tiles"),
            (Fraction(15, 2), "one tile"),
            (60, "add up"),
        ],
        "simulate_no_triple": [((0.07, 0.09), "interval alone")],
        "best_move": [("1-1-4 @ 9,9 r0", "not legal"), ("nonsense", "not a move"), (5, "notation")],
    },
)

SHEETS["maze"] = (
    maze_sheet,
    {
        "gap_in_slot_0": Fraction(1, 13),
        "expected_gaps_row0": Fraction(21, 13),
        "score_shown": 4,
        "into_slot_26": ["4D", "3♦"],
        "p_link": Fraction(5, 188),
        "expected_fresh_score": Fraction(4, 3),
        "simulate_fresh_score": maze_simulation,
        "best_move": "8S -> 40",
    },
    {
        "gap_in_slot_0": [
            (Fraction(1, 9), "slot 0"),
            (Fraction(1, 54), "never dealt"),
            (Fraction(4, 54), "52 slots"),
        ],
        "expected_gaps_row0": [
            (Fraction(9, 13), "always a gap"),
            (Fraction(8, 13), "slot 8"),
            (1, "spread evenly"),
            (2, "slot by slot"),
        ],
        "score_shown": [(2, "missed a link"), (9, "next rank up")],
        "into_slot_26": [
            (["4D", "3D", "5D"], "may not move"),
            (["4D"], "missed one"),
            (["ZZ"], "not a card"),
        ],
        "p_link": [
            (Fraction(1, 47), "four aces"),
            (Fraction(1, 48), "47 cards"),
            (Fraction(44, 2256), "after a queen"),
        ],
        "expected_fresh_score": [(Fraction(5, 4), "ace"), (Fraction(2, 1), "linearity")],
        "simulate_fresh_score": [((1.2, 1.4), "interval alone"), (1.33, "number alone")],
        "best_move": [
            ("7C -> 40", "not legal"),
            ("4♦ -> 26", "does not raise"),
            ("x", "not a move"),
        ],
    },
)

SHEETS["pyramids"] = (
    pyramids_sheet,
    {
        "burner_can_burn": 28,
        "legal_examples": [1, 4],
        "on_yellow10_green10": 12,
        "safe_tiles": ["blue 60", "yellow 10"],
        "p_fire_left_over": Fraction(353, 1419),
        "expected_fire_left_over": Fraction(4, 15),
        "one_given_any": Fraction(328, 353),
        "simulate_fire_left_over": lambda: _proportion(
            pyramids_sheet.fire_left_over, "fire_left_over", range(5000, 7500)
        ),
    },
    {
        "burner_can_burn": [(12, "wood"), (16, "straw"), (45, "stone"), (20, "count")],
        "legal_examples": [
            ([1, 4, 6], "breaks a rule"),
            ([1], "missed a legal one"),
            ([9], "numbered"),
        ],
        "on_yellow10_green10": [(14, "already on the table"), (8, "fire tiles")],
        "safe_tiles": [
            (["blue 60", "yellow 10", "yellow 6"], "collapse"),
            (["blue 60"], "missed one"),
            (["red 100"], "not in your hand"),
            (["purple 3"], "not a tile"),
        ],
        "p_fire_left_over": [
            (Fraction(12, 45), "twice"),
            (1 - Fraction(41, 45) ** 3, "without replacement"),
            (Fraction(1066, 1419), "opposite"),
        ],
        "expected_fire_left_over": [
            (Fraction(4, 45), "one leftover"),
            (Fraction(353, 1419), "at least one"),
            (Fraction(1, 3), "linearity"),
        ],
        "one_given_any": [(Fraction(4 * 820, 14190), "divide"), (Fraction(1, 2), "P(exactly one)")],
        "simulate_fire_left_over": [((0.2, 0.3), "interval alone")],
    },
)


def _value(answer):
    return answer() if callable(answer) else answer


# -- the homework sets ---------------------------------------------------------------------------


class FirstMove(Player):
    def choose(self, view, rng):
        return view.legal_moves[0]


class Peeker(Player):
    """Reaches into its caller for the game, and prefers the tile matching the last face-down one."""

    def choose(self, view, rng):
        import sys

        frame = sys._getframe(1)
        while "game" not in frame.f_locals:
            frame = frame.f_back
        game = frame.f_locals["game"]
        moves = list(view.legal_moves)
        reveals = [m for m in moves if m.kind == "reveal"]
        if reveals:
            return reveals[0]
        down = [p for p in tula.POSITIONS if game.is_present(p) and not game.is_face_up(p)]
        wanted = game.tile_at(down[-1]) if down else None
        return max(
            moves,
            key=lambda m: (
                wanted is not None
                and game.tile_at(m.position) is not None
                and tula.matches(game.tile_at(m.position), wanted)
            ),
        )


class Illegal(Player):
    def choose(self, view, rng):
        return tula.Move.parse("remove 1A")


class Crasher(Player):
    def choose(self, view, rng):
        raise RuntimeError("oops")


def _paired(player, columns, play, seeds):
    rows = pd.DataFrame({"seed": list(seeds)})
    rows[list(columns)] = [play(s) for s in rows["seed"]]
    ci = paired_difference(rows[columns[0]].astype(bool), rows[columns[1]].astype(bool))
    return {"player": player, "rows": rows, "estimate": ci.value, "interval": (ci.low, ci.high)}


@functools.cache
def _mercy_rows(kind, seeds):
    player = tula.make_player("chain")
    other = tula.make_player("greedy")
    if kind == "vs_greedy":
        columns = ("mine", "greedy")
        play = lambda s: (mercy_sheet.won(player, s), mercy_sheet.won(other, s))  # noqa: E731
    else:
        columns = ("with_mercy", "without_mercy")
        play = lambda s: (mercy_sheet.won(player, s, True), mercy_sheet.won(player, s, False))  # noqa: E731
    return _paired(player, columns, play, seeds)


def mercy_vs_greedy(seeds=range(1000, 1300)):
    answer = _mercy_rows("vs_greedy", tuple(seeds))
    return {**answer, "rows": answer["rows"].copy()}


def mercy_effect(seeds=range(300)):
    answer = _mercy_rows("effect", tuple(seeds))
    return {**answer, "rows": answer["rows"].copy()}


def _unpaired(answer, columns=("with_mercy", "without_mercy")):
    rows = answer["rows"]
    a, b = (rows[column].astype(float) for column in columns)
    half = 1.96 * np.sqrt(a.var() / len(a) + b.var() / len(b))
    return {**answer, "interval": (answer["estimate"] - half, answer["estimate"] + half)}


@functools.cache
def _round_points(seeds):
    return [round_sheet.round_points(s) for s in seeds]


def round_mean(seeds=range(400)):
    rows = pd.DataFrame({"seed": list(seeds)})
    rows["round_points"] = _round_points(tuple(seeds))
    ci = mean_interval(rows["round_points"])
    return {"rows": rows, "estimate": ci.value, "interval": (ci.low, ci.high)}


@functools.cache
def _round_pairs():
    return [round_sheet.round_pair(s) for s in range(400)]


def pressman_effect():
    rows = pd.DataFrame({"seed": range(400)})
    rows[["seed_rules", "pressman"]] = _round_pairs()
    ci = mean_interval(rows["pressman"] - rows["seed_rules"])
    return {"rows": rows, "estimate": ci.value, "interval": (ci.low, ci.high)}


@functools.cache
def _first_won(n):
    return [first_sheet.first_won(s) for s in range(n)]


def first_player_test(n=610, **changes):
    rows = pd.DataFrame({"seed": range(n)})
    rows["first_won"] = _first_won(n)
    share = rows["first_won"].mean()
    ci = wilson(int(rows["first_won"].sum()), n)
    z = (share - 0.25) / np.sqrt(0.25 * 0.75 / n)
    from statistics import NormalDist

    p = 2 * (1 - NormalDist().cdf(abs(z)))
    answer = {
        "rows": rows,
        "estimate": share,
        "interval": (ci.low, ci.high),
        "z": z,
        "p_value": p,
        "reject": p < 0.05,
    }
    return {**answer, **changes}


SHEETS["mercy"] = (
    mercy_sheet,
    {
        "overall_gain": Fraction(13, 253),
        "my_player": FirstMove(),
        "vs_greedy": mercy_vs_greedy,
        "mercy_effect": mercy_effect,
        "games_for_margin": 4472,
    },
    {
        "overall_gain": [
            (Fraction(1, 5), "weight the rescue rate"),
            (Fraction(65, 253), "multiply"),
            (Fraction(1, 2), "total probability"),
        ],
        "my_player": [
            (Peeker(), "cannot see"),
            (Illegal(), "not one of view.legal_moves"),
            (Crasher(), "crashed"),
            (lambda: FirstMove, "not the class"),
            (tula.make_player("solver"), "clairvoyant"),
            ("greedy", "choose(self, view, rng)"),
        ],
        "vs_greedy": [
            (lambda: {**mercy_vs_greedy(), "player": None}, "include your player"),
            (lambda: mercy_vs_greedy(seeds=list(range(0, 600, 2))), "consecutive"),
            (lambda: mercy_vs_greedy(seeds=range(100)), "at least 300"),
            (lambda: {**mercy_vs_greedy(), "estimate": 0.2}, "order matters"),
            ((-0.01, 0.02), "interval alone"),
        ],
        "mercy_effect": [
            (lambda: {**mercy_effect(), "player": FirstMove()}, "replaying"),
            (lambda: _unpaired(mercy_effect()), "independent"),
        ],
        "games_for_margin": [(1118, "0.005, not 0.01"), (8944, "half-width"), (100, "solve")],
    },
)

SHEETS["round_score"] = (
    round_sheet,
    {
        "going_out": 55,
        "mean_round_points": round_mean,
        "pressman_effect": pressman_effect,
    },
    {
        "going_out": [(30, "fixed bonus"), (25, "expected value"), (50, "expected values add")],
        "mean_round_points": [
            ({"estimate": 300, "interval": (290, 310)}, "'rows'"),
            (lambda: round_mean(seeds=[s * 3 for s in range(400)]), "consecutive"),
            (lambda: {**round_mean(), "interval": (0, 1000)}, "too wide"),
        ],
        "pressman_effect": [
            (lambda: {**pressman_effect(), "estimate": -pressman_effect()["estimate"]}, "order"),
        ],
    },
)

SHEETS["first_player"] = (
    first_sheet,
    {
        "games_needed": 610,
        "power_200": 0.38,
        "first_player_test": first_player_test,
    },
    {
        "games_needed": [(289, "50% power"), (100, "n = ")],
        "power_200": [
            (0.62, "1 − β"),
            (0.8, "200 games give less"),
            (0.1, "Φ"),
            (1.5, "between 0 and 1"),
        ],
        "first_player_test": [
            (lambda: first_player_test(z=0.5), "z = "),
            (lambda: first_player_test(p_value=first_player_test()["p_value"] / 2), "two-sided"),
            (lambda: first_player_test(reject=True), "below 0.05"),
            (lambda: first_player_test(n=300), "at least 600"),
        ],
    },
)

CASES = [(sheet, key) for sheet, (_, right, _) in SHEETS.items() for key in right]


def test_the_peek_probe_does_not_accuse_players_with_memory_or_dice():
    for name in ("random", "greedy", "matches", "chain"):
        assert (
            check_player(tula.make_player(name), lambda s: tula.new_game(seed=s, mercy=True))
            is None
        )


@pytest.mark.parametrize("sheet", sorted(SHEETS))
def test_every_question_has_a_right_answer_and_mistakes_here(sheet):
    module, right, wrong = SHEETS[sheet]
    assert set(right) == set(module.QUESTIONS.questions) == set(wrong)


@pytest.mark.parametrize(("sheet", "key"), CASES)
def test_right_answers_are_correct_and_the_placeholder_is_not_attempted(sheet, key):
    module, right, _ = SHEETS[sheet]
    assert module.check(key, _value(right[key])).status == "correct"
    assert module.check(key, ...).status == "not attempted"
    module.grade(key, _value(right[key]))  # the autograded cell passes
    with pytest.raises(AssertionError, match="Not attempted"):
        module.grade(key, ...)


@pytest.mark.parametrize(("sheet", "key"), CASES)
def test_wrong_answers_get_a_targeted_hint_that_does_not_give_the_answer(sheet, key):
    module, right, wrong = SHEETS[sheet]
    question = module.QUESTIONS.questions[key]
    secrets = question.answer_texts() + answer_texts(_value(right[key]))
    for answer, word in wrong[key]:
        result = module.check(key, _value(answer))
        assert result.status == "incorrect", (key, answer)
        assert word in result.message, (key, answer, result.message)
        for secret in secrets:
            assert secret not in result.message, (key, secret, result.message)
        with pytest.raises(AssertionError):
            module.grade(key, _value(answer))


@pytest.mark.parametrize("sheet", sorted(SHEETS))
def test_answers_of_any_odd_form_are_incorrect_not_crashes(sheet):
    module, _, _ = SHEETS[sheet]
    odd = ["", "x", 1.5, -3, True, [], {}, (1,), object(), float("nan"), {"rows": "x"}]
    for key, question in module.QUESTIONS.questions.items():
        secrets = question.answer_texts()
        for answer in odd:
            result = module.check(key, answer)
            assert result.status == "incorrect", (key, answer)
            assert result.message
            assert not any(secret in result.message for secret in secrets), (key, answer)


def test_unknown_question_is_a_clear_error():
    with pytest.raises(KeyError, match="no question 'nope'"):
        tula_sheet.check("nope", 1)


def test_answers_that_only_look_right_are_not_accepted():
    assert tula_sheet.check("pairs", 96.5).status == "incorrect"
    assert tula_sheet.check("pairs", True).status == "incorrect"
    assert "not a decimal" in tula_sheet.check("exactly_one", 120 / 253).message


def test_the_last_guard_removes_an_answer_from_a_hint():
    from tilegames.exercises import Question, QuestionSet

    leaky = QuestionSet(
        [Question("q", "?", lambda a: "the answer is 4242", "a number", answer=lambda: 4242)]
    )
    result = leaky.check("q", 1)
    assert result.status == "incorrect" and "4242" not in result.message


def test_a_simulated_proportion_is_judged_by_its_own_sample_size():
    """The same estimate is consistent with a small sample and refused with a huge one."""
    rng = np.random.default_rng(1)

    def answer(n, p):
        outcome = rng.random(n) < p
        rows = pd.DataFrame({"seed": range(n), "hit": outcome})
        share = outcome.mean()
        return {"rows": rows, "estimate": share, "interval": _wald(share, n)}

    # 0.52 observed against a true 0.5: fine for 500 games, not for 200,000
    small = answer(500, 0.52)
    assert check_proportion(small, outcome="hit", rederive=None, reference=0.5) is None
    big = answer(200_000, 0.52)
    hint = check_proportion(big, outcome="hit", rederive=None, reference=0.5)
    assert hint and "fair sample" in hint


def test_a_simulated_mean_is_recomputed_from_its_rows():
    values = np.arange(200) % 7
    rows = pd.DataFrame({"seed": range(200), "points": values})
    mean = values.mean()
    half = 1.96 * values.std(ddof=1) / np.sqrt(200)
    good = {"rows": rows, "estimate": mean, "interval": (mean - half, mean + half)}
    assert check_mean(good, column="points", rederive=lambda s: s % 7) is None
    assert "replaying" in check_mean(good, column="points", rederive=lambda s: s % 5)
    wide = {**good, "interval": (mean - 5 * half, mean + 5 * half)}
    assert "too wide" in check_mean(wide, column="points", rederive=None)
    with pytest.raises(AnswerFormat, match="interval alone"):
        check_mean((1.0, 2.0), column="points", rederive=None)


def test_the_rules_cards_are_drawn_by_the_library_and_committed():
    import importlib.util
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    spec = importlib.util.spec_from_file_location("make_cards", root / "scripts" / "make_cards.py")
    cards = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(cards)
    for game, make in [
        ("tula", cards.tula_card),
        ("maze", cards.maze_card),
        ("triominos", cards.triominos_card),
        ("pyramids", cards.pyramids_card),
    ]:
        text = make()
        assert text.count("<svg") >= 1 and "@page" in text
        committed = (root / "docs" / "cards" / f"{game}.html").read_text(encoding="utf-8")
        assert "<svg" in committed and "<h2>Notation</h2>" in committed
    assert "remove 3B" in cards.tula_card() and "7♦ → 23" in cards.maze_card()


QUICK = {
    tula_sheet: (
        {"null_suns_3_suns": True, "stuck_removals": 0, "never_blocked_floor": ["1A", "1D", "1I", "1L", "1M"]},
        {"null_suns_3_suns": (False, "share the suit"), "stuck_removals": (3, "nothing can be removed"),
         "never_blocked_floor": (["1A", "1D", "1I", "1L"], "missed one")},
    ),
    maze_sheet: (
        {"gaps": 6, "ace_follows_queen": True, "won_score": 48},
        {"gaps": (2, "kings"), "ace_follows_queen": ("True", "not a string"), "won_score": (47, "first card")},
    ),
    triominos_sheet: (
        {"tiles": 56, "tile_0_2_1_exists": False, "hexagon_bonus": 50},
        {"tiles": (216, "ordered"), "tile_0_2_1_exists": (True, "never flip"), "hexagon_bonus": (40, "bridge")},
    ),
    pyramids_sheet: (
        {"blue60_on_blue20_red40": True, "coal_burns_wood": False, "leftovers_4_players": 1},
        {"blue60_on_blue20_red40": (False, "both conditions"), "coal_burns_wood": (True, "burners"),
         "leftovers_4_players": (0, "left over")},
    ),
}  # fmt: skip


@pytest.mark.parametrize("module", list(QUICK), ids=lambda m: m.__name__.rsplit(".", 1)[-1])
def test_check_yourself_questions_for_the_rules_notebooks(module):
    right, wrong = QUICK[module]
    assert set(right) == set(module.CHECK_YOURSELF.questions) == set(wrong)
    for key, answer in right.items():
        assert module.check_yourself(key, answer).correct, key
        assert module.check_yourself(key, ...).status == "not attempted"
    for key, (answer, word) in wrong.items():
        result = module.check_yourself(key, answer)
        assert result.status == "incorrect" and word in result.message, (key, result.message)
        for secret in module.CHECK_YOURSELF.questions[key].answer_texts():
            assert secret not in result.message


def test_the_last_guard_also_hides_an_answer_that_the_format_example_would_show():
    from tilegames.exercises import Question, QuestionSet, as_whole

    def grade(answer):
        as_whole(answer, "a whole number, like 4242")
        return None

    sheet = QuestionSet([Question("q", "?", grade, "a whole number, like 4242", lambda: 4242)])
    result = sheet.check("q", "text")
    assert result.status == "incorrect" and "4242" not in result.message
