"""Small helpers that put numbers into words a reader takes in at a glance.

>>> plural(1, "tile"), plural(3, "minute")
('1 tile', '3 minutes')
>>> duration(59.6), duration(90), duration(7190)
('1 minute', '2 minutes', '2.0 hours')

Both speak the language in use (``tilegames.i18n``), with its plural forms and numbers:

>>> from tilegames.i18n import using
>>> with using("sk"):
...     plural(1, "tile"), plural(3, "tile"), plural(5, "tile"), duration(9000)
('1 dlaždica', '3 dlaždice', '5 dlaždíc', '2,5 hodiny')

An estimate in words is one set of helpers, used by every study, lesson, explorer and
dashboard (``tilegames.stats.Estimate`` prints with them too): ``span`` writes an interval's
ends, ``interval`` names it, ``with_interval`` puts a figure beside it, ``estimate_text``
writes an estimate (rare shares with three decimals), ``signed_points`` a difference of shares
in percentage points, ``side`` says which side of a value a whole interval lies.

>>> with_interval(0.3, 0.219, 0.396)
'30.0% (95% CI 21.9% to 39.6%)'
>>> with_interval(-0.065, -0.118, -0.011, signed_points, unit="percentage points")
'-6.5 percentage points (95% CI -11.8 to -1.1)'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from .i18n import _, format_number, format_percent, language, ngettext

if TYPE_CHECKING:
    from .stats import Estimate

__all__ = [
    "Form",
    "ci_label",
    "duration",
    "estimate_text",
    "interval",
    "localized",
    "plural",
    "side",
    "signed_points",
    "span",
    "whole",
    "with_interval",
    "written",
]


def _counted(count: int, noun: str) -> str | None:
    """The catalog's phrase for ``count`` of a noun it knows (one message per noun, so each
    language chooses its own forms: Slovak and Russian have three), else None."""
    if noun == "tile":
        return ngettext("{n} tile", "{n} tiles", count)
    if noun == "second":
        return ngettext("{n} second", "{n} seconds", count)
    if noun == "minute":
        return ngettext("{n} minute", "{n} minutes", count)
    if noun == "core":
        return ngettext("{n} core", "{n} cores", count)
    if noun == "move":
        return ngettext("{n} move", "{n} moves", count)
    return None


def plural(count: int, noun: str) -> str:
    """``plural(1, "tile")`` is ``'1 tile'``; ``plural(2, "tile")`` is ``'2 tiles'``.

    A noun the catalogs know is said in the language in use; another is English.
    """
    phrase = _counted(count, noun)
    if phrase is None:
        return f"{count} {noun}{'' if count == 1 else 's'}"
    return phrase.format(n=count if language() == "en" else format_number(count))


def whole(count: int, grouped: bool = False) -> str:
    """A whole number in a sentence: in English as Python writes it (``5566``, or ``5,566`` when
    ``grouped``), in another language as that language writes it (``5 566``).

    >>> from tilegames.i18n import using
    >>> whole(5566), whole(5566, grouped=True)
    ('5566', '5,566')
    >>> with using("sk"):
    ...     whole(5566), whole(30)
    ('5\xa0566', '30')
    """
    if language() == "en":
        return f"{count:,}" if grouped else str(count)
    return format_number(count)


def duration(seconds: float) -> str:
    """A running time in the unit that suits it: seconds under a minute, minutes under two
    hours, then hours.

    >>> duration(0.4), duration(3), duration(1710), duration(9000)
    ('under a second', '3 seconds', '28 minutes', '2.5 hours')
    """
    if seconds < 0.5:
        return _("under a second")
    if round(seconds) < 60:
        return plural(round(seconds), "second")
    if round(seconds / 60) < 120:
        return plural(round(seconds / 60), "minute")
    return _("{hours} hours").format(hours=format_number(seconds / 3600, 1))


# -- estimates in words -------------------------------------------------------------------------
Form = str | Callable[[float], str]
"""How a number is written: a format string (``"{:.1%}"``) or a function (``signed_points``)."""


def written(value: float, form: Form) -> str:
    """``value`` written by ``form`` as the language in use writes numbers.

    >>> written(0.25, "{:.1%}"), written(-0.011, signed_points)
    ('25.0%', '-1.1')
    """
    return localized(form(value) if callable(form) else form.format(value))


_written = written


def localized(text: str) -> str:
    """A number written the English way (``21.9%``, ``-1.10``) as the language in use writes
    it: its decimal sign, and its space before ``%`` (English text is left as it is).

    >>> from tilegames.i18n import using
    >>> with using("sk"):
    ...     localized("21.9%"), localized("-1.10"), localized("+2.0 to 3.5")
    ('21,9\xa0%', '-1,10', '+2,0 to 3,5')
    >>> localized("21.9%")
    '21.9%'
    """
    if language() == "en":
        return text
    decimal_sign = format_number(0.5, 1)[1]
    text = _DECIMAL_POINT.sub(decimal_sign, text)
    if text.endswith("%"):
        text = text[:-1].rstrip(" \xa0\u202f") + format_percent(0)[1:]
    return text


_DECIMAL_POINT = re.compile(r"(?<=\d)\.(?=\d)")


def span(low: float, high: float, form: Form = "{:.1%}") -> str:
    """An interval's two ends as one range, each written by ``form``.

    >>> span(0.219, 0.396), span(-1.1, 2.04, "{:+.1f}"), span(1.234, 3.77, "{:.2f}")
    ('21.9% to 39.6%', '-1.1 to +2.0', '1.23 to 3.77')
    """
    return _("{low} to {high}").format(low=_written(low, form), high=_written(high, form))


def ci_label(confidence: float = 0.95) -> str:
    """The short name of a confidence interval at ``confidence``, in the language in use.

    >>> from tilegames.i18n import using
    >>> ci_label(), ci_label(0.9)
    ('95% CI', '90% CI')
    >>> with using("sk"):
    ...     ci_label()
    '95\xa0% IS'
    """
    return _("{level} CI").format(level=format_percent(confidence))


def interval(low: float, high: float, form: Form = "{:.1%}", *, label: str | None = None) -> str:
    """An interval named: ``label`` (what it is, and any words before its ends; the 95% CI
    when not given) and its ends.

    >>> interval(0.219, 0.396)
    '95% CI 21.9% to 39.6%'
    >>> interval(9.8, 26.3, "{:.1f}", label="95% confidence interval: a cut of")
    '95% confidence interval: a cut of 9.8 to 26.3'
    """
    label = ci_label() if label is None else label
    return f"{label} {span(low, high, form)}"


def with_interval(
    value: float,
    low: float,
    high: float,
    form: Form = "{:.1%}",
    *,
    label: str | None = None,
    unit: str = "",
) -> str:
    """A figure (and its ``unit``) with its interval in brackets, all written by ``form``.

    >>> with_interval(2.5, 1.23, 3.77, "{:.2f}")
    '2.50 (95% CI 1.23 to 3.77)'
    >>> with_interval(0.012, 0.004, 0.02, signed_points, label="95% interval", unit="points")
    '+1.2 points (95% interval +0.4 to +2.0)'
    """
    figure = _written(value, form) + (f" {unit}" if unit else "")
    return f"{figure} ({interval(low, high, form, label=label)})"


def estimate_text(estimate: Estimate) -> str:
    """An estimate as text (``str(estimate)``), but a rare share (its whole interval under 1%)
    with three decimals, so it never reads 0.0%.

    >>> from tilegames.stats import wilson
    >>> estimate_text(wilson(26, 50000)), estimate_text(wilson(3, 10))
    ('0.052% (95% CI 0.035% to 0.076%)', '30.0% (95% CI 10.8% to 60.3%)')
    """
    if estimate.percent and estimate.has_interval and estimate.high < 0.01:
        return with_interval(
            estimate.value,
            estimate.low,
            estimate.high,
            "{:.3%}",
            label=ci_label(estimate.confidence),
        )
    return str(estimate)


def signed_points(share: float, decimals: int = 1) -> str:
    """A difference of shares in percentage points, signed; one that rounds to nothing is
    plain ``0.0`` (never ``-0.0``, which reads as a loss).

    >>> signed_points(0.0123), signed_points(-0.00004, 2), signed_points(-0.02)
    ('+1.2', '0.00', '-2.0')
    """
    shown = f"{100 * share:.{decimals}f}"
    if float(shown) == 0:
        return localized(shown.lstrip("-"))
    return localized(shown if shown.startswith("-") else f"+{shown}")


def side(low: float, high: float, reference: float = 0.0) -> int:
    """Which side of ``reference`` a whole interval lies: 1 above, -1 below, 0 when it holds
    ``reference`` (too little to tell from it).

    >>> side(0.2, 0.4), side(-0.4, -0.2), side(-0.1, 0.3), side(0.52, 0.6, reference=0.5)
    (1, -1, 0, 1)
    """
    if low > reference:
        return 1
    if high < reference:
        return -1
    return 0
