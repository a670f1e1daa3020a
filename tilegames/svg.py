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


def size_of(markup: str) -> tuple[float, float]:
    """The pixel ``(width, height)`` of an SVG document (its first width/height attributes).

    >>> size_of(document(20, 10, []))
    (20.0, 10.0)
    """
    import re

    width = re.search(r'width="([\d.]+)"', markup)
    height = re.search(r'height="([\d.]+)"', markup)
    if width is None or height is None:
        raise ValueError("an SVG document needs a width and a height in pixels")
    return float(width.group(1)), float(height.group(1))


def label_of(markup: str) -> str:
    """The document's ``aria-label`` (its summary in words), or ``""``.

    >>> label_of(document(5, 5, [], label="a board"))
    'a board'
    """
    import re
    from html import unescape

    found = re.search(r'<svg[^>]*?aria-label="([^"]*)"', markup)
    return unescape(found.group(1)) if found else ""


def with_note(markup: str, note: str, *, font_size: float = 14) -> str:
    """The picture with a line of text above it (the note of a still picture of a live board).

    >>> picture = with_note(document(200, 50, []), "Run it to play.")
    >>> size_of(picture), "Run it to play." in picture
    ((200.0, 76.0), True)
    """
    width, height = size_of(markup)
    band = round(font_size * 1.85)
    note_width = len(note) * font_size * 0.56 + 16  # DejaVu Sans is ~0.56 em per character
    width = max(width, note_width)
    parts = [
        rect(0, 0, width, band, fill="#fff8d6"),
        text(8, band / 2, note, font_size=font_size, fill="#3d3300", text_anchor="start"),
        element("g", markup, transform=f"translate(0,{band})"),
    ]
    return document(width, height + band, parts, label=note)


# Fonts for still pictures: matplotlib's own DejaVu Sans, so every machine draws the same pixels.
def _font_dir() -> str:
    from pathlib import Path

    import matplotlib

    return str(Path(matplotlib.get_data_path()) / "fonts" / "ttf")


def png_from_svg(markup: str, *, colours: int = 96) -> bytes:
    """The SVG drawn as a small PNG: same bytes on every run and machine (for committed notebooks).

    Notebooks that were never run in this session (a committed lesson, GitHub,
    an HTML export) are untrusted and show ``image/png`` but not SVG; the
    notebook runner (``scripts/execute_notebooks.py``) stores every picture
    this way. Drawn by resvg (the ``resvg-py`` wheel) with matplotlib's DejaVu
    fonts only, on white, then reduced to a palette of at most ``colours``
    colours and optimised. Needs the ``dev`` extra.

    >>> png = png_from_svg(document(30, 20, [rect(0, 0, 30, 20, fill="#0072B2")]))
    >>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n" and png == png_from_svg(
    ...     document(30, 20, [rect(0, 0, 30, 20, fill="#0072B2")]))
    True
    """
    import io

    import resvg_py
    from PIL import Image

    raw = bytes(
        resvg_py.svg_to_bytes(
            svg_string=markup,
            background="#ffffff",
            skip_system_fonts=True,
            font_dirs=[_font_dir()],
            font_family="DejaVu Sans",
            sans_serif_family="DejaVu Sans",
        )
    )
    image = Image.open(io.BytesIO(raw)).convert("RGB")
    image = image.quantize(
        colors=colours, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE
    )
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


# -- colour for everyone ---------------------------------------------------------------------

OKABE_ITO = {
    "orange": "#E69F00",
    "sky blue": "#56B4E9",
    "bluish green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "reddish purple": "#CC79A7",
    "black": "#000000",
}
"""The Okabe–Ito palette: colours that stay apart for people with colour-vision deficiency."""

CVD_MATRICES = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
"""Machado, Oliveira & Fernandes (2009), severity 1, applied to linear RGB."""


def _linear(colour: str) -> tuple[float, float, float]:
    value = colour.lstrip("#")
    if len(value) == 3:
        value = "".join(c * 2 for c in value)
    channels = [int(value[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    return tuple(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)


def _lab(linear: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = linear
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    f = [t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in (x, y, z)]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def seen_as(colour: str, deficiency: str | None = None) -> tuple[float, float, float]:
    """The CIELAB colour a person with ``deficiency`` (a ``CVD_MATRICES`` key, or None) sees."""
    linear = _linear(colour)
    if deficiency is not None:
        matrix = CVD_MATRICES[deficiency]
        linear = tuple(
            min(1.0, max(0.0, sum(m * c for m, c in zip(row, linear)))) for row in matrix
        )
    return _lab(linear)


def colour_difference(first: str, second: str, deficiency: str | None = None) -> float:
    """How far apart two colours look (CIE76 ΔE; about 25 and more reads as clearly different).

    >>> round(colour_difference("#d32f2f", "#2e7d32", "deuteranopia"))  # red and green
    18
    >>> colour_difference(OKABE_ITO["vermillion"], OKABE_ITO["bluish green"], "deuteranopia") > 25
    True
    """
    a, b = seen_as(first, deficiency), seen_as(second, deficiency)
    return sum((x - y) ** 2 for x, y in zip(a, b)) ** 0.5


def contrast(text: str, background: str) -> float:
    """The WCAG contrast ratio of two colours (``#rrggbb``): 1 (none) to 21 (black on white).
    Text needs 4.5 or more to be read easily (WCAG AA), large text 3.

    >>> round(contrast("#ffffff", "#000000"), 1), round(contrast("#ffffff", "#f57c00"), 1)
    (21.0, 2.7)
    """

    def luminance(colour: str) -> float:
        r, g, b = _linear(colour)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    lighter, darker = sorted((luminance(text), luminance(background)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


class SVGPicture:
    """Wraps an SVG string so a notebook shows it as a picture.

    Its text form names the picture (no memory address), so saved notebooks
    do not change between runs.

    >>> picture = SVGPicture(document(40, 30, [], label="a board"))
    >>> picture._repr_svg_()[:4], repr(picture)
    ('<svg', '<picture 40×30: a board>')
    """

    def __init__(self, markup: str) -> None:
        self.markup = markup

    def _repr_svg_(self) -> str:
        return self.markup

    def __repr__(self) -> str:
        width, height = size_of(self.markup)
        label = label_of(self.markup)
        return f"<picture {_number(width)}×{_number(height)}{': ' + label if label else ''}>"


COLUMN_WIDTH = 840
"""The width a picture may take in a notebook's output column (JupyterLab, 1280 px window)."""


def fitted(width: float, height: float, parts: list[str], *, label: str = "") -> SVGPicture:
    """A picture of ``parts`` drawn on a ``width`` × ``height`` canvas, shrunk to the notebook's
    column when wider (so no part of it is cut off).

    >>> size_of(fitted(1680, 400, [])._repr_svg_())
    (840.0, 200.0)
    """
    scale = min(1.0, COLUMN_WIDTH / width)
    if scale == 1.0:
        return SVGPicture(document(width, height, parts, label=label))
    inner = element("g", parts, transform=f"scale({_number(float(scale))})")
    return SVGPicture(document(width * scale, height * scale, [inner], label=label))


def side_by_side(
    pictures: list[str],
    gap: float = 12,
    captions: list[str] | None = None,
    scale: float | None = None,
) -> SVGPicture:
    """Several SVG documents in one row (for step-by-step figures in notebooks).

    ``scale`` shrinks the row; by default it is fitted to the notebook's column
    (``COLUMN_WIDTH`` pixels), so no picture is cut off.

    >>> row = side_by_side([document(600, 100, [])] * 3, captions=["a", "b", "c"])
    >>> size_of(row._repr_svg_())[0] <= COLUMN_WIDTH
    True
    """
    sizes = [size_of(markup) for markup in pictures]
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
        scale = min(1.0, COLUMN_WIDTH / total_width)
    inner = element("g", parts, transform=f"scale({_number(float(scale))})")
    labels = [label_of(markup).strip() for markup in pictures]
    label = "; ".join(text for text in labels if text and not text.endswith(":"))
    return SVGPicture(document(total_width * scale, total_height * scale, [inner], label=label))
