"""The class as one experiment: every student a batch, the class one pooled estimate.

- ``experiments``: the questions a class answers together (``EXPERIMENTS``), each
  student's own deals (``seeds``) and batch (``run``);
- ``store``: the class store, one SQLite database in a folder the teacher names;
- ``lesson``: ``share``, the one call a student makes to send their rows (it answers in
  words), and ``class_batches``, the class's rows (or a made-up class's);
- ``dashboard``: the teacher's picture of the class — every student's interval
  against the true value, the pooled estimate, a funnel plot, and who was refused.
"""

from .dashboard import Dashboard, class_summary, plot_class
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
from .lesson import Shared, class_batches, share
from .store import ClassStore, Refused

__all__ = [
    "EXPERIMENTS",
    "ClassStore",
    "Dashboard",
    "Experiment",
    "Reference",
    "Refused",
    "Shared",
    "batch_sizes",
    "class_of",
    "class_batches",
    "class_summary",
    "estimate",
    "plot_class",
    "run",
    "seeds",
    "share",
]
