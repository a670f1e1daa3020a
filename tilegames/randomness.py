"""Seeds and generators: no global random state anywhere in tilegames.

Every game draws from one ``numpy.random.Generator``. ``as_generator`` turns
what a user passes (nothing, an int, or a Generator) into one, and
``generator_state``/``generator_from_state`` save and restore it as JSON-safe
data, so a saved game replays its chance events exactly.

>>> rng = as_generator(7)
>>> saved = generator_state(rng)
>>> first = rng.integers(100)
>>> int(generator_from_state(saved).integers(100)) == int(first)
True
"""

from __future__ import annotations

from typing import Any

import numpy as np

from . import i18n  # i18n._(...)
from .errors import InvalidPosition, describe

MAX_SEED = 2**128 - 1
"""The largest seed tilegames takes (a save must be able to hold it, and JSON to print it)."""


def as_generator(
    seed: int | np.random.Generator | np.random.SeedSequence | None,
) -> np.random.Generator:
    """A Generator from an int seed, a SeedSequence, an existing Generator (used as is), or None (fresh entropy)."""
    if isinstance(seed, np.random.Generator):
        return seed
    if isinstance(seed, np.random.SeedSequence):
        return np.random.default_rng(seed)
    return np.random.default_rng(seed_value(seed))


PLAYERS_KEY = 0x706C6179
"""The purpose key (``"play"`` in ASCII) that sets the players' dice apart from the deal."""


def players_generator(
    source: int | np.random.Generator | np.random.SeedSequence | None,
) -> np.random.Generator:
    """Dice for the players of a game dealt from ``source``, carrying nothing readable of the deal.

    ``source`` is the deal's int seed, its SeedSequence, or the Generator that dealt
    it (which is read, not advanced: the deal's own chance goes on as before). The
    dice come from a SeedSequence with the purpose key ``PLAYERS_KEY``, hashed again,
    so their ``bit_generator.seed_seq`` shows neither the deal's seed nor its state,
    and rewinding them never reaches the deal. The same source gives the same dice;
    None gives fresh ones.

    >>> dice = players_generator(7)
    >>> int(dice.integers(10**6)) == int(players_generator(7).integers(10**6))
    True
    >>> 7 in np.atleast_1d(dice.bit_generator.seed_seq.entropy)
    False
    >>> deal = np.random.default_rng(7)
    >>> before = deal.bit_generator.state
    >>> _ = players_generator(deal)
    >>> deal.bit_generator.state == before
    True
    """
    if source is None:
        return np.random.default_rng()
    if isinstance(source, np.random.Generator):
        entropy = _whole_numbers(source.bit_generator.state)
        key: tuple[int, ...] = (PLAYERS_KEY,)
    elif isinstance(source, np.random.SeedSequence):
        entropy, key = source.entropy, (*source.spawn_key, PLAYERS_KEY)
    else:
        entropy, key = seed_value(source), (PLAYERS_KEY,)
    words = np.random.SeedSequence(_uint32_words(entropy), spawn_key=key).generate_state(4)
    return np.random.default_rng(np.random.SeedSequence(words))


def _uint32_words(entropy: Any) -> Any:
    """Whole numbers as the 32-bit words ``SeedSequence`` makes of them (the same hash),
    built in one step rather than numpy's word-by-word loop (a game's dice cost half).

    >>> [int(word) for word in _uint32_words([2**32 + 5, 0])]
    [5, 1, 0]
    >>> _uint32_words(None) is None
    True
    """
    if entropy is None or isinstance(entropy, np.ndarray):
        return entropy
    numbers = [entropy] if isinstance(entropy, (int, np.integer)) else entropy
    if any(int(n) < 0 for n in numbers):
        return entropy  # numpy's own message for a negative seed
    data = b"".join(
        int(n).to_bytes(4 * max(1, -(-int(n).bit_length() // 32)), "little") for n in numbers
    )
    return np.frombuffer(data, dtype="<u4").astype(np.uint32)


def _whole_numbers(value: Any) -> list[int]:
    """Every whole number in a generator's state, in order (its name left out)."""
    if isinstance(value, dict):
        return [n for item in value.values() for n in _whole_numbers(item)]
    if isinstance(value, (list, tuple, np.ndarray)):
        return [n for item in value for n in _whole_numbers(item)]
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        return [abs(int(value))]
    return []


def seed_value(seed: object) -> int | None:
    """The seed to remember for a deal: a non-negative int, or None when there is none.

    A Generator or SeedSequence gives None (the deal is then saved by its tiles, not a seed);
    a bool, a float or a negative number is refused.

    >>> seed_value(7), seed_value(np.int64(7)), seed_value(None), seed_value(np.random.default_rng())
    (7, 7, None, None)
    """
    if seed is None or isinstance(seed, (np.random.Generator, np.random.SeedSequence)):
        return None
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        raise TypeError(
            f"seed must be an int, a numpy Generator or None, not {type(seed).__name__}"
        )
    if seed < 0:
        raise ValueError(f"seed must be a non-negative int, not {describe(seed)}")
    if seed > MAX_SEED:
        raise ValueError(f"seed must be at most 2**128 - 1, not {describe(seed)}")
    return int(seed)


def read_seed(value: object, field: str = "seed") -> int | None:
    """A saved seed (an int ≥ 0 or null); anything else raises InvalidPosition naming ``field``.

    >>> read_seed(3), read_seed(None)
    (3, None)
    """
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_SEED:
        raise InvalidPosition(
            i18n._(
                "{field}: expected a whole number from 0 to 2**128 - 1, or null; found {value}"
            ).format(field=field, value=describe(value))
        )
    return value


def fresh_seed() -> int:
    """A new random seed (from the operating system), small enough to read aloud."""
    return int(np.random.SeedSequence().generate_state(1)[0])


def generator_state(rng: np.random.Generator) -> dict[str, Any]:
    """The generator's full state as JSON-safe data (PCG64 by default)."""
    return _to_jsonable(rng.bit_generator.state)


_UINT128 = 1 << 128


def generator_from_state(state: Any, field: str = "rng") -> np.random.Generator:
    """A Generator restored from ``generator_state``; bad data raises InvalidPosition naming ``field``.

    Only the bit generator tilegames writes (PCG64) is read, and every number in
    its state is checked before numpy sees it: a saved game can name nothing else.

    >>> generator_from_state({"bit_generator": "seed"})
    Traceback (most recent call last):
    ...
    tilegames.errors.InvalidPosition: rng: not a saved random generator state (tilegames saves PCG64 generators only)
    """

    def refuse(why: str) -> InvalidPosition:
        return InvalidPosition(
            i18n._("{field}: not a saved random generator state ({why})").format(
                field=field, why=why
            )
        )

    if not isinstance(state, dict):
        raise refuse("expected a dict")
    if state.get("bit_generator") != "PCG64":
        raise refuse("tilegames saves PCG64 generators only")
    if set(state) != {
        "bit_generator",
        "state",
        "has_uint32",
        "uinteger",
    }:
        raise refuse("expected the fields bit_generator, state, has_uint32 and uinteger")
    inner = state["state"]
    if not isinstance(inner, dict) or set(inner) != {"state", "inc"}:
        raise refuse("state: expected the fields state and inc")
    for name, value, top in (
        ("state.state", inner["state"], _UINT128),
        ("state.inc", inner["inc"], _UINT128),
        ("has_uint32", state["has_uint32"], 2),
        ("uinteger", state["uinteger"], 1 << 32),
    ):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < top:
            raise refuse(f"{name}: expected a whole number from 0 to {top - 1}")
    bit_generator = np.random.PCG64()
    bit_generator.state = {
        "bit_generator": "PCG64",
        "state": {"state": inner["state"], "inc": inner["inc"]},
        "has_uint32": state["has_uint32"],
        "uinteger": state["uinteger"],
    }
    return np.random.Generator(bit_generator)


def _to_jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _to_jsonable(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_to_jsonable(item) for item in value]
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, np.ndarray):
        return value.tolist()
    return value
