"""A student's player in its own process: fair play replays exactly, every fault is refused in words.

Every test starts real processes (sandboxed when the machine allows it).
"""

from __future__ import annotations

import textwrap
import time
from pathlib import Path

import numpy as np
import pytest

from tilegames import pyramids, tula
from tilegames.players import play_game
from tilegames_course.grading import sandbox
from tilegames_course.grading.player_box import PlayerBox, PlayerRefused, player_seed, run_player

PRELUDE = "from tilegames import tula\nfrom tilegames.players import Player\n"
SEEDS = range(1000, 1030)


def deal(seed: int):
    return tula.new_game(seed=seed, mercy=True)


def won(game) -> tuple[bool, int]:
    """Whether the deal was won, and after how many moves (so two different games differ)."""
    return bool(game.won), len(game.history)


def run(source: str, seeds=SEEDS, **limits):
    return run_player(
        textwrap.dedent(source), prelude=PRELUDE, deals=deal, seeds=seeds, outcome=won, **limits
    )


def in_process(source: str, seeds=SEEDS, name: str = "my_player"):
    """The same cell run here, and its player seated by ``play_game`` with the box's seeding."""
    namespace: dict = {"check": lambda *a: None}
    exec(PRELUDE + textwrap.dedent(source), namespace)
    player = namespace[name]
    return tuple(
        won(play_game(deal(s), player, seed=np.random.default_rng(player_seed(s)))) for s in seeds
    )


FAIR = """
class Dice(Player):
    # a player with chance and memory: a mood drawn at the start, a count of its moves
    def start(self, view, rng):
        self.mood, self.moves = rng.random(), 0

    def choose(self, view, rng):
        self.moves += 1
        moves = view.legal_moves
        if self.mood < 0.5 or self.moves % 3 == 0:
            return moves[int(rng.integers(len(moves)))]
        return moves[0]

my_player = Dice()
check("my_player", my_player)
"""


def test_a_fair_player_plays_as_it_does_in_process():
    box = run(FAIR, dice_key=0)  # public dice: what a key replaying a student's rows asks for
    assert box.refusal is None
    assert box.results == in_process(FAIR)
    assert len(set(box.results)) > 5  # games of many lengths: the comparison has substance
    expected = "sandbox (bubblewrap)" if sandbox.available()[0] else "plain process"
    assert box.isolation.startswith(expected)
    assert box.dice_key == 0


def test_the_same_player_without_the_sandbox_plays_the_same():
    again = run(FAIR, seeds=SEEDS[:10], sandboxed=False, dice_key=0)
    assert again.results == in_process(FAIR, SEEDS[:10])


def test_by_default_the_dice_are_secret_and_recorded_for_the_report():
    first, second = run(FAIR, seeds=SEEDS[:12]), run(FAIR, seeds=SEEDS[:12])
    assert first.dice_key != 0 and second.dice_key != 0 and first.dice_key != second.dice_key
    assert first.results != in_process(FAIR, SEEDS[:12])  # not the dice of the public seeds
    # the recorded key replays the grading exactly
    assert run(FAIR, seeds=SEEDS[:12], dice_key=first.dice_key).results == first.results


# a player that knows the public deal seeds: it draws from its dice at the start of each game
# and looks the draw up among the dice of every public seed (issue 33's "recognises its deal")
RECOGNISER = """
import numpy as np
def player_seed(row_seed):  # the grader's public formula (its module is not in the box)
    state = np.random.SeedSequence([row_seed, 0x706C6179]).generate_state(1, np.uint64)[0]
    return int(state)
TABLE = {np.random.default_rng(player_seed(s)).random(): s for s in range(1000, 1030)}
class Recogniser(Player):
    def start(self, view, rng):
        self.deal = TABLE.get(rng.random())
    def choose(self, view, rng):
        return view.legal_moves[0 if self.deal is None else -1]
my_player = Recogniser()
"""


def test_a_player_that_knows_the_seeds_cannot_tell_its_deal_from_its_dice():
    probe = RECOGNISER.replace(
        "return view.legal_moves[0 if self.deal is None else -1]",
        "raise RuntimeError(f'deal {self.deal}')",
    )
    public = run(probe, seeds=SEEDS[:1], dice_key=0)
    assert public.refusal.startswith("your player crashed in the game with seed 1000")
    assert "deal 1000" in public.refusal  # with public dice it would know its deal
    secret = run(probe, seeds=SEEDS[:1])
    assert "deal None" in secret.refusal  # with the grader's secret it knows nothing


def test_a_slow_player_uses_up_the_same_budget_and_keeps_the_games_it_finished():
    slow = """
    import time
    class Slow(Player):
        def start(self, view, rng):
            time.sleep(0.35)  # issue 33: only inside the box, a little every game
        def choose(self, view, rng):
            return view.legal_moves[0]
    my_player = Slow()
    """
    began = time.monotonic()
    box = run(slow, seeds=range(1000, 1400), budget_seconds=3)
    assert time.monotonic() - began < 30
    assert box.timed_out
    assert box.refusal.startswith("your player used up its 3 s for all its games")
    assert 3 <= len(box.results) <= 9  # the games it finished in its 3 s
    fast = run(FAIR.replace("Dice()", "Dice()"), seeds=SEEDS[:5], budget_seconds=3)
    assert fast.refusal is None and not fast.timed_out and len(fast.results) == 5


def test_player_seed_is_not_the_deal_seed():
    assert player_seed(1000) != 1000
    assert len({player_seed(s) for s in range(1000)}) == 1000
    assert player_seed(1000, key=987654321) not in {player_seed(s) for s in range(2000)}


CRASH = """
class Crasher(Player):
    def choose(self, view, rng):
        if len(view.legal_moves) < 100:
            return view.no_such_thing
my_player = Crasher()
"""


def test_a_crash_is_refused_saying_where():
    box = run(CRASH)
    assert box.results == ()
    assert box.refusal == (
        "your player crashed in the game with seed 1000 at move 1: AttributeError: "
        "'PlayerView' object has no attribute 'no_such_thing' (line 5 of your answer cell)"
    )


def test_a_crash_later_keeps_the_games_before_it():
    source = """
    class LateCrash(Player):
        games = 0
        def start(self, view, rng):
            LateCrash.games += 1
        def choose(self, view, rng):
            if LateCrash.games == 3:
                raise ValueError("no more")
            return view.legal_moves[0]
    my_player = LateCrash()
    """
    box = run(source)
    assert len(box.results) == 2
    assert box.refusal.startswith("your player crashed in the game with seed 1002 at move 1:")
    assert "ValueError: no more (line 8 of your answer cell)" in box.refusal


def test_an_illegal_move_is_refused():
    source = """
    class Cheat(Player):
        def choose(self, view, rng):
            return tula.Move("remove", "4A")  # the apex: never free at the start
    my_player = Cheat()
    """
    assert run(source).refusal == (
        "In the game with seed 1000 at move 1 your player chose 'remove 4A', which is not one "
        "of view.legal_moves: choose one of those."
    )


def test_something_that_is_not_a_move_is_refused():
    text = """
    class Words(Player):
        def choose(self, view, rng):
            return str(view.legal_moves[0])
    my_player = Words()
    """
    assert run(text).refusal == (
        "In the game with seed 1000 at move 1 your player returned 'reveal 3A' (a str), "
        "not a move: return one of view.legal_moves."
    )
    nothing = """
    class Forgetful(Player):
        def choose(self, view, rng):
            view.legal_moves[0]
    my_player = Forgetful()
    """
    assert "choose returned None, not a move" in run(nothing).refusal


def test_a_slow_player_is_stopped_and_refused():
    source = """
    import time
    class Slow(Player):
        def choose(self, view, rng):
            if len(view.legal_moves) < 3:
                time.sleep(60)
            return view.legal_moves[0]
    my_player = Slow()
    """
    began = time.monotonic()
    with PlayerBox(textwrap.dedent(source), prelude=PRELUDE, move_seconds=0.5) as box:
        process = box._process
        with pytest.raises(
            PlayerRefused, match=r"took longer than 0\.5 s to choose a move in game 1"
        ):
            box.play(deal(1000), player_seed=1)
        assert process.poll() is not None  # the process was ended
        with pytest.raises(PlayerRefused):  # and the refusal stands
            box.play(deal(1001), player_seed=2)
    assert time.monotonic() - began < 30


def test_a_cell_that_never_finishes_is_refused():
    source = "while True:\n    pass\n"
    began = time.monotonic()
    box = run(source, seeds=[1], start_seconds=1)
    assert box.refusal == "your answer cell took longer than 1 s to run."
    assert time.monotonic() - began < 20


def test_the_box_is_never_handed_the_game():
    with PlayerBox(textwrap.dedent(FIRST), prelude=PRELUDE) as box:
        game = deal(1)
        with pytest.raises(TypeError, match="never the game"):
            box.choose(game, rng_seed=1)
        assert box.choose(game.player_view(0), rng_seed=1) in game.legal_moves()


@pytest.mark.parametrize(
    ("cell", "refusal"),
    [
        (
            "mine = 3",
            "your answer cell does not define my_player: end it with my_player = MyPlayer().",
        ),
        (
            "my_player = ...",
            "my_player is still ...: write your player's class and set my_player = MyPlayer().",
        ),
        (
            "class Mine(Player):\n    def choose(self, view, rng):\n        return view.legal_moves[0]\nmy_player = Mine",
            "give an instance of your player, like MyPlayer(), not the class.",
        ),
        ("my_player = 42", "a player needs a method choose(self, view, rng) that returns a move."),
        (
            "x = 1\nmy_player = undefined_thing",
            "your answer cell crashed before your player could play: NameError: name "
            "'undefined_thing' is not defined (line 2 of your answer cell)",
        ),
    ],
)
def test_a_cell_without_a_player_is_refused(cell, refusal):
    assert run(cell, seeds=[1000]).refusal == refusal


def test_the_librarys_players_are_refused():
    assert run("my_player = tula.make_player('greedy')").refusal == (
        "write your own player: my_player is the library's GreedyPlayer (tilegames.tula.players)."
    )
    built_on = """
    from tilegames.tula.players import GreedyPlayer
    class Mine(GreedyPlayer):
        name = "mine"
    my_player = Mine()
    """
    assert run(built_on).refusal == (
        "write your own player: my_player is built on the library's GreedyPlayer "
        "(tilegames.tula.players)."
    )


RENAMED = """
for klass in type(my_player).__mro__:  # issue 33: every class of it "my own" by its module
    if klass.__module__.startswith("tilegames"):
        klass.__module__ = "__main__"
"""

DISGUISED = "my_player = tula.make_player('greedy')\n" + RENAMED

COPIED = (
    """
import inspect, textwrap
from tilegames.tula import players as library
namespace = dict(vars(library))
exec(textwrap.dedent(inspect.getsource(library.{name})), namespace)
kind = namespace["{name}"]
kind.__qualname__ = kind.__name__ = "MyVeryOwnPlayer"
my_player = kind()
"""
    + RENAMED
)


@pytest.mark.parametrize(
    "source, twin",
    [
        (DISGUISED, "greedy"),
        (COPIED.replace("{name}", "GreedyPlayer"), "greedy"),
    ],
)
def test_a_disguised_library_player_is_refused_by_what_it_plays(source, twin):
    box = run(source, seeds=range(1000, 1020))
    assert box.refusal == (
        f"write your own player: my_player makes exactly the moves of the library's {twin} player."
    )
    assert box.results == ()  # a library player's games are not the student's


def test_players_of_ones_own_are_not_taken_for_the_library():
    first = "class First(Player):\n    def choose(self, view, rng):\n        return view.legal_moves[0]\nmy_player = First()\n"
    for source in (FAIR, first):  # "first" plays like greedy in all but a few telling choices
        box = run(source, seeds=range(1000, 1020))
        assert box.refusal is None, box.refusal
        assert len(box.results) == 20


def test_the_clairvoyant_solver_as_my_player_is_refused():
    refusal = run("my_player = tula.make_player('solver')").refusal
    assert refusal == (
        "write your own player: my_player is the library's SolverPlayer (tilegames.tula.players)."
    )


def test_a_clairvoyant_player_of_ones_own_is_refused():
    source = """
    class SeeAll(Player):
        clairvoyant = True
        def choose(self, game, rng):
            return game.legal_moves()[0]
    my_player = SeeAll()
    """
    assert run(source).refusal.startswith(
        "your player says it is clairvoyant (clairvoyant = True), but a homework player only "
        "ever receives its view"
    )


# -- the peekers of issue 21: in the box there is no game to find -------------------------------

PEEK_WITH = """
from tilegames.tula.solver import solve
class Peeker(Player):
    def choose(self, view, rng):
        reveals = [move for move in view.legal_moves if move.kind == "reveal"]
        if reveals:
            return reveals[0]
        game = self.find()
        if game is not None:  # play the line the all-seeing solver knows wins
            plan = solve(game).moves
            if plan and plan[0] in view.legal_moves:
                return plan[0]
        return view.legal_moves[-1]
"""

FRAMES = """
import sys
class FramePeeker(Peeker):
    def find(self):
        frame = sys._getframe(1)
        while frame is not None:
            found = frame.f_locals.get("game")
            if isinstance(found, tula.Game):
                return found
            frame = frame.f_back
        return None
my_player = FramePeeker()
"""

GC = """
import gc
class GcPeeker(Peeker):
    def start(self, view, rng):  # look once a game: gc holds every object of the process
        self.game = next((o for o in gc.get_objects() if isinstance(o, tula.Game)
                          and not o.is_over and o.player_view() == view), None)
    def find(self):
        return self.game
my_player = GcPeeker()
"""

COPIES = """
import sys
class CopyPeeker(Peeker):
    copied = False
    def __deepcopy__(self, memo):  # a probe copies it: play fair there
        twin = CopyPeeker()
        twin.copied = True
        return twin
    def find(self):
        if self.copied:
            return None
        frame = sys._getframe(1)
        while frame is not None:
            for value in list(frame.f_locals.values()):
                if isinstance(value, tula.Game):
                    return value.copy()
            frame = frame.f_back
        return None
my_player = CopyPeeker()
"""

BLIND = """
class Blind(Peeker):
    def find(self):
        return None
my_player = Blind()
"""

FIRST = """
class First(Player):
    def choose(self, view, rng):
        return view.legal_moves[0]
my_player = First()
"""


@pytest.mark.parametrize("peeker", [FRAMES, GC, COPIES], ids=["frames", "gc", "copies"])
def test_peekers_find_no_game_in_the_box(peeker):
    seeds = range(1000, 1020)
    source = PEEK_WITH + peeker
    peeking_here = in_process(source, seeds)
    fair = in_process(PEEK_WITH + BLIND, seeds)
    assert sum(won for won, _ in peeking_here) > sum(won for won, _ in fair)  # here it peeks
    box = run(source, seeds=seeds)
    assert box.refusal is None
    assert box.results == fair  # in the box it found nothing and played from its view


# -- what else a student's code may try ----------------------------------------------------------


def test_output_is_discarded_and_exit_is_refused():
    loud = """
    import sys
    class Loud(Player):
        def choose(self, view, rng):
            print("x" * 1_000_000)
            sys.stderr.write("y" * 1_000_000)
            os.write(1, b"z" * 100_000)
            return view.legal_moves[0]
    import os
    my_player = Loud()
    """
    assert run(loud, seeds=SEEDS[:3]).results == in_process(FIRST, SEEDS[:3])
    leaving = """
    import os
    class Leaving(Player):
        def choose(self, view, rng):
            os._exit(3)
    my_player = Leaving()
    """
    refusal = run(leaving).refusal
    assert refusal.startswith("your player's process ended in the game with seed 1000 at move 1")
    assert "os._exit()" in refusal
    exiting = "class Exit(Player):\n    def choose(self, view, rng):\n        raise SystemExit(0)\nmy_player = Exit()"
    assert "SystemExit: 0" in run(exiting).refusal


def test_writing_into_the_answer_pipe_is_refused_not_trusted():
    source = """
    import os
    class Forger(Player):
        def choose(self, view, rng):
            for fd in os.listdir("/proc/self/fd"):
                try:
                    os.write(int(fd), b"{" * 100_000)
                except OSError:
                    pass
            return view.legal_moves[0]
    my_player = Forger()
    """
    assert run(source).refusal == (
        "your player's process wrote something that is not an answer in the game with seed "
        "1000 at move 1."
    )


def test_check_in_the_cell_is_harmless():
    prelude = PRELUDE + "def check(*args):\n    raise RuntimeError('the real check ran')\n"
    box = run_player(FAIR, prelude=prelude, deals=deal, seeds=SEEDS[:5], outcome=won)
    assert box.refusal is None


def test_a_failing_prelude_is_the_graders_error_not_a_refusal():
    with pytest.raises(RuntimeError, match="the prelude failed.*ModuleNotFoundError"):
        run_player(FAIR, prelude="import no_such_module", deals=deal, seeds=[1], outcome=won)


@pytest.mark.skipif(not sandbox.available()[0], reason="no sandbox on this machine")
def test_hidden_folders_stay_hidden_from_the_player(tmp_path):
    secret = tmp_path / "source"
    secret.mkdir()
    (secret / "key.txt").write_text("the answer")
    source = f"""
    class Reader(Player):
        def choose(self, view, rng):
            open({str(secret / "key.txt")!r}).read()
            return view.legal_moves[0]
    my_player = Reader()
    """
    assert run(source, seeds=[1], sandboxed=False).refusal is None  # it can read it outside
    refusal = run(source, seeds=[1], hide=[secret]).refusal
    assert "FileNotFoundError" in refusal


@pytest.mark.skipif(not sandbox.available()[0], reason="no sandbox on this machine")
def test_the_teachers_package_its_keys_and_the_grading_code_are_not_in_the_box():
    """The grading lives in the teacher's package, beside the answer keys: the box's child runs
    from text, so the sandbox covers the whole package and the player reaches none of it."""
    kit = pytest.importorskip("tilegames_course")
    files = [Path(kit.__file__), Path(sandbox.__file__).with_name("player_inside.py")]
    files += sorted((kit.folder() / "keys").glob("*.py"))[:2]
    assert len(files) == 4 and all(path.is_file() for path in files)  # there, outside
    source = f"""
    import importlib.util, os
    class Reader(Player):
        def choose(self, view, rng):
            seen = [path for path in {[str(path) for path in files]!r} if os.path.exists(path)]
            # an installed kit's folder is there, empty (covered): at most an empty namespace
            kit = importlib.util.find_spec("tilegames_course")
            held = [os.listdir(p) for p in kit.submodule_search_locations] if kit else []
            grading = importlib.util.find_spec("tilegames_course.grading") if kit else None
            raise RuntimeError(f"saw {{seen}} kit holds {{sum(held, [])}} grading {{grading}}")
    my_player = Reader()
    """
    refusal = run(source, seeds=[1]).refusal
    assert "saw [] kit holds [] grading None" in refusal, refusal
    outside = run(source, seeds=[1], sandboxed=False).refusal  # the control: a plain process
    assert "saw []" not in outside, outside


def test_a_seat_of_a_game_with_others():
    source = """
    class FirstOfMine(Player):
        def choose(self, view, rng):
            return view.legal_moves[0]
    my_player = FirstOfMine()
    """
    game = pyramids.new_game(seed=5)
    with PlayerBox(textwrap.dedent(source), prelude=PRELUDE) as box:
        box.play(game, player_seed=9, seat=0, others=pyramids.make_player("random"))
    assert game.is_over
    replay, mine, theirs = pyramids.new_game(seed=5), 0, 0
    for move in game.history:  # seat 0 always played its first legal move: the box's player
        if replay.to_move == 0:
            assert move == replay.legal_moves()[0]
            mine += 1
        else:
            theirs += 1
        replay.play(move)
    assert mine and theirs


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="Python variable name"):
        PlayerBox("", prelude="", name="my player")
    with pytest.raises(ValueError, match="move_seconds must be a positive number"):
        PlayerBox("", prelude="", move_seconds=0)
    with pytest.raises(TypeError, match="text of notebook cells"):
        PlayerBox(None, prelude="")


def test_no_process_outlives_its_box():
    with PlayerBox(textwrap.dedent(FIRST), prelude=PRELUDE) as box:
        process = box._process
        box.play(deal(1), player_seed=1)
    assert process.poll() is not None
