"""The teacher's live view of one experiment in a class store: ``Dashboard`` (ipywidgets).

It reads the store (``store.ClassStore``), computes the class's figures
(``dashboard.class_summary``) and draws them (``dashboard.plot_class``) with a
*Refresh* button, a timer that refreshes while the class works, and a *Present*
switch (large type, no names) for the projector.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pandas as pd

from .. import i18n  # i18n._(...), as the dashboard
from .dashboard import ClassSummary, class_summary, plot_class
from .experiments import EXPERIMENTS
from .store import ClassStore

__all__ = ["Dashboard"]


def _figure_output(figure, text: str) -> dict:
    """A matplotlib figure as an output widget's display data (a PNG, with its words as text)."""
    import base64
    import io

    import matplotlib.pyplot as plt

    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=80)
    plt.close(figure)
    return {
        "output_type": "display_data",
        "data": {"image/png": base64.b64encode(buffer.getvalue()).decode(), "text/plain": text},
        "metadata": {},
    }


class Dashboard:
    """The teacher's live view of one experiment in a class store (needs ipywidgets).

    ``Dashboard(store, "tula_stuck")`` shows the class picture with a *Refresh*
    button, an *every 10 s* switch that refreshes while the class works, and a
    *Present* switch (large type, no names) for the projector.
    """

    def __init__(self, store: Any, experiment: str, *, every: float = 10.0) -> None:
        import ipywidgets as widgets

        self.store = store if hasattr(store, "rows") else ClassStore(Path(store))
        self.experiment = EXPERIMENTS[experiment]
        self.every = every
        self.refresh_button = widgets.Button(
            description=i18n._("Refresh"), tooltip=i18n._("Read the class store again")
        )
        self.live = widgets.ToggleButton(
            value=False,
            description=i18n._("Refresh every {seconds} s").format(seconds=f"{every:g}"),
        )
        self.present = widgets.ToggleButton(value=False, description=i18n._("Present (no names)"))
        self.status = widgets.Label(value="")
        self.picture = widgets.Output()
        self.refresh_button.on_click(lambda _: self.refresh())
        self.present.observe(lambda _: self.refresh(), names="value")
        self.live.observe(self._toggle_live, names="value")
        self.widget = widgets.VBox(
            [
                widgets.HBox([self.refresh_button, self.live, self.present, self.status]),
                self.picture,
            ]
        )
        self.widget.add_class("tilegames-dashboard")
        self._task = None
        self.refreshes = 0
        self.refresh()

    def summary(self) -> ClassSummary:
        """The class's figures now."""
        rows = self.store.rows(self.experiment.name)
        return class_summary(
            rows, self.experiment, refused=self.store.refusals(self.experiment.name)
        )

    def refresh(self) -> None:
        """Read the store again and redraw (never raises: a problem is said in the status line).

        The picture is set as the output widget's contents directly, so a refresh from the
        timer (outside any cell's run) draws in the dashboard, not in some other cell.
        """
        try:
            summary = self.summary()
        except Exception as error:  # an unreadable store: say so, keep the last picture
            self.status.value = f"Could not read the class store: {error}"
            return
        published = ""
        if hasattr(self.store, "warning") and self.store.warning():
            published = f"; warning: {self.store.warning()}"
        if hasattr(self.store, "publish"):  # the figures (no names) for the students' lesson
            try:
                self.store.publish(self.experiment.name, summary)
            except OSError as error:
                published = f"; not published for the class: {error}"
        self.refreshes += 1
        present = self.present.value
        text = summary.text(names=not present)
        outputs = [{"output_type": "stream", "name": "stdout", "text": text + "\n"}]
        if summary.students:
            outputs.append(_figure_output(plot_class(summary, present=present), text))
        if len(summary.refused) and not present:
            refused = summary.refused.assign(sent=pd.to_datetime(summary.refused["sent"], unit="s"))
            outputs.append(
                {
                    "output_type": "display_data",
                    "data": {"text/html": refused.to_html(index=False), "text/plain": str(refused)},
                    "metadata": {},
                }
            )
        self.picture.outputs = tuple(outputs)
        self.status.value = (
            f"{len(summary.students)} students, {summary.games:,} rows (refresh {self.refreshes})"
            + published
        )

    def _toggle_live(self, change) -> None:
        import asyncio

        if change["new"]:
            self._task = asyncio.ensure_future(self._tick())
        elif self._task is not None:
            self._task.cancel()
            self._task = None

    async def _tick(self) -> None:
        import asyncio

        while True:
            await asyncio.sleep(self.every)
            self.refresh()

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)
