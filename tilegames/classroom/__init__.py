"""The class as one experiment: every student a batch, the class one pooled estimate.

- ``experiments``: the questions a class answers together (``EXPERIMENTS``), each
  student's own deals (``seeds``) and batch (``run``);
- ``store``: the class store, a drop folder the teacher makes (each student's
  share one file of their own, read and merged on the teacher's side), and
  ``class_results``, the class's summary a lesson shows;
- ``lesson``: ``share``, the one call a student makes to send their rows (it answers in
  words);
- ``dashboard``: the teacher's picture of the class — every student's interval
  against the true value, the pooled estimate, a funnel plot, and who was refused;
- ``live``: ``Dashboard``, that picture live in the teacher's notebook (ipywidgets).
"""

from .dashboard import class_summary, plot_class
from .experiments import (
    EXPERIMENTS,
    Experiment,
    Reference,
    batch_sizes,
    class_of,
    estimate,
    run,
    seeds,
)
from .lesson import Shared, share
from .live import Dashboard
from .store import ClassStore, Refused, StoreError, class_results, create_store

__all__ = [
    "EXPERIMENTS",
    "ClassStore",
    "Dashboard",
    "Experiment",
    "Reference",
    "Refused",
    "Shared",
    "StoreError",
    "batch_sizes",
    "class_of",
    "class_results",
    "class_summary",
    "create_store",
    "estimate",
    "plot_class",
    "run",
    "seeds",
    "share",
]
