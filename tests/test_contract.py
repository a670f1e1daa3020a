"""One conformance suite for every game in ``tilegames.GAMES`` (after OpenSpiel's random_sim_test).

Every game must: export the same names; play random games to the end with its
invariant intact after every move; refuse garbage moves and hostile ``Move``
values leaving the state byte-identical (or, when it accepts one, save and
reload it to an equal game); undo and redo exactly; copy independently; save
to JSON and load back equal, mid-game and finished; refuse corrupt saves whole;
replay the same game from the same seed; seat every registered player from
every seat; and give players views that hold no game and hide what is hidden.
Game-specific rules (the worked checks) are tested in each game's folder.
"""

from __future__ import annotations

import ast
import contextlib
import copy
import dataclasses
import enum
import gc
import inspect
import json
import pathlib
import types

import numpy as np
import pytest
import toygame

import tilegames
from tilegames import GAMES, BadNotation, IllegalMove, InvalidPosition
from tilegames.game import GAME_MEMBERS, PACKAGE_MEMBERS, GameState
from tilegames.players import Player, play_game
from tilegames.rules_base import RulesBase, alias_problems, rule_fields
from tilegames.spec import GameSpec

PACKAGE_ROOT = pathlib.Path(tilegames.__file__).parent
BUILT_IN = list(tilegames.BUILT_IN)
"""The games tilegames ships."""
NAMES = [*GAMES, toygame.SPEC.name]
"""Every game of ``tilegames.GAMES`` (the built-in four and any installed plug-in, such as
``tests/plugins/tilegames-pig`` where ``tests/test_plugins.py`` installs it), and the toy game of
``tests/toygame``, registered at run time for this suite."""
SEEDS = range(6)
MAX_MOVES = 400


@pytest.fixture(autouse=True, scope="module")
def _toy_game_registered():
    """The toy game, registered through its spec alone, takes the whole suite with the others."""
    tilegames.register(toygame.SPEC)
    yield
    tilegames.unregister(toygame.SPEC.name)


def package(name: str):
    return GAMES[name]


def seats(name: str) -> int:
    """The seats of the games this suite deals: the fewest the game's spec allows."""
    return GAMES.spec(name).seats[0]


def state_of(game, *, redo: bool = True) -> str:
    """Everything a game holds, as text: a refused move must leave it identical.

    ``redo=False`` leaves out whether a redo is pending (play then undo leaves one).
    """
    parts = (game.to_json(), game._snapshot(), game.can_undo)
    return repr(parts + (game.can_redo,) if redo else parts)


def random_game(name: str, seed: int, moves: int | None = None):
    """A game of ``name`` from ``seed`` with ``moves`` random legal moves played (None: to the end)."""
    game = package(name).new_game(seed)
    rng = np.random.default_rng(seed)
    while not game.is_over and len(game.history) < (MAX_MOVES if moves is None else moves):
        legal = game.legal_moves()
        game.play(legal[int(rng.integers(len(legal)))])
    return game


# -- the shape -------------------------------------------------------------------------
def test_every_game_package_is_registered():
    folders = {path.parent.name for path in PACKAGE_ROOT.glob("*/rules.py")}
    assert folders == set(BUILT_IN), (
        "a game package is missing from tilegames.GAMES (or vice versa)"
    )
    assert set(BUILT_IN) <= set(GAMES) and list(GAMES)[:4] == BUILT_IN, "in teaching order"
    assert set(GAMES) == set(NAMES), "the toy game is registered for this suite"


@pytest.mark.parametrize("name", NAMES)
def test_the_spec_is_the_games_declaration(name):
    spec = GAMES.spec(name)
    assert isinstance(spec, GameSpec) and spec.name == name == spec.Game.GAME
    assert spec.module is package(name) and spec.module.SPEC is spec
    assert spec.Rules is package(name).Rules and spec.players is package(name).PLAYERS
    for preset in spec.presets().values():
        assert isinstance(preset, spec.Rules)
    assert callable(spec.render_module().text) and callable(spec.render_module().svg)
    assert all(field.doc for field in rule_fields(spec.Rules)), "every rule says what it does"


@pytest.mark.parametrize("name", NAMES)
def test_seats_scores_and_their_direction_follow_the_spec(name):
    spec = GAMES.spec(name)
    low, high = spec.seats
    for count in range(low, high + 1):
        options = {"players": count} if high > 1 else {}
        game = play_game(
            spec.new_game(count, **options),
            _random_seats(name) * count,
            seed=count,
            max_moves=MAX_MOVES,
        )
        scores = game.scores
        assert isinstance(scores, list) and len(scores) == count, scores
        assert all(type(points) is int for points in scores)
        if game.is_over and game.winner is not None and count > 1:
            best = spec.best_seat(scores)
            assert scores[game.winner] == scores[best], (spec.score_direction, scores, game.winner)


@pytest.mark.parametrize("name", NAMES)
def test_copies_keep_or_drop_undo_as_asked(name):
    game = random_game(name, 1, moves=6)
    kept, dropped = game.copy(keep_undo=True), game.copy(keep_undo=False)
    assert kept == game == dropped and kept.can_undo == game.can_undo
    assert not dropped.can_undo and not dropped.can_redo
    if game.can_undo:
        kept.undo()
        assert kept != game


def test_the_written_contract_is_the_codes():
    """``docs/contract.md`` cannot fall behind the code: its reference (every field of
    ``GameSpec``, every name a game must export or provide, every abstract hook, every test of
    this suite) is what ``scripts/contract_reference.py`` writes from the code today, and it
    names each of them."""
    import importlib.util
    import re

    page = PACKAGE_ROOT.parent / "docs" / "contract.md"
    script = PACKAGE_ROOT.parent / "scripts" / "contract_reference.py"
    if not (page.exists() and script.exists()):
        pytest.skip("an installed tilegames has no docs/ beside it (the checkout's test runs this)")
    loaded = importlib.util.spec_from_file_location("contract_reference", script)
    writer = importlib.util.module_from_spec(loaded)
    loaded.loader.exec_module(writer)
    text = page.read_text(encoding="utf-8")
    assert writer.reference() in text, (
        "docs/contract.md's reference is not the code's: python scripts/contract_reference.py --write"
    )
    required = [
        *PACKAGE_MEMBERS,
        *GAME_MEMBERS,
        *sorted(GameState.__abstractmethods__),
        *(field.name for field in dataclasses.fields(GameSpec)),
        "DEAL_FIELDS",
    ]
    missing = [name for name in required if not re.search(rf"(?<![\w.]){re.escape(name)}\b", text)]
    assert not missing, f"docs/contract.md does not name {missing}"


def test_a_game_that_leaves_out_a_hook_cannot_be_made():
    """The hooks are abstract: leaving one out fails when the game is made, naming it."""
    hooks = {name: vars(toygame.Game)[name] for name in GameState.__abstractmethods__}
    assert {"legal_moves", "_apply", "_snapshot", "player_view", "from_deal_dict"} <= set(hooks)
    for left_out in sorted(hooks):
        others = {key: hook for key, hook in hooks.items() if key != left_out}
        unfinished = type("Unfinished", (GameState,), {**others, "GAME": "unfinished"})
        with pytest.raises(TypeError, match=left_out):
            unfinished()
    finished = type("Finished", (GameState,), {**hooks, "GAME": "finished"})
    assert finished().history == []


@pytest.mark.parametrize("name", NAMES)
def test_the_package_exports_the_shared_names(name):
    module = package(name)
    missing = [member for member in PACKAGE_MEMBERS if not hasattr(module, member)]
    assert not missing, f"tilegames.{name} lacks {missing}"
    unexported = [member for member in PACKAGE_MEMBERS if member not in module.__all__]
    dangling = [member for member in module.__all__ if not hasattr(module, member)]
    assert not unexported and not dangling, (name, unexported, dangling)
    assert issubclass(module.Game, GameState)
    assert module.Game.MOVE is module.Move
    assert name == module.Game.GAME
    absent = [member for member in GAME_MEMBERS if not hasattr(module.new_game(1), member)]
    assert not absent, f"{name} games lack {absent}"
    assert issubclass(module.Rules, RulesBase) and dataclasses.is_dataclass(module.Rules)
    assert module.Rules.presets(), f"{name} names no rule presets"
    for preset in module.Rules.presets().values():
        assert module.Rules.from_dict(json.loads(json.dumps(preset.to_dict()))) == preset
    assert module.play_game is play_game
    for key, cls in module.PLAYERS.items():
        assert issubclass(cls, Player) and cls.name == key and cls.description


@pytest.mark.parametrize("name", NAMES)
def test_each_rule_and_rule_set_has_one_name_and_its_aliases_are_declared_in_one_place(name):
    """Old names live only in ``Rules.ALIASES``: each points at a rule or a preset, none is a
    name itself, and each resolves to what its name does; the spec's shortcut flags
    (``rule_flags``) use the names."""
    rules = package(name).Rules
    assert alias_problems(rules) == []
    fields = {field.name for field in dataclasses.fields(rules)}
    assert not fields & set(rules.PRESETS), "a preset named like a rule"
    for alias, target in rules.ALIASES.items():
        if target in rules.PRESETS:
            assert rules.preset(alias) == rules.preset(target)
            assert alias not in rules.presets()  # listed once, by its name
        else:
            assert rules.name_of(alias, "rule") == target
    spec = GAMES.spec(name) if name in GAMES else toygame.SPEC
    for flag, meaning in spec.rule_flags.items():  # a shortcut names a rule set or a rule
        if meaning.startswith("@"):
            assert rules.name_of(meaning[1:]) == meaning[1:], flag
        else:
            rule = meaning.partition("=")[0]
            assert rules.name_of(rule, "rule") == rule, flag


@pytest.mark.parametrize("name", NAMES)
def test_rules_refuse_unknown_missing_and_wrong_fields(name):
    rules = package(name).Rules()
    data = rules.to_dict()
    for broken in (
        {**data, "colour": True},
        {key: value for key, value in list(data.items())[1:]},
        {**data, next(iter(data)): object()},
        [],
    ):
        with pytest.raises(InvalidPosition):
            package(name).Rules.from_dict(broken)


# -- random play -----------------------------------------------------------------------
@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_games_keep_every_invariant_and_save_at_every_step(name, seed):
    game = package(name).new_game(seed)
    rng = np.random.default_rng(seed)
    assert game.invariant_errors() == []
    while not game.is_over and len(game.history) < MAX_MOVES:
        legal = game.legal_moves()
        assert legal, "a game that is not over has a legal move"
        assert game.to_move is not None
        move = legal[int(rng.integers(len(legal)))]
        assert package(name).Move.parse(str(move)) == move, "notation round-trips"
        game.play(move)
        assert game.invariant_errors() == [], str(move)
        if rng.random() < 0.15:
            assert package(name).Game.from_json(game.to_json()) == game
    if game.is_over:
        assert game.legal_moves() == []
        assert package(name).Game.from_json(game.to_json()) == game


@pytest.mark.parametrize("name", NAMES)
def test_declared_chance_is_what_play_does(name):
    """Where a game declares what chance decides (``chance_outcomes``), the probabilities are
    exact and add up to 1, playing the move gives the position of one of its outcomes
    (``after_outcome``), and a look-ahead changes nothing and cannot be saved; where it declares
    nothing, a look-ahead is refused."""
    from fractions import Fraction

    for seed in range(3):
        game = random_game(name, seed, moves=seed * 5)
        for _ in range(30):
            if game.is_over:
                break
            before = state_of(game)
            for move in game.legal_moves():
                outcomes = game.chance_outcomes(move)
                if not outcomes:
                    with pytest.raises(ValueError, match="not an outcome"):
                        game.after_outcome(move, 0)
                    continue
                assert all(type(chance) is Fraction and chance > 0 for _, chance in outcomes)
                assert sum(chance for _, chance in outcomes) == 1
                assert len({outcome for outcome, _ in outcomes}) == len(outcomes)
                looks = [game.after_outcome(move, outcome) for outcome, _ in outcomes]
                assert state_of(game) == before, "a look-ahead leaves the game alone"
                played = game.copy()
                played.play(move)
                assert any(look == played for look in looks), (str(move), outcomes)
                assert all(look.invariant_errors() == [] for look in looks)
                with pytest.raises(ValueError, match="cannot be saved"):
                    looks[0].to_dict()
            game.play(game.legal_moves()[0])


@pytest.mark.parametrize("name", NAMES)
def test_undo_and_redo_are_exact_and_copies_independent(name):
    game = random_game(name, 3, moves=30)
    states = []
    replay = package(name).new_game(3)
    for move in game.history:
        states.append(state_of(replay))
        replay.play(move)
    twin = game.copy()
    taken = []
    while game.can_undo:
        taken.append(game.undo())
        assert repr(game._snapshot()) == repr(
            package(name).Game.from_dict({**game.to_dict()})._snapshot()
        )
    assert game == package(name).new_game(3)
    for _ in taken:
        game.redo()
    assert game == twin
    twin.play(twin.legal_moves()[0]) if not twin.is_over else None
    assert game != twin or twin.is_over


@pytest.mark.parametrize("name", NAMES)
def test_the_same_seed_replays_the_same_game(name):
    first = play_game(package(name).new_game(11), _random_seats(name), seed=5, max_moves=300)
    second = play_game(package(name).new_game(11), _random_seats(name), seed=5, max_moves=300)
    assert first == second and first.to_json() == second.to_json()


def _random_seats(name):
    return [package(name).make_player("random") for _ in range(seats(name))]


# -- refusals --------------------------------------------------------------------------
GARBAGE = [
    "",
    " ",
    "x",
    "remove",
    "reveal 9Z",
    "@",
    "0-0-0 @ 0,0 r9",
    "yellow 20 @ ",
    "fall up",
    "AD -> ",
    "7D -> 999",
    "9" * 4301,
    "1-2-3 @ " + "9" * 5000 + ",0 r0",
    "\x00",
    "remove 3A; remove 3B",
    "draw draw",
    "💥",
]
HOSTILE_VALUES = [
    None,
    True,
    False,
    -1,
    0.0,
    1.5,
    float("nan"),
    10**50,
    "",
    "up",
    "LEFT",
    "Remove",
    (0,),
    (0.0, 0.0),
    (False, -2),
    [1, 2],
    {"a": 1},
    object(),
]


@pytest.mark.parametrize("name", NAMES)
def test_garbage_notation_is_refused_and_changes_nothing(name):
    game = random_game(name, 2, moves=5)
    before = state_of(game)
    legal = [str(move) for move in game.legal_moves()]
    rng = np.random.default_rng(0)
    mutated = []
    for text in legal[:20]:
        chars = list(text)
        if chars:
            chars[int(rng.integers(len(chars)))] = chr(int(rng.integers(32, 127)))
        mutated.append("".join(chars))
    for text in GARBAGE + mutated:
        try:
            game.play(text)
        except IllegalMove as error:
            assert str(error), "a refusal says why"
            assert state_of(game) == before, text
        else:  # a mutation that happens to be legal: it must save and reload
            assert package(name).Game.from_json(game.to_json()) == game
            game.undo()
            assert state_of(game) != before or True
            before = state_of(game)
    with pytest.raises(BadNotation):
        game.play(12345)


@pytest.mark.parametrize("name", NAMES)
def test_hostile_move_values_are_refused_or_saved_faithfully(name):
    game = random_game(name, 4, moves=4)
    move_type = package(name).Move
    examples = game.legal_moves()[:6]
    assert dataclasses.is_dataclass(move_type)
    for example in examples:
        for field in dataclasses.fields(move_type):
            for value in HOSTILE_VALUES:
                before = state_of(game)
                try:
                    move = dataclasses.replace(example, **{field.name: value})
                    game.play(move)
                except IllegalMove:
                    assert state_of(game) == before, (field.name, value)
                    continue
                # accepted: the saved game must reload to the very same game
                assert package(name).Game.from_json(game.to_json()) == game, (field.name, value)
                game.undo()


# -- saving ----------------------------------------------------------------------------
@pytest.mark.parametrize("name", NAMES)
def test_saved_games_do_not_share_anything_with_the_game(name):
    game = random_game(name, 5, moves=6)
    saved = game.to_dict()
    reference = game.to_json()
    _scramble(saved)
    assert game.to_json() == reference, "editing a saved dict changed the game"
    data = json.loads(reference)
    loaded = package(name).Game.from_dict(data)
    _scramble(data)
    assert loaded.to_json() == reference, "editing the loaded dict changed the game"


def _scramble(value) -> None:
    if isinstance(value, dict):
        for key in list(value):
            _scramble(value[key])
        value["zz"] = 1
    elif isinstance(value, list):
        for item in value:
            _scramble(item)
        value.append(None)


@pytest.mark.parametrize("name", NAMES)
def test_corrupt_saves_are_refused_whole(name):
    game = random_game(name, 7, moves=8)
    good = json.loads(game.to_json())
    Game = package(name).Game
    nested = "[" * 5000 + "]" * 5000
    broken = [
        None,
        [],
        {**good, "game": "chess"},
        {**good, "version": True},
        {**good, "extra": 1},
        {**good, "moves": [*good["moves"], "nonsense"]},
        {**good, "moves": [1]},
        {**good, "deal": {**good["deal"], "unknown": float("nan")}},
        {**good, "deal": {**good["deal"], "rules": {}}},
        {**good, "deal": {**good["deal"], "seed": -3}},
        {**good, "deal": {**good["deal"], "seed": 1.5}},
        {**good, "deal": nested},
    ]
    for key in good["deal"]:
        broken.append({**good, "deal": {k: v for k, v in good["deal"].items() if k != key}})
    for data in broken:
        with pytest.raises(InvalidPosition):
            Game.from_dict(copy.deepcopy(data))
    for key in good["deal"]:  # a field set to nonsense: refused, or read exactly as written
        for value in (None, 10**40, -1, True, "x", [[]], {"bit_generator": "test"}):
            data = {**good, "deal": {**good["deal"], key: value}}
            try:
                loaded = Game.from_dict(copy.deepcopy(data))
            except InvalidPosition:
                continue
            assert loaded.to_dict() == data, (key, value)
    for text in (nested, "{" * 3000, "not json", '{"game": ' + "[" * 100_000 + "]" * 100_000 + "}"):
        with pytest.raises(InvalidPosition):
            Game.from_json(text)


def test_saved_generators_other_than_pcg64_are_never_called():
    from tilegames.randomness import generator_from_state

    state_before = np.random.get_state()[1][:4].tolist()
    for name in ("test", "seed", "normal", "SFC64", "MT19937", "__class__"):
        with pytest.raises(InvalidPosition):
            generator_from_state({"bit_generator": name, "state": {}})
    assert np.random.get_state()[1][:4].tolist() == state_before


# -- players and views -----------------------------------------------------------------
@pytest.mark.parametrize("name", NAMES)
def test_every_player_finishes_games_from_every_seat(name):
    module = package(name)
    for player_name in module.PLAYERS:
        count = seats(name)
        for seat in range(count):
            seated = [module.make_player("random") for _ in range(count)]
            seated[seat] = module.make_player(player_name)
            game = play_game(module.new_game(seat + 1), seated, seed=seat, max_moves=MAX_MOVES)
            assert game.is_over or len(game.history) == MAX_MOVES, (player_name, seat)
            assert module.Game.from_json(game.to_json()) == game


def _reachable(value, depth: int = 0):
    """Every object reachable from a view (dataclass fields, containers)."""
    yield value
    if depth > 6:
        return
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from _reachable(getattr(value, field.name), depth + 1)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _reachable(key, depth + 1)
            yield from _reachable(item, depth + 1)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for item in value:
            yield from _reachable(item, depth + 1)
    elif hasattr(value, "__dict__") and not isinstance(value, type):
        for item in vars(value).values():
            yield from _reachable(item, depth + 1)


@pytest.mark.parametrize("name", NAMES)
def test_views_are_values_that_hide_what_the_seat_cannot_see(name):
    module = package(name)
    for seed in range(4):
        game = random_game(name, seed, moves=3 + seed)
        if game.is_over:
            continue
        for seat in range(seats(name)):
            view = game.player_view(seat)
            assert dataclasses.is_dataclass(view) and view.__dataclass_params__.frozen
            assert not any(isinstance(item, GameState) for item in _reachable(view))
            hash(view)
            twin = game.resample_hidden(seat, np.random.default_rng(seed + 100))
            assert twin.player_view(seat) == view
            assert twin.invariant_errors() == []
            assert module.Game.from_json(twin.to_json()) == twin
        seat = game.to_move
        view = game.player_view(seat)
        twin_view = game.resample_hidden(seat, np.random.default_rng(seed)).player_view(seat)
        for player_name, cls in module.PLAYERS.items():
            if cls.clairvoyant:
                continue
            player = module.make_player(player_name)
            choices = []
            for shown in (view, twin_view):
                chooser = module.make_player(player_name)
                chooser.start(shown, np.random.default_rng(1))
                choices.append(chooser.choose(shown, np.random.default_rng(1)))
            assert choices[0] == choices[1], f"{player_name} decided on what it cannot see"
            assert player is not None


# -- the code's layering ---------------------------------------------------------------
def _modules():
    return sorted(PACKAGE_ROOT.rglob("*.py"))


def test_rules_never_import_players():
    for name in BUILT_IN:
        tree = ast.parse((PACKAGE_ROOT / name / "rules.py").read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                assert "players" not in (node.module or ""), f"{name}/rules.py imports players"


def test_studies_do_not_import_the_command_line():
    for name in BUILT_IN:
        for module in ("study.py", "studies.py", "findings.py"):
            study = PACKAGE_ROOT / name / module
            if study.exists():
                text = study.read_text()
                assert "from ..cli" not in text and "tilegames.cli" not in text, (name, module)


def test_no_game_has_a_command_module_its_studies_are_declared_in_its_package():
    assert not [name for name in BUILT_IN if (PACKAGE_ROOT / "cli" / f"{name}.py").exists()]
    for name in BUILT_IN:
        spec = GAMES.spec(name)
        assert spec.studies.startswith(f"tilegames.{name}."), name
        assert spec.study_list() and not spec.study_list()[0].flag, name


STDLIB = {("os", "_exit")}
"""The standard library's documented names that begin with an underscore."""
GETTEXT = {"_"}
"""gettext's convention: ``_`` is ``tilegames.i18n``'s public translation function."""
DISPLAY = {"_repr_html_"}
"""IPython's documented rich-display protocol (an object's picture in a notebook)."""


def test_no_module_reads_another_modules_underscore_names():
    """``x._name`` is allowed only on ``self``/``cls`` or for a name the same module defines."""
    problems = []
    for path in _modules():
        tree = ast.parse(path.read_text())
        own = set()
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)):
                own.add(node.name)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                own.add(node.attr)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                own.add(node.id)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level >= 0:
                for alias in node.names:
                    if (
                        alias.name.startswith("_")
                        and not alias.name.startswith("__")
                        and alias.name not in GETTEXT
                    ):
                        problems.append(f"{path.relative_to(PACKAGE_ROOT)}: imports {alias.name}")
            if (
                isinstance(node, ast.Attribute)
                and node.attr.startswith("_")
                and not node.attr.startswith("__")
                and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))
                and not (isinstance(node.value, ast.Name) and (node.value.id, node.attr) in STDLIB)
                and node.attr not in own
                and node.attr not in GETTEXT
                and node.attr not in DISPLAY
            ):
                problems.append(f"{path.relative_to(PACKAGE_ROOT)}:{node.lineno}: .{node.attr}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("name", NAMES)
def test_status_lines_never_say_1_moves_or_1_tiles(name):
    import re

    for seed in range(3):
        game = package(name).new_game(seed)
        rng = np.random.default_rng(seed)
        while True:
            assert not re.search(r"\b1 (moves|tiles|turns|points)\b", game.status()), game.status()
            if game.is_over or len(game.history) > 60:
                break
            legal = game.legal_moves()
            game.play(legal[int(rng.integers(len(legal)))])


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_well_formed_moves_from_other_positions_are_refused_or_played_faithfully(name, seed):
    """Moves legal somewhere else in the game, tried now: refused with nothing changed, or legal."""
    module = package(name)
    finished = random_game(name, seed, moves=60)
    seen = list(dict.fromkeys(finished.history))
    for other in SEEDS:  # and moves from other deals
        seen += list(dict.fromkeys(random_game(name, other + 50, moves=20).history))
    rng = np.random.default_rng(seed)
    game = module.new_game(seed)
    for move in finished.history[:30]:
        for tried in rng.choice(len(seen), size=min(8, len(seen)), replace=False):
            candidate = seen[int(tried)]
            before, state_of_before = state_of(game), state_of(game, redo=False)
            legal = candidate in game.legal_moves()
            try:
                game.play(candidate)
            except IllegalMove as error:
                assert not legal, f"{candidate} is listed as legal but was refused: {error}"
                assert state_of(game) == before, str(candidate)
            else:
                assert legal, f"{candidate} was accepted but is not in legal_moves()"
                assert module.Game.from_json(game.to_json()) == game
                game.undo()
                assert state_of(game, redo=False) == state_of_before
        game.play(move)


# -- saves that always save again ----------------------------------------------------------
def _leaves(value, path=()):
    """(path, value) of every number, string and null inside saved data."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _leaves(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _leaves(item, (*path, index))
    else:
        yield path, value


def _replaced(data, path, value):
    data = copy.deepcopy(data)
    place = data
    for step in path[:-1]:
        place = place[step]
    place[path[-1]] = value
    return data


@pytest.mark.parametrize("name", NAMES)
def test_whatever_loads_saves_again_to_the_same_thing(name):
    """Every field of a save set to an absurd number (or a wrong type): refused, or it loads
    and saves again to exactly what was loaded."""
    Game = package(name).Game
    good = random_game(name, 2, moves=5).to_dict()
    for path, _ in _leaves(good):
        for value in (10**5000, -(10**5000), 2**64, 2**128, -1, 10**9, True, 2.5, "7"):
            data = _replaced(good, path, value)
            try:
                loaded = Game.from_dict(copy.deepcopy(data))
            except InvalidPosition:
                continue
            again = Game.from_json(loaded.to_json())
            assert again == loaded and again.to_dict() == loaded.to_dict() == data, (path, value)


@pytest.mark.parametrize("name", NAMES)
def test_json_numbers_of_thousands_of_digits_are_refused_as_invalid_positions(name):
    Game = package(name).Game
    text = random_game(name, 3, moves=2).to_json()
    huge = "9" * 5000
    for broken in (
        text.replace('"seed": 3', f'"seed": {huge}'),
        text.replace('"version": 1', f'"version": {huge}'),
        text[:-1] + f', "extra": -{huge}' + "}",
        huge,
    ):
        with pytest.raises(InvalidPosition):
            Game.from_json(broken)


@pytest.mark.parametrize("name", NAMES)
def test_a_saved_seed_must_be_the_one_that_dealt_the_tiles(name):
    module = package(name)
    good = random_game(name, 3, moves=2).to_dict()
    assert module.Game.from_dict(copy.deepcopy(good)).to_dict() == good
    for seed in (4, 0, 2**64, 2**128 - 1):
        data = {**good, "deal": {**good["deal"], "seed": seed}}
        with pytest.raises(InvalidPosition, match="deal.seed"):
            module.Game.from_dict(copy.deepcopy(data))
    for seed in (10**5000, 2**128, -5):
        with pytest.raises(InvalidPosition, match="deal.seed"):
            module.Game.from_dict({**good, "deal": {**good["deal"], "seed": seed}})
        with pytest.raises(ValueError, match="seed"):
            module.new_game(seed)
    unseeded = {**good, "deal": {**good["deal"], "seed": None}}  # the same tiles, no seed: fine
    assert module.Game.from_dict(copy.deepcopy(unseeded)).to_dict() == unseeded


# -- views share nothing with the game -----------------------------------------------------
_VALUES = (int, float, complex, str, bytes, bool, type(None), range, enum.Enum, np.generic)


def _immutable(value) -> bool:
    """A value nobody can change in place: plain values, tuples and frozen sets (their items
    are looked at on their own), frozen dataclasses, and classes that declare ``frozen = True``."""
    if isinstance(value, (_VALUES, tuple, frozenset)):
        return True
    if dataclasses.is_dataclass(value) and value.__dataclass_params__.frozen:
        return True
    return getattr(type(value), "frozen", False) is True


def _public_parts(value):
    """(name, part) for each public attribute, property and method callable without arguments."""
    for name in dir(value):
        if name.startswith("_"):
            continue
        try:
            static = inspect.getattr_static(value, name)
            part = getattr(value, name)
        except Exception:  # a property may refuse (not this seat's turn, game over ...)
            continue
        if isinstance(static, (classmethod, staticmethod)) or isinstance(
            part, (type, types.ModuleType)
        ):
            continue
        if not inspect.isroutine(part):
            yield name, part
            continue
        try:
            parameters = inspect.signature(part).parameters.values()
        except (TypeError, ValueError):
            continue
        if all(
            p.default is not p.empty or p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
            for p in parameters
        ):
            try:
                yield f"{name}()", part()
            except Exception:
                continue


def _view_reaches(view, limit: int = 3000):
    """(path, object) of everything a view hands out, recursively: fields, properties, what
    its methods return, items of containers (a bounded walk)."""
    seen: set[int] = set()
    pending = [(view, "view", 0)]
    while pending and len(seen) < limit:
        value, path, depth = pending.pop()
        if isinstance(value, (_VALUES, type, types.ModuleType, types.FunctionType)):
            continue
        if id(value) in seen:
            continue
        seen.add(id(value))
        yield path, value
        if isinstance(value, (dict, types.MappingProxyType)):
            pending += [(item, f"{path}[{key!r}]", depth + 1) for key, item in value.items()]
            pending += [(key, f"{path} key {key!r}", depth + 1) for key in value]
        elif isinstance(value, (list, tuple, set, frozenset)):
            pending += [(item, f"{path}[{i}]", depth + 1) for i, item in enumerate(value)]
        elif depth < 5 and not isinstance(value, (np.ndarray, GameState)):  # a game: a copy
            pending += [(part, f"{path}.{name}", depth + 1) for name, part in _public_parts(value)]


def _game_holds(game) -> set[int]:
    """The ids of every object the game holds, its private parts included (classes left out)."""
    held: set[int] = set()
    pending = [game]
    while pending:
        value = pending.pop()
        if id(value) in held or isinstance(value, (type, types.ModuleType, types.FunctionType)):
            continue
        held.add(id(value))
        pending += gc.get_referents(value)
    return held


def _try_to_change(value) -> None:
    """Everything a hostile player might try on an object it was handed."""
    if isinstance(value, (list, dict, set, bytearray)):
        with contextlib.suppress(Exception):
            value.clear()
    elif isinstance(value, np.ndarray) and value.flags.writeable:
        value[...] = 0
    elif not _immutable(value):
        for name in dir(value):
            if not name.startswith("_"):
                with contextlib.suppress(Exception):
                    setattr(value, name, None)


@pytest.mark.parametrize("name", NAMES)
def test_a_view_shares_nothing_with_the_game(name):
    """Everything a view reaches is immutable or a copy of its own: nothing mutable that the
    game holds, and trying to change every part of it changes neither the game nor the view."""
    for seed in range(3):
        game = random_game(name, seed, moves=4 + seed)
        for seat in range(seats(name)):
            before, snapshot = game.to_json(), game._snapshot()
            view = game.player_view(seat)
            held = _game_holds(game)
            shared = [
                path
                for path, part in _view_reaches(view)
                if id(part) in held and not _immutable(part)
            ]
            assert not shared, f"the view hands out parts of the game: {shared[:5]}"
            for path, part in list(_view_reaches(view)):
                _try_to_change(part)
                assert game.to_json() == before and game._snapshot() == snapshot, path
                assert game.player_view(seat) == view, f"{path}: the view itself changed"


# -- the players' dice ---------------------------------------------------------------------
class _DiceSpy(Player):
    """Plays the first legal move; remembers the dice it was handed."""

    def __init__(self) -> None:
        self.dice: list[np.random.Generator] = []

    def choose(self, view, rng):
        self.dice.append(rng)
        return view.legal_moves[0]


def _dice_reveal_the_deal(dice: np.random.Generator, seed: int, deal: dict, module) -> bool:
    """Whether the dice name the deal's seed, or rewinding them (up to 64 draws) deals it again."""
    seed_seq = dice.bit_generator.seed_seq
    shown = [*np.atleast_1d(seed_seq.entropy).tolist(), *seed_seq.spawn_key]
    if seed in shown:
        return True
    for back in range(64):
        bits = np.random.PCG64()
        bits.state = dice.bit_generator.state
        bits.advance((1 << 128) - back)
        again = module.new_game(np.random.Generator(bits)).to_dict()["deal"]
        if {**again, "seed": None} == {**deal, "seed": None}:
            return True
    return False


@pytest.mark.parametrize("name", NAMES)
def test_the_players_dice_carry_nothing_of_the_deal(name):
    module = package(name)
    for seed in (3, 2026):
        game = module.new_game(seed)
        spy = _DiceSpy()
        play_game(game, [spy] * seats(name), seed=seed, max_moves=3)
        assert spy.dice, "the player was never asked"
        assert not _dice_reveal_the_deal(spy.dice[0], seed, game.to_dict()["deal"], module)
        spy_again = _DiceSpy()
        play_game(module.new_game(seed), [spy_again] * seats(name), seed=seed, max_moves=3)
        assert spy.dice[0].random() == spy_again.dice[0].random(), "the same seed, other dice"
    # the check can fail: the deal's own generator reveals it
    deal_rng = np.random.default_rng(5)
    game = module.new_game(deal_rng)
    assert _dice_reveal_the_deal(deal_rng, -1, game.to_dict()["deal"], module)


def test_the_triominos_study_gives_its_players_dice_of_their_own():
    from tilegames.triominos.players import play_match, play_round
    from tilegames.triominos.rules import Match

    match = Match(players=2, seed=9)
    spy = _DiceSpy()
    game = play_round(match, [spy, spy])
    assert game.is_over and spy.dice
    assert all(dice is not match.rng for dice in spy.dice)
    assert 9 not in np.atleast_1d(spy.dice[0].bit_generator.seed_seq.entropy)
    spy = _DiceSpy()
    play_match([spy, _DiceSpy()], 1, seed=4)
    assert spy.dice and 4 not in np.atleast_1d(spy.dice[0].bit_generator.seed_seq.entropy)
