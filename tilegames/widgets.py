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
.tilegames-board [data-target] * { pointer-events: all; }  /* an unfilled shape is clickable too */
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


def callable_module(module_name: str, function: Callable) -> None:
    """Let a game's ``view`` module be called like its ``view`` function.

    ``tilegames.tula.view(game)`` must work whether or not the submodule
    ``tilegames.tula.view`` was imported first (importing a submodule rebinds
    the package's attribute to the module), so the module itself is callable.
    """
    import sys
    import types

    class _CallableModule(types.ModuleType):
        def __call__(self, *args, **kwargs):
            return function(*args, **kwargs)

    sys.modules[module_name].__class__ = _CallableModule


class GameView:
    """The parts every game's board view shares: board, status line, message log, undo/redo.

    A game's ``view.py`` subclasses it, draws with ``picture()`` and turns
    clicks into moves in ``clicked(target)``. ``play(move)`` plays through
    the rules and, on refusal, writes the reason to the log and changes
    nothing. Displaying the view shows ``self.widget``.

    Attributes a test (or a browser) can read: ``board.svg``, ``status.value``
    (CSS class ``tilegames-status``), ``log.value`` (``tilegames-log``).
    """

    def __init__(self, game, controls: list | None = None, settings: list | None = None) -> None:
        import ipywidgets as widgets

        self.game = game
        self.messages: list[tuple[str, str]] = []
        self.board = Board(svg="")
        self.board.on_click(self._on_click)
        self.status = widgets.HTML()
        self.status.add_class("tilegames-status")
        self.log = widgets.HTML()
        self.log.add_class("tilegames-log")
        self.undo_button = widgets.Button(
            description="Undo", icon="undo", tooltip="take back the last move"
        )
        self.redo_button = widgets.Button(
            description="Redo", icon="repeat", tooltip="play the undone move again"
        )
        self.undo_button.on_click(lambda _: self.undo())
        self.redo_button.on_click(lambda _: self.redo())
        self.new_button = widgets.Button(
            description="New deal", icon="random", tooltip="a fresh random deal"
        )
        self.seed_box = widgets.IntText(
            value=getattr(game, "seed", None) or 0, description="seed", layout={"width": "170px"}
        )
        self.deal_button = widgets.Button(
            description="Deal this seed", tooltip="deal the seed in the box"
        )
        self.new_button.on_click(lambda _: self.new_deal())
        self.deal_button.on_click(lambda _: self.new_deal(self.seed_box.value))
        row = widgets.Layout(flex_flow="row wrap")
        self.widget = widgets.VBox(
            [
                widgets.HBox([self.undo_button, self.redo_button, *(controls or [])], layout=row),
                widgets.HBox(
                    [self.new_button, self.seed_box, self.deal_button, *(settings or [])],
                    layout=row,
                ),
                self.status,
                self.board,
                self.log,
            ]
        )

    # -- what a game supplies ---------------------------------------------------
    def picture(self) -> str:  # pragma: no cover - abstract
        """The board's SVG for the current game."""
        raise NotImplementedError

    def clicked(self, target: str) -> None:  # pragma: no cover - abstract
        """Handle a click on the element with this ``data-target``."""
        raise NotImplementedError

    def status_text(self) -> str:
        """The status line; by default the game's own ``status()``."""
        return self.game.status()

    def deal(self, seed: int):  # pragma: no cover - abstract
        """A new game from ``seed`` with the view's current settings; reset any selection."""
        raise NotImplementedError

    def new_deal(self, seed: int | None = None) -> None:
        """Deal again: a fresh random seed, or ``seed`` (shown in the seed box either way)."""
        from .randomness import fresh_seed

        seed = fresh_seed() % 1_000_000 if seed is None else int(seed)
        self.seed_box.value = seed
        self.messages.clear()
        self.say(f"New deal from seed {seed}.")
        self.game = self.deal(seed)
        self.refresh()

    # -- shared behaviour -------------------------------------------------------
    NOT_CLICKABLE = "That is not something you can click."

    def _on_click(self, target: object) -> None:
        """Every click lands here; a click never raises and a bogus one changes nothing.

        A game's ``clicked`` returns False for a target it does not know.
        """
        if not isinstance(target, str) or not target or len(target) > 100:
            self.say(self.NOT_CLICKABLE, "refused")
            self.refresh()
            return
        before = self.game.copy()
        try:
            known = self.clicked(target)
        except Exception:  # a malformed target must not break the board
            self.game = before
            self.forget_selection()
            known = False
        if known is False:
            self.say(self.NOT_CLICKABLE, "refused")
        self.refresh()

    def forget_selection(self) -> None:
        """Drop any half-made choice (a selected tile); games with selections override it."""

    def play(self, move) -> bool:
        """Play ``move``; on refusal log why (in red) and return False. The game is unchanged then."""
        from .errors import IllegalMove

        try:
            self.game.play(move)
        except IllegalMove as error:
            self.say(f"Refused: {error}", "refused")
            return False
        return True

    def undo(self) -> None:
        """Take back the last move (the log says which)."""
        if self.game.can_undo:
            self.say(f"Undid {self.game.undo()}")
        else:
            self.say("Nothing to undo.")
        self.refresh()

    def redo(self) -> None:
        """Play again the last undone move."""
        if self.game.can_redo:
            self.say(f"Redid {self.game.redo()}")
        self.refresh()

    def say(self, message: str, kind: str = "info") -> None:
        """Add a line to the log (newest first; ``kind`` ``refused`` shows red)."""
        self.messages.insert(0, (kind, message))
        del self.messages[12:]

    def refresh(self) -> None:
        """Redraw the board, status line, log and button states from the game."""
        from html import escape

        self.board.svg = self.picture()
        over = " tilegames-over" if self.game.is_over else ""
        self.status.value = (
            f'<b class="tilegames-status-text{over}">{escape(self.status_text())}</b>'
        )
        colours = {"refused": "#c62828", "good": "#2e7d32", "info": "#333"}
        self.log.value = "<br>".join(
            f'<span class="tilegames-{kind}" style="color:{colours.get(kind, "#333")}">{escape(text)}</span>'
            for kind, text in self.messages
        )
        self.undo_button.disabled = not self.game.can_undo
        self.redo_button.disabled = not self.game.can_redo

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)
