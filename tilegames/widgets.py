"""The one board widget every game uses: an SVG that reports clicks.

``Board`` is an anywidget (so an ipywidgets widget) that shows an SVG string
and sends back the ``data-target`` attribute of the element clicked. Each
game's ``board.py`` draws with its ``render.svg`` and turns targets into moves.

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

from .i18n import N_, _

_ESM = """
// Keyboard and screen-reader play for every game's board (WCAG 2.2 AA):
// every [data-target] is a button reached by arrow keys (roving tabindex: the
// board is one Tab stop), played with Enter or Space, shown with a focus ring;
// its name is the game's aria-label (else its <title>). Messages are read out
// from a polite live region; "Text view" shows the position as text.
function render({ model, el }) {
  // the words of the bar, in the language chosen (tilegames.i18n), English if none came
  const words = (key, english) => (model.get("labels") || {})[key] || english;
  const root = document.createElement("div");
  root.className = "tilegames-root";
  // JupyterLab's command-mode keys (arrows select cells, A/B insert some) stay off the board
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  const box = document.createElement("div");
  box.className = "tilegames-board";
  const ring = document.createElement("div");
  ring.className = "tilegames-focus-ring";
  ring.setAttribute("aria-hidden", "true");
  const live = document.createElement("div");
  live.className = "tilegames-live";
  live.setAttribute("role", "status");
  live.setAttribute("aria-live", "polite");
  live.setAttribute("aria-atomic", "true");
  const bar = document.createElement("div");
  bar.className = "tilegames-textbar";
  const toggle = document.createElement("button");
  toggle.type = "button";
  toggle.className = "tilegames-text-button";
  toggle.textContent = words("text_view", "Text view");
  toggle.setAttribute("aria-expanded", "false");
  const pre = document.createElement("pre");
  pre.className = "tilegames-text";
  pre.hidden = true;
  pre.id = "tilegames-text-" + Math.random().toString(36).slice(2);
  pre.tabIndex = 0;
  pre.setAttribute("aria-label", words("text_label", "the position as text"));
  toggle.setAttribute("aria-controls", pre.id);
  const keys = document.createElement("span");
  keys.className = "tilegames-keys";
  keys.textContent = words(
    "keys",
    "Keyboard: Tab to the board, arrow keys to move, Enter or Space to play, " +
      "Page Down / Page Up for the next / previous."
  );
  bar.append(toggle, keys);
  root.append(box, ring, live, bar, pre);
  let current = null;  // data-target of the roving Tab stop
  let drawnSvg = null, seenSerial = model.get("focus_serial");
  box.tabIndex = -1;  // holds the focus for a moment when a redraw has no target to give it

  const targets = () => [...box.querySelectorAll("[data-target]")];
  // a target marked data-covered (a tile under others) is never where the focus lands by itself
  const open = () => targets().filter((t) => !t.hasAttribute("data-covered"));
  const byName = (name) =>
    targets().find((t) => t.getAttribute("data-target") === name) || null;
  const isTarget = (t) => !!t && box.contains(t) && t !== box && t.hasAttribute("data-target");
  const centre = (t) => {
    const r = t.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  };
  // the ring is drawn only around a board target that has the focus, never elsewhere
  // a target drawn as a triangle (a Tri-Ominos cell) gets a ring of its own shape, so the
  // ring never covers the neighbouring cells; any other target a rectangle around it
  const triangleOf = (t) => {
    const shape = t.querySelector("polygon");
    if (!shape || shape.points.length !== 3 || !shape.getScreenCTM()) return null;
    const m = shape.getScreenCTM();
    return [...shape.points].map((p) => new DOMPoint(p.x, p.y).matrixTransform(m));
  };
  const showRing = () => {
    const t = document.activeElement;
    if (!isTarget(t)) { ring.style.display = "none"; return; }
    const r = t.getBoundingClientRect(), o = root.getBoundingClientRect();
    Object.assign(ring.style, {
      display: "block", left: (r.left - o.left - 4) + "px", top: (r.top - o.top - 4) + "px",
      width: (r.width + 8) + "px", height: (r.height + 8) + "px",
    });
    const corners = triangleOf(t);
    ring.classList.toggle("tilegames-ring-shape", !!corners);
    ring.replaceChildren();
    if (!corners) return;
    const ns = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(ns, "svg");
    svg.setAttribute("width", String(r.width + 8));
    svg.setAttribute("height", String(r.height + 8));
    const points = corners.map((p) => `${p.x - r.left + 4},${p.y - r.top + 4}`).join(" ");
    for (const [colour, width] of [["#000", 7], ["#ffd400", 3]]) {
      const edge = document.createElementNS(ns, "polygon");
      edge.setAttribute("points", points);
      edge.setAttribute("fill", "none");
      edge.setAttribute("stroke", colour);
      edge.setAttribute("stroke-width", String(width));
      edge.setAttribute("stroke-linejoin", "round");
      svg.append(edge);
    }
    ring.append(svg);
  };
  const setStop = (t) => {
    for (const other of targets()) other.setAttribute("tabindex", other === t ? "0" : "-1");
    current = t ? t.getAttribute("data-target") : null;
  };
  const focusTarget = (t) => {
    if (t) { setStop(t); t.focus(); } else box.focus();
    showRing();
  };
  const act = (t) => model.send({ event: "click", target: t.getAttribute("data-target") });
  // where the Tab stop goes: the same target if it is still there, else where the game says
  // play continues (model "focus"), else the first uncovered target
  const pick = () => {
    const here = current && byName(current);
    if (here && !here.hasAttribute("data-covered")) return here;
    return byName(model.get("focus")) || open()[0] || targets()[0] || null;
  };
  // the view asks for the focus after a move (focus_serial): it goes to model "focus" when the
  // focus is on this board, in this view, or lost (a button that just became disabled)
  const view = () => (el.parentElement && el.parentElement.closest(".widget-box")) || root;
  const follow = () => {
    root.setAttribute("data-focus", model.get("focus"));
    if (model.get("focus_serial") === seenSerial) return;
    seenSerial = model.get("focus_serial");
    root.setAttribute("data-focus-serial", String(seenSerial));
    const a = document.activeElement;
    const lost = !a || a === document.body || a.disabled || !a.isConnected;
    if (!(lost || box.contains(a) || view().contains(a))) return;
    focusTarget(byName(model.get("focus")) || pick());
  };

  const draw = () => {
    const hadFocus = box.contains(document.activeElement);
    drawnSvg = model.get("svg");
    box.innerHTML = drawnSvg;
    const svg = box.querySelector("svg");
    // a board that must not shrink (its numbers would be unreadable, its cells too small to
    // tap) keeps its width on a narrow screen, and the board pans (scrolls) instead
    const least = svg && Number(svg.getAttribute("data-min-width"));
    if (least) svg.style.minWidth = least + "px";
    box.classList.toggle("tilegames-pans", !!least);
    if (svg && svg.getAttribute("role") === "img") {
      svg.setAttribute("role", "group");  // an img hides its parts from screen readers
      svg.setAttribute("aria-roledescription", "board");
    }
    for (const t of targets()) {
      t.setAttribute("role", "button");
      t.setAttribute("focusable", "true");
      if (!t.hasAttribute("aria-label")) {
        const title = t.querySelector("title");
        t.setAttribute("aria-label", title ? title.textContent : t.getAttribute("data-target"));
      }
    }
    const keep = pick();
    setStop(keep);
    if (hadFocus) focusTarget(keep);
    follow();
    showRing();
    pre.textContent = model.get("text");
  };

  // a target whose centre is hidden under another (a covered Tula tile) is skipped by the
  // arrows when a visible one lies that way; PageDown/PageUp still reach every target
  const onTop = (t) => {
    const c = centre(t);
    if (c.x < 0 || c.y < 0 || c.x >= window.innerWidth || c.y >= window.innerHeight) return true;
    const hit = document.elementFromPoint(c.x, c.y);
    return !hit || !box.contains(hit) || hit.closest("[data-target]") === t;
  };
  const nearest = (from, dx, dy) => {
    const uncovered = open(), shown = uncovered.filter(onTop);
    return nearestAmong(from, dx, dy, shown) || nearestAmong(from, dx, dy, uncovered);
  };
  const nearestAmong = (from, dx, dy, candidates) => {
    const a = centre(from);
    let best = null, bestScore = Infinity;
    for (const t of candidates) {
      if (t === from) continue;
      const b = centre(t), vx = b.x - a.x, vy = b.y - a.y;
      const along = vx * dx + vy * dy, across = Math.abs(vx * dy - vy * dx);
      if (along <= 1) continue;
      const score = along + 2 * across;
      if (score < bestScore) { bestScore = score; best = t; }
    }
    return best;
  };
  box.addEventListener("keydown", (event) => {
    const t = event.target.closest && event.target.closest("[data-target]");
    if (!t || !box.contains(t)) return;
    const all = targets(), i = all.indexOf(t);
    const moves = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };
    let next = null;
    if (event.key in moves) next = nearest(t, ...moves[event.key]) || t;
    else if (event.key === "Home") next = all[0];
    else if (event.key === "End") next = all[all.length - 1];
    else if (event.key === "PageDown") next = all[(i + 1) % all.length];
    else if (event.key === "PageUp") next = all[(i - 1 + all.length) % all.length];
    else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      act(t);
      return;
    } else return;
    event.preventDefault();
    focusTarget(next);
  });
  box.addEventListener("focusin", (event) => {
    const t = event.target.closest && event.target.closest("[data-target]");
    if (t) setStop(t);
    showRing();
  });
  box.addEventListener("focusout", () => { ring.style.display = "none"; });
  box.addEventListener("click", (event) => {
    const hit = event.target.closest("[data-target]");
    if (hit && box.contains(hit)) {
      setStop(hit);
      act(hit);
    }
  });
  toggle.addEventListener("click", () => {
    pre.hidden = !pre.hidden;
    toggle.setAttribute("aria-expanded", String(!pre.hidden));
    toggle.textContent = pre.hidden
      ? words("text_view", "Text view")
      : words("hide_text_view", "Hide text view");
  });
  const announce = () => {
    live.textContent = "";
    setTimeout(() => { live.textContent = model.get("announcement"); }, 50);
  };
  const retext = () => { pre.textContent = model.get("text"); };
  const refocus = () => {
    if (drawnSvg !== model.get("svg")) draw();  // the new picture first, then the focus
    else follow();
  };
  window.addEventListener("resize", showRing);
  model.on("change:svg", draw);
  model.on("change:announce_serial", announce);
  model.on("change:text", retext);
  model.on("change:focus_serial", refocus);
  draw();
  el.appendChild(root);
  return () => {
    window.removeEventListener("resize", showRing);
    model.off("change:svg", draw);
    model.off("change:announce_serial", announce);
    model.off("change:text", retext);
    model.off("change:focus_serial", refocus);
  };
}
export default { render };
"""

_CSS = """
.tilegames-root { position: relative; }
.tilegames-board { line-height: 0; }
.tilegames-board svg { max-width: 100%; height: auto; }
.tilegames-board.tilegames-pans { overflow-x: auto; overscroll-behavior-x: contain; }
.tilegames-board [data-target] { cursor: pointer; }
.tilegames-board [data-target] * { pointer-events: all; }  /* an unfilled shape is clickable too */
.tilegames-board [data-target]:hover { filter: brightness(1.08) drop-shadow(0 0 2px #1565c0); }
.tilegames-board [data-target]:focus { outline: none; }
.tilegames-board:focus { outline: none; }
.tilegames-board:focus-visible { outline: 3px solid #0072b2; outline-offset: 2px; }
.tilegames-focus-ring {
  display: none; position: absolute; pointer-events: none; box-sizing: border-box;
  border: 3px solid #000; outline: 3px solid #ffd400; border-radius: 4px;
  box-shadow: 0 0 0 6px rgba(0, 0, 0, 0.35);
}
.tilegames-focus-ring.tilegames-ring-shape { border: none; outline: none; box-shadow: none;
  border-radius: 0; overflow: visible; }
.tilegames-focus-ring.tilegames-ring-shape svg { display: block; overflow: visible; }
.tilegames-live {
  position: absolute; width: 1px; height: 1px; overflow: hidden;
  clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap;
}
.tilegames-textbar { margin: 4px 0; }
.tilegames-text-button { font: inherit; padding: 2px 10px; }
.tilegames-keys { margin-left: 10px; font-size: 12px; color: #444; }
.tilegames-text-button:focus-visible, .tilegames-text:focus-visible {
  outline: 3px solid #0072b2; outline-offset: 2px;
}
.tilegames-text { font-family: "DejaVu Sans Mono", monospace; font-size: 13px; line-height: 1.3;
  background: #f6f6f6; color: #111; padding: 8px; max-width: 100%; overflow-x: auto; }
"""


def board_labels() -> dict[str, str]:
    """The words of the board's own bar in the language in use (the JavaScript shows them).

    >>> board_labels()["text_view"]
    'Text view'
    """
    return {
        "text_view": _("Text view"),
        "hide_text_view": _("Hide text view"),
        "text_label": _("the position as text"),
        "keys": _(
            "Keyboard: Tab to the board, arrow keys to move, Enter or Space to play, "
            "Page Down / Page Up for the next / previous."
        ),
    }


class Board(anywidget.AnyWidget):
    """An SVG board; clicking an element with ``data-target`` calls the click handlers."""

    _esm = _ESM
    _css = _CSS
    svg = traitlets.Unicode("").tag(sync=True)
    """The SVG markup shown; set it to redraw the board."""
    announcement = traitlets.Unicode("").tag(sync=True)
    """What the screen reader reads out next (through the board's live region)."""
    announce_serial = traitlets.Int(0).tag(sync=True)
    """Counts announcements, so the same words said twice are read twice."""
    text = traitlets.Unicode("").tag(sync=True)
    """The position as text, shown by the board's "Text view" button."""
    focus = traitlets.Unicode("").tag(sync=True)
    """The ``data-target`` where play continues: the keyboard's stop when its own is gone."""
    focus_serial = traitlets.Int(0).tag(sync=True)
    """Counts requests to put the keyboard focus on ``focus`` (see ``take_focus``)."""
    labels = traitlets.Dict().tag(sync=True)
    """The words of the bar under the board (its "Text view" button, the keyboard help), in the
    language in use when the board was made (``board_labels``)."""

    def __init__(self, svg: str = "", **kwargs) -> None:
        kwargs.setdefault("labels", board_labels())
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

    def announce(self, message: str) -> None:
        """Have screen readers read ``message`` out (even when it repeats the last one)."""
        with self.hold_sync():
            self.announcement = message
            self.announce_serial += 1

    def take_focus(self, target: str | None = None) -> None:
        """Ask the browser to put the keyboard focus on ``target`` (default: ``focus``).

        The browser obeys only when the focus is on this board, in its view, or lost (on a
        button that has just been disabled): focus elsewhere on the page is left alone.

        >>> board = Board(svg='<svg><rect data-target="a"/><rect data-target="b"/></svg>')
        >>> board.take_focus("b")
        >>> board.focus, board.focus_serial
        ('b', 1)
        """
        with self.hold_sync():
            if target is not None:
                self.focus = target
            self.focus_serial += 1

    def _receive_front_end_message(self, _widget, content, _buffers) -> None:
        if isinstance(content, dict) and content.get("event") == "click":
            self.click(str(content.get("target", "")))


MAX_SEED = 2**63 - 1
"""The largest seed the seed box deals (a seed is a whole number from 0 to this)."""


def seed_problem(seed: object) -> str | None:
    """What is wrong with ``seed`` as a deal's seed, in words; None when it is fine.

    >>> seed_problem(7) is None, seed_problem(-5), seed_problem(2.5)
    (True, 'a seed is a whole number from 0 to 9223372036854775807, not -5', 'a seed is a whole number from 0 to 9223372036854775807, not 2.5')
    """
    import numbers

    from .errors import describe

    if isinstance(seed, numbers.Integral) and not isinstance(seed, bool):
        if 0 <= int(seed) <= MAX_SEED:
            return None
        seed = int(seed)
    return _("a seed is a whole number from 0 to {largest}, not {seed}").format(
        largest=MAX_SEED, seed=describe(seed)
    )


def said_once(parts: list[str]) -> list[str]:
    """What a screen reader is told, without saying a thing twice: a part that an earlier one
    already says whole is dropped, and a message's last clause (after ": ") that a later part
    repeats is cut from it.

    >>> said_once(["You won: all 24 tiles are on the stack!", "won: all 24 tiles are on the stack"])
    ['You won: all 24 tiles are on the stack!']
    >>> said_once(["Moved 7♦ into slot 8: score 7.", "score 7 of 48 after 3 moves"])
    ['Moved 7♦ into slot 8.', 'score 7 of 48 after 3 moves']
    """
    import re

    def plain(text: str) -> str:
        return " ".join(re.sub(r"[^\w ]+", " ", text.lower()).split())

    kept: list[str] = []
    for part in parts:
        if any(plain(part) and plain(part) in plain(earlier) for earlier in kept):
            continue
        kept.append(part)
    for index, part in enumerate(kept):
        head, colon, tail = part.rpartition(": ")
        later = " ".join(plain(p) for p in kept[index + 1 :])
        if colon and plain(tail) and re.search(rf"\b{re.escape(plain(tail))}\b", later):
            kept[index] = head.rstrip(".!?") + "."
    return kept


SHOW_HAND_COLOUR = "#a84300"
"""The hot seat's "show my hand" button: an orange dark enough for white text (WCAG AA)."""


def typed_seed(text: object) -> object:
    """The seed a person typed in the seed box: ``'12'`` is 12; anything else is handed on as
    written (``'3.5'`` as 3.5, ``'abc'`` as text) for ``seed_problem`` to refuse in words —
    never read as another number (a number box would show 3.5 as 35 and deal seed 3).

    >>> typed_seed(" 12 "), typed_seed("3.5"), typed_seed("twelve")
    (12, 3.5, 'twelve')
    >>> seed_problem(typed_seed("3.5"))
    'a seed is a whole number from 0 to 9223372036854775807, not 3.5'
    """
    import re

    written = str(text).strip()
    if re.fullmatch(r"[0-9]{1,30}", written):
        return int(written)
    if re.fullmatch(r"[-+]?[0-9]{0,30}(\.[0-9]*)?([eE][-+]?[0-9]{1,3})?", written) and any(
        c.isdigit() for c in written
    ):
        if not any(mark in written for mark in ".eE"):  # a signed whole number, like -5
            return int(written)
        return float(written)
    return written


def _seed_box_class():
    """A text box for the seed that keeps what was typed (an int set from Python becomes text)."""
    import ipywidgets as widgets
    from traitlets import CUnicode

    class SeedBox(widgets.Text):
        value = CUnicode(help="the seed as typed").tag(sync=True)

    return SeedBox


class GameView:
    """The parts every game's board view shares: board, status line, message log, undo/redo.

    A game's ``board.py`` subclasses it, draws with ``picture()`` and turns
    clicks into moves in ``clicked(target)``. ``play(move)`` plays through
    the rules and, on refusal, writes the reason to the log and changes
    nothing. Displaying the view shows ``self.widget``.

    Attributes a test (or a browser) can read: ``board.svg``, ``status.value``
    (CSS class ``tilegames-status``), ``log.value`` (``tilegames-log``).

    Buttons carry words, no icon: a Font Awesome glyph becomes part of a button's
    accessible name (a screen reader would read " Undo").
    """

    def __init__(self, game, controls: list | None = None, settings: list | None = None) -> None:
        import ipywidgets as widgets

        self.game = game
        self.messages: list[tuple[str, str]] = []
        self._private: list[tuple[str, str]] = []  # log lines about one seat's hand (hot seat)
        self._follow = False  # put the keyboard focus where play continues at the next refresh
        self._unread: list[str] = []  # said since the last refresh: read out next
        self._last_status: str | None = None
        self.board = Board(svg="")
        self.board.on_click(self._on_click)
        self.status = widgets.HTML()
        self.status.add_class("tilegames-status")
        self.log = widgets.HTML()
        self.log.add_class("tilegames-log")
        self.undo_button = widgets.Button(
            description=_("Undo"), tooltip=_("take back the last move")
        )
        self.redo_button = widgets.Button(
            description=_("Redo"), tooltip=_("play the undone move again")
        )
        self.on_press(self.undo_button, self.undo)
        self.on_press(self.redo_button, self.redo)
        self.new_button = widgets.Button(
            description=_("New deal"), tooltip=_("a fresh random deal")
        )
        self.seed_box = _seed_box_class()(
            value=str(getattr(game, "seed", None) or 0),
            description=_("seed"),
            description_allow_html=False,
            tooltip=_("the random seed of the deal: a whole number from 0 to {largest}").format(
                largest=MAX_SEED
            ),
            layout={"width": "200px"},
        )
        self.deal_button = widgets.Button(
            description=_("Deal this seed"), tooltip=_("deal the seed in the box")
        )
        self.on_press(self.new_button, self.new_deal)
        self.on_press(self.deal_button, lambda: self.new_deal(typed_seed(self.seed_box.value)))
        if (
            getattr(self, "hint_button", None) is None
        ):  # a board that made no Hint button of its own
            self.hint_button = widgets.Button(description=_("Hint"), tooltip=_("suggest a move"))
            self.on_press(self.hint_button, self.hint)
            controls = [self.hint_button, *(controls or [])]
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

    def hint(self) -> None:
        """Say a move worth playing (the Hint button). The default asks the game's first player
        other than ``random`` (its spec's ``players``) what it would play here; a game with a
        better hint overrides it (and may make its own ``hint_button`` before ``__init__``)."""
        import numpy as np

        game = self.game
        if game.is_over:
            self.say(_("The game is over: deal again for a new one."))
        else:
            spec = game.spec()
            name = next((key for key in spec.players if key != "random"), next(iter(spec.players)))
            player = spec.module.make_player(name)
            seen = game.copy() if player.clairvoyant else game.player_view()
            rng = np.random.default_rng(len(game.history))
            player.start(seen, rng)
            self.say(
                _("Hint: {move} (what the {player} player would play).").format(
                    move=player.choose(seen, rng), player=name
                )
            )
        self.refresh()

    def deal(self, seed: int):  # pragma: no cover - abstract
        """A new game from ``seed`` with the view's current settings; reset any selection."""
        raise NotImplementedError

    def new_deal(self, seed: object = None) -> None:
        """Deal again: a fresh random seed, or ``seed`` (shown in the seed box either way).

        A seed that is not a whole number from 0 to ``MAX_SEED`` is refused in words, and
        the game, the log and the seed box stay as they were.

        >>> from tilegames.tula import new_game
        >>> board = new_game(seed=1).view()
        >>> board.new_deal(-5)
        >>> board.game.seed, board.seed_box.value, board.messages[0][1]
        (1, '1', 'Refused: a seed is a whole number from 0 to 9223372036854775807, not -5. The game goes on unchanged.')
        """
        from .randomness import fresh_seed

        seed = fresh_seed() % 1_000_000 if seed is None else seed
        problem = seed_problem(seed)
        if problem is not None:
            self.refuse_deal(problem)
            return
        seed = int(seed)  # type: ignore[call-overload]
        saved = dict(vars(self))
        old_messages, old_private = list(self.messages), list(self._private)
        self.messages.clear()
        self._private.clear()
        self._unread.clear()
        self.say(_("New deal from seed {seed}.").format(seed=seed))
        try:
            game = self.deal(seed)
        except Exception as error:  # noqa: BLE001 - whatever went wrong, the old game stays
            vars(self).clear()
            vars(self).update(saved)
            self.messages[:] = old_messages
            self._private[:] = old_private
            self._unread.clear()
            self.refuse_deal(str(error) or type(error).__name__)
            return
        self.game = game
        self.seed_box.value = str(seed)
        self._follow = True
        self.refresh()

    def refuse_deal(self, why: str) -> None:
        """Say why no new deal was made; the seed box shows the game's seed again."""
        self.say(_("Refused: {why}. The game goes on unchanged.").format(why=why), "refused")
        seed = getattr(self.game, "seed", None)
        if seed_problem(seed) is None:
            self.seed_box.value = str(seed)
        self.refresh()

    def on_press(self, button, action: Callable[[], object]) -> None:
        """Run ``action`` when ``button`` is pressed, safely: an error is said in the log and
        changes nothing; a button that the action disables or hides hands the keyboard focus
        to the board (where play continues) instead of dropping it on the page."""

        def pressed(_button) -> None:
            before = self.game.copy()
            try:
                action()
            except Exception as error:  # noqa: BLE001 - a button never breaks the board
                self.game = before
                self.forget_selection()
                self.say(
                    _("That did not work ({error}); nothing changed.").format(error=error),
                    "refused",
                )
                self.refresh()
            if button.disabled or button.layout.display == "none" or not self._shown(button):
                self.board.take_focus(self.focus_target() or "")

        button.on_click(pressed)

    def _shown(self, widget) -> bool:
        """Whether ``widget`` is still somewhere in this view."""
        stack = [self.widget]
        while stack:
            box = stack.pop()
            if box is widget:
                return True
            stack.extend(getattr(box, "children", ()))
        return False

    def focus_target(self) -> str | None:
        """The ``data-target`` where play continues (the keyboard lands there after a move);
        games override it. None: the board's first target."""
        return None

    # -- shared behaviour -------------------------------------------------------
    NOT_CLICKABLE = N_("That is not something you can click.")

    def _on_click(self, target: object) -> None:
        """Every click lands here; a click never raises and a bogus one changes nothing.

        A game's ``clicked`` returns False for a target it does not know.
        """
        if not isinstance(target, str) or not target or len(target) > 100:
            self.say(_(self.NOT_CLICKABLE), "refused")
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
            self.say(_(self.NOT_CLICKABLE), "refused")
        self._follow = len(self.game.history) != len(before.history)
        self.refresh()

    def forget_selection(self) -> None:
        """Drop any half-made choice (a selected tile); games with selections override it."""

    def play(self, move) -> bool:
        """Play ``move``; on refusal log why (in red) and return False. The game is unchanged then."""
        from .errors import IllegalMove

        try:
            self.game.play(move)
        except IllegalMove as error:
            self.say(_("Refused: {why}").format(why=error), "refused")
            return False
        return True

    def undo(self) -> None:
        """Take back the last move (the log says which)."""
        if self.game.can_undo:
            self.say(_("Undid {move}").format(move=self.game.undo()))
        else:
            self.say(_("Nothing to undo."))
        self.refresh()

    def redo(self) -> None:
        """Play again the last undone move."""
        if self.game.can_redo:
            self.say(_("Redid {move}").format(move=self.game.redo()))
        self.refresh()

    def say(self, message: str, kind: str = "info", *, private: bool = False) -> None:
        """Add a line to the log (newest first; ``kind`` ``refused`` shows red).

        ``private``: the line tells something about the hand of the seat at the screen (a
        hint, a tile drawn); in a hot seat it leaves the log when the screen passes on.
        """
        line = (kind, message)
        self.messages.insert(0, line)
        del self.messages[12:]
        if private:
            self._private.append(line)
        self._unread.append(message)

    def text_view(self) -> str:
        """The position as text (the board's "Text view"); by default ``str(game)``."""
        return str(self.game)

    def announcement(self) -> str:
        """What a screen reader hears after a refresh: the new messages, then the status if it changed.

        >>> from tilegames.tula import new_game
        >>> board = new_game(seed=1).view()
        >>> board.board.click("3A")
        >>> board.board.announcement.startswith("Revealed") and "2 to reveal" in board.board.announcement
        True
        """
        return self.board.announcement

    def refresh(self) -> None:
        """Redraw the board, status line, log and button states from the game."""
        from html import escape

        status = self.status_text()
        news, self._unread = self._unread, []
        with self.board.hold_sync():  # one message: the picture and where the focus goes in it
            self.board.svg = self.picture()
            self.board.text = self.text_view()
            self.board.focus = self.focus_target() or ""
        if news or status != self._last_status:
            parts = [*news, status] if status != self._last_status or not news else news
            parts = said_once(list(dict.fromkeys(parts)))  # the same words once, not twice
            self.board.announce(
                " ".join(p if p.endswith((".", "!", "?")) else p + "." for p in parts)
            )
        self._last_status = status
        over = " tilegames-over" if self.game.is_over else ""
        self.status.value = f'<b class="tilegames-status-text{over}">{escape(status)}</b>'
        colours = {"refused": "#c62828", "good": "#2e7d32", "info": "#333"}
        self.log.value = "<br>".join(
            f'<span class="tilegames-{kind}" style="color:{colours.get(kind, "#333")}">{escape(text)}</span>'
            for kind, text in self.messages
        )
        self.undo_button.disabled = not self.game.can_undo
        self.redo_button.disabled = not self.game.can_redo
        if self._follow:
            self._follow = False
            self.board.take_focus()

    # -- hot seat: several people at one screen ------------------------------------------
    humans: tuple[int, ...] = ()
    """The seats played by people at this screen (the others are bots)."""
    covered: bool = False
    """Whether the hands are hidden while the screen passes to the next person."""

    def enable_hot_seat(self, humans) -> None:
        """Let several people play at one screen: between two people's turns, the hands are
        covered until the next one presses "Show my hand" (a game shows ``hidden`` pictures
        while ``covered``)."""
        import ipywidgets as widgets

        self.humans = tuple(sorted(set(humans)))
        self.show_button = widgets.Button(
            description=_("Show my hand"),
            # white on a dark orange: 6.1:1 (the "warning" style's #F57C00 was 2.7:1)
            style={
                "button_color": SHOW_HAND_COLOUR,
                "text_color": "#ffffff",
                "font_weight": "bold",
            },
            layout={"width": "auto", "min_width": "fit-content"},
        )
        self.show_button.add_class("tilegames-show-hand")
        self.show_button.layout.display = "none"
        self.on_press(self.show_button, self.uncover)
        children = list(self.widget.children)
        children.insert(children.index(self.status) + 1, self.show_button)
        self.widget.children = tuple(children)

    def seat_name(self, seat: int) -> str:
        """How the board names a seat ("P1", "player 1")."""
        return _("player {seat}").format(seat=seat)

    def pass_screen(self, seat: int) -> None:
        """Cover the hands: the screen goes to ``seat``, who uncovers them."""
        if len(self.humans) < 2:
            return
        self.covered = True
        self.show_button.description = _("I am {seat}: show my hand").format(
            seat=self.seat_name(seat)
        )
        self.show_button.layout.display = None
        # what the last person learnt about their own hand leaves the shared log
        self.messages[:] = [m for m in self.messages if not any(m is p for p in self._private)]
        self._unread = [t for t in self._unread if not any(t is p[1] for p in self._private)]
        self._private.clear()
        self.say(_("Pass the screen to {seat}.").format(seat=self.seat_name(seat)))

    def uncover(self) -> None:
        """The next person has the screen: show their hand."""
        if not self.covered:
            return
        self.covered = False
        self.show_button.layout.display = "none"
        self._follow = True
        self.refresh()

    COVERED = N_('Pass the screen first: the next player presses "Show my hand".')

    def refuse_while_covered(self) -> bool:
        """Say why a click or a button waits (the hands are covered); True when covered.

        Nothing about anyone's hand is said then: not a hint, not whether a draw is allowed.
        """
        if self.covered:
            self.say(_(self.COVERED), "refused")
        return self.covered

    STILL_NOTE = N_("A still picture of the board: run the notebook to play on it.")
    """The line above a live board's still picture in a saved notebook."""

    def still_picture(self) -> str:
        """The board as it is now, with the line saying it becomes playable when run."""
        from .svg import with_note

        return with_note(self.picture(), _(self.STILL_NOTE))

    def _repr_mimebundle_(self, **kwargs):
        """The live widget, plus a still picture for wherever the widget cannot run.

        A saved notebook keeps no widget state, so an opened lesson cannot show the
        live board: it shows the still picture (``scripts/execute_notebooks.py``
        stores it as PNG) and the text line instead.
        """
        bundle = dict(self.widget._repr_mimebundle_(**kwargs))
        bundle["image/svg+xml"] = self.still_picture()
        name = self.game.spec().name.replace("_", " ")
        bundle["text/plain"] = _("{game} board ({status}). {note}").format(
            game=name, status=self.status_text(), note=_(self.STILL_NOTE)
        )
        return bundle
