"""Small SVG drawing primitives shared by every game's ``render.py``.

Functions return strings; a picture is a ``document`` of elements. Keyword
arguments become attributes: ``data_target`` becomes ``data-target``,
``stroke_width`` becomes ``stroke-width``, ``class_`` becomes ``class``, and
``None`` values are left out. Text is escaped.

>>> rect(0, 0, 10, 5, fill="red", data_target="1A")
'<rect x="0" y="0" width="10" height="5" fill="red" data-target="1A"/>'
>>> document(20, 10, [text(10, 5, "A&B")])[:52]
'<svg xmlns="http://www.w3.org/2000/svg" width="20" h'
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape


def _number(value: float) -> str:
    if isinstance(value, float):
        return f"{value:.2f}".rstrip("0").rstrip(".")
    return str(value)


def attributes(**attrs: object) -> str:
    """Attribute text from keyword arguments (see the module docstring for names)."""
    parts = []
    for name, value in attrs.items():
        if value is None:
            continue
        name = name.rstrip("_").replace("_", "-")
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            value = _number(value)
        parts.append(f'{name}="{escape(str(value), quote=True)}"')
    return (" " + " ".join(parts)) if parts else ""


def element(tag: str, children: Iterable[str] | str | None = None, **attrs: object) -> str:
    """Any element; ``children`` are already-built strings (or one string)."""
    if children is None:
        return f"<{tag}{attributes(**attrs)}/>"
    if not isinstance(children, str):
        children = "".join(children)
    return f"<{tag}{attributes(**attrs)}>{children}</{tag}>"


def rect(x: float, y: float, width: float, height: float, **attrs: object) -> str:
    """A rectangle; ``rx`` rounds its corners."""
    return element("rect", x=x, y=y, width=width, height=height, **attrs)


def circle(cx: float, cy: float, r: float, **attrs: object) -> str:
    """A circle."""
    return element("circle", cx=cx, cy=cy, r=r, **attrs)


def line(x1: float, y1: float, x2: float, y2: float, **attrs: object) -> str:
    """A straight line."""
    return element("line", x1=x1, y1=y1, x2=x2, y2=y2, **attrs)


def polygon(points: Iterable[tuple[float, float]], **attrs: object) -> str:
    """A closed polygon through ``points``."""
    text_points = " ".join(f"{_number(float(x))},{_number(float(y))}" for x, y in points)
    return element("polygon", points=text_points, **attrs)


def path(d: str, **attrs: object) -> str:
    """A path with SVG path data ``d``."""
    return element("path", d=d, **attrs)


def text(x: float, y: float, content: str, **attrs: object) -> str:
    """Centred text (override with ``text_anchor`` / ``dominant_baseline``)."""
    attrs.setdefault("text_anchor", "middle")
    attrs.setdefault("dominant_baseline", "central")
    attrs.setdefault("font_family", "DejaVu Sans, Verdana, sans-serif")
    return element("text", escape(content, quote=False), x=x, y=y, **attrs)


def group(children: Iterable[str], **attrs: object) -> str:
    """A ``<g>`` grouping ``children``; give it ``data_target`` to make it clickable."""
    return element("g", children, **attrs)


def title(content: str) -> str:
    """A tooltip for the enclosing element."""
    return element("title", escape(content, quote=False))


def document(width: float, height: float, children: Iterable[str], *, label: str = "") -> str:
    """A complete SVG document of the given pixel size."""
    body = "".join(children)
    aria = {"role": "img", "aria_label": label} if label else {}
    return element(
        "svg",
        body,
        xmlns="http://www.w3.org/2000/svg",
        width=width,
        height=height,
        viewBox=f"0 0 {_number(width)} {_number(height)}",
        **aria,
    )


class SVGPicture:
    """Wraps an SVG string so a notebook shows it as a picture.

    >>> SVGPicture('<svg xmlns="http://www.w3.org/2000/svg"/>')._repr_svg_()[:4]
    '<svg'
    """

    def __init__(self, markup: str) -> None:
        self.markup = markup

    def _repr_svg_(self) -> str:
        return self.markup


def side_by_side(
    pictures: list[str],
    gap: float = 12,
    captions: list[str] | None = None,
    scale: float | None = None,
) -> SVGPicture:
    """Several SVG documents in one row (for step-by-step figures in notebooks).

    ``scale`` shrinks the row; by default it is fitted to about 1000 pixels wide.
    """
    import re

    sizes = []
    for markup in pictures:
        width = float(re.search(r'width="([\d.]+)"', markup).group(1))
        height = float(re.search(r'height="([\d.]+)"', markup).group(1))
        sizes.append((width, height))
    caption_height = 22 if captions else 0
    total_width = sum(w for w, _ in sizes) + gap * (len(pictures) - 1)
    total_height = max(h for _, h in sizes) + caption_height
    parts, x = [], 0.0
    for index, (markup, (width, _height)) in enumerate(zip(pictures, sizes)):
        parts.append(element("g", markup, transform=f"translate({_number(x)},0)"))
        if captions:
            parts.append(text(x + width / 2, total_height - 10, captions[index], font_size=13))
        x += width + gap
    if scale is None:
        scale = min(1.0, 1000 / total_width)
    inner = element("g", parts, transform=f"scale({_number(float(scale))})")
    return SVGPicture(document(total_width * scale, total_height * scale, [inner]))
