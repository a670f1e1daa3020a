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

from .errors import InvalidPosition


def as_generator(
    seed: int | np.random.Generator | np.random.SeedSequence | None,
) -> np.random.Generator:
    """A Generator from an int seed, a SeedSequence, an existing Generator (used as is), or None (fresh entropy)."""
    if isinstance(seed, np.random.Generator):
        return seed
    if seed is not None and not isinstance(seed, (int, np.integer, np.random.SeedSequence)):
        raise TypeError(
            f"seed must be an int, a numpy Generator or None, not {type(seed).__name__}"
        )
    if isinstance(seed, (int, np.integer)) and seed < 0:
        raise ValueError(f"seed must be a non-negative int, not {seed}")
    return np.random.default_rng(seed)


def fresh_seed() -> int:
    """A new random seed (from the operating system), small enough to read aloud."""
    return int(np.random.SeedSequence().generate_state(1)[0])


def generator_state(rng: np.random.Generator) -> dict[str, Any]:
    """The generator's full state as JSON-safe data (PCG64 by default)."""
    return _to_jsonable(rng.bit_generator.state)


def generator_from_state(state: Any, field: str = "rng") -> np.random.Generator:
    """A Generator restored from ``generator_state``; bad data raises InvalidPosition naming ``field``."""
    try:
        name = state["bit_generator"]
        bit_generator = getattr(np.random, name)()
        bit_generator.state = state
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise InvalidPosition(f"{field}: not a saved random generator state ({error})") from None
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
