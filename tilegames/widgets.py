"""The one board widget every game uses: an SVG that reports clicks.

``Board`` is an anywidget (so an ipywidgets widget) that shows an SVG string
and sends back the ``data-target`` attribute of the element clicked. Each
game's ``view.py`` draws with its ``render.svg`` and turns targets into moves.

>>> board = Board(svg='<svg><rect data-target="3B" width="9" height="9"/></svg>')
>>> seen = []
>>> board.on_click(seen.append)
>>> board.click("3B")          # what a click in the browser does, from Python
>>> seen
['3B']
"""

from __future__ import annotations

from collections.abc import Callable

import anywidget
import traitlets

_ESM = """
function render({ model, el }) {
  const box = document.createElement("div");
  box.className = "tilegames-board";
  const draw = () => { box.innerHTML = model.get("svg"); };
  box.addEventListener("click", (event) => {
    const hit = event.target.closest("[data-target]");
    if (hit && box.contains(hit)) {
      model.send({ event: "click", target: hit.getAttribute("data-target") });
    }
  });
  model.on("change:svg", draw);
  draw();
  el.appendChild(box);
  return () => model.off("change:svg", draw);
}
export default { render };
"""

_CSS = """
.tilegames-board { line-height: 0; }
.tilegames-board svg { max-width: 100%; height: auto; }
.tilegames-board [data-target] { cursor: pointer; }
.tilegames-board [data-target]:hover { filter: brightness(1.08) drop-shadow(0 0 2px #1565c0); }
"""


class Board(anywidget.AnyWidget):
    """An SVG board; clicking an element with ``data-target`` calls the click handlers."""

    _esm = _ESM
    _css = _CSS
    svg = traitlets.Unicode("").tag(sync=True)
    """The SVG markup shown; set it to redraw the board."""

    def __init__(self, svg: str = "", **kwargs) -> None:
        super().__init__(svg=svg, **kwargs)
        self._click_handlers: list[Callable[[str], None]] = []
        # Not named _handle_msg: that would replace ipywidgets' own dispatcher.
        self.on_msg(self._receive_front_end_message)

    def on_click(self, handler: Callable[[str], None]) -> None:
        """Call ``handler(target)`` with the ``data-target`` of every clicked element."""
        self._click_handlers.append(handler)

    def click(self, target: str) -> None:
        """Simulate a click on the element whose ``data-target`` is ``target``."""
        for handler in list(self._click_handlers):
            handler(target)

    def _receive_front_end_message(self, _widget, content, _buffers) -> None:
        if isinstance(content, dict) and content.get("event") == "click":
            self.click(str(content.get("target", "")))
