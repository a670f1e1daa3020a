"""Small helpers that put numbers into words a reader takes in at a glance.

>>> plural(1, "tile"), plural(3, "minute")
('1 tile', '3 minutes')
>>> duration(59.6), duration(90), duration(7190)
('1 minute', '2 minutes', '2.0 hours')
"""

from __future__ import annotations

__all__ = ["duration", "plural"]


def plural(count: int, noun: str) -> str:
    """``plural(1, "tile")`` is ``'1 tile'``; ``plural(2, "tile")`` is ``'2 tiles'``."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def duration(seconds: float) -> str:
    """A running time in the unit that suits it: seconds under a minute, minutes under two
    hours, then hours.

    >>> duration(0.4), duration(3), duration(1710), duration(9000)
    ('under a second', '3 seconds', '28 minutes', '2.5 hours')
    """
    if seconds < 0.5:
        return "under a second"
    if round(seconds) < 60:
        return plural(round(seconds), "second")
    if round(seconds / 60) < 120:
        return plural(round(seconds / 60), "minute")
    return f"{seconds / 3600:.1f} hours"
