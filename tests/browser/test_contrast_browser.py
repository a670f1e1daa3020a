"""Text contrast on every board and button, measured in a real browser (WCAG AA: 4.5:1).

All four boards are shown in JupyterLab (the two with hands in a hot seat, their "show my
hand" button showing). For every visible piece of text — a button's, a label's, the status
line, the log, and every number and name drawn in a board's SVG — the page's own computed
colours are read: the text's colour, and the colour of what lies behind it (the nearest
painted background for HTML, the shape under the text's centre for SVG). Disabled buttons
are exempt, as WCAG exempts inactive controls.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import expect

from .conftest import open_and_run, write_notebook

ROOT = Path(__file__).resolve().parents[2]

MEASURE = """() => {
    const parse = (c) => {
        const m = c && c.match(/rgba?\\(([^)]+)\\)/);
        if (!m) return null;
        const [r, g, b, a] = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number);
        return {r, g, b, a: a === undefined ? 1 : a};
    };
    const lum = ({r, g, b}) => {
        const f = (v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
        return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const ratio = (a, b) => {
        const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
        return (x + 0.05) / (y + 0.05);
    };
    const white = {r: 255, g: 255, b: 255, a: 1};
    const behindHtml = (el) => {
        for (let e = el; e; e = e.parentElement) {
            const c = parse(getComputedStyle(e).backgroundColor);
            if (c && c.a > 0.5) return c;
        }
        return white;
    };
    const behindSvg = (el) => {
        // the topmost shape painted before the text that covers the text's centre (by its real
        // outline: isPointInFill, so a triangle's neighbour never counts); else the page's
        const box = el.getBoundingClientRect();
        const x = box.left + box.width / 2, y = box.top + box.height / 2;
        const svg = el.ownerSVGElement;
        let found = null;
        for (const shape of svg.querySelectorAll('rect, circle, ellipse, polygon, path')) {
            if (!(shape.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING)) continue;
            const style = getComputedStyle(shape);
            if (style.display === 'none' || style.visibility === 'hidden') continue;
            const fill = parse(style.fill);
            if (!fill || fill.a < 0.5 || Number(style.fillOpacity) * Number(style.opacity) < 0.5) continue;
            const matrix = shape.getScreenCTM();
            if (!matrix) continue;
            const local = new DOMPoint(x, y).matrixTransform(matrix.inverse());
            if (shape.isPointInFill(local)) found = fill;
        }
        return found || behindHtml(svg);
    };
    const results = [];
    const shown = (el) => {
        const box = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
    };
    for (const root of document.querySelectorAll('.jp-OutputArea-output')) {
        for (const el of root.querySelectorAll('*')) {
            const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
            if (!own || !shown(el)) continue;
            if (el.closest('button:disabled, .mod-disabled, [disabled]')) continue;
            const svg = el instanceof SVGElement;
            const ink = parse(svg ? getComputedStyle(el).fill : getComputedStyle(el).color);
            if (!ink || ink.a < 0.5) continue;
            const back = svg ? behindSvg(el) : behindHtml(el);
            results.push({text: el.textContent.trim().slice(0, 40), tag: el.tagName,
                          where: (el.closest('[class*="tilegames"]') || el).className.baseVal ?? (el.closest('[class*="tilegames"]') || el).className,
                          ratio: Math.round(ratio(ink, back) * 100) / 100,
                          ink: `${ink.r},${ink.g},${ink.b}`, back: `${back.r},${back.g},${back.b}`});
        }
    }
    return results;
}"""


def test_every_text_on_the_boards_and_buttons_has_contrast_of_4_5(jupyter_lab, lab_root, page):
    source = (
        f"import sys\nsys.path.insert(0, {str(ROOT)!r})  # this checkout's tilegames\n"
        "from IPython.display import display\n"
        "from tilegames import maze, pyramids, triominos, tula\n"
        "display(tula.view(seed=3), maze.view(seed=3))\n"
        "tri = triominos.view(seed=3, humans=[0, 1])\n"
        "pyr = pyramids.view(seed=3, humans=[0, 1])\n"
        "tri.pass_screen(1); pyr.pass_screen(1)  # the hands covered: 'show my hand' shows\n"
        "display(tri, pyr)"
    )
    name = write_notebook(lab_root, "contrast.ipynb", [source])
    open_and_run(page, jupyter_lab, name)
    expect(page.locator(".tilegames-board")).to_have_count(4)
    expect(page.locator(".tilegames-show-hand").first).to_be_visible()
    measured = page.evaluate(MEASURE)
    texts = {m["text"] for m in measured}
    assert len(measured) > 100
    assert any("show my hand" in t for t in texts)  # the hot-seat button was measured
    assert any(m["tag"] == "text" for m in measured)  # and the boards' SVG text
    low = sorted(
        {
            (m["ratio"], m["text"], m["where"], m["ink"], m["back"])
            for m in measured
            if m["ratio"] < 4.5
        },
        key=lambda x: x[0],
    )
    assert low == [], f"{len(low)} texts under 4.5:1: {low[:25]}"
