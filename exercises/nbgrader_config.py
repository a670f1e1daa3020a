# nbgrader's settings for this course: the folder holding this file is the course folder.
# Used by `tilegames course ...`, `python scripts/course.py ...` and by `nbgrader ...` run here.
# Layout: source/<assignment>/<assignment>.ipynb (the teacher's copy, with solutions),
# keys/<assignment>.py (the answer keys: the teacher's only, never given to students),
# release/<assignment>/<assignment>.ipynb (the students' copy, generated; committed),
# submitted/, autograded/, feedback/ and gradebook.db (a class's work; never committed).
import os

try:
    c = get_config()  # noqa: F821  (nbgrader provides get_config)
except NameError:  # imported by another tool (pytest --doctest-modules): nothing to configure
    from traitlets.config import Config

    c = Config()

HERE = os.path.dirname(os.path.abspath(globals().get("__file__", "nbgrader_config.py")))

# -- the course and how assignments travel (JupyterHub: one exchange folder for the class) --------
c.CourseDirectory.course_id = os.environ.get("TILEGAMES_COURSE_ID", "tilegames")
c.CourseDirectory.root = HERE
c.CourseDirectory.db_url = "sqlite:///" + os.path.join(HERE, "gradebook.db")
c.Exchange.root = os.environ.get("TILEGAMES_EXCHANGE", "/srv/nbgrader/exchange")
# a student may hand in again; the last submission before grading counts
c.ExchangeSubmit.strict = True
# the grader's report (flags for the teacher, the answers as handed in) stays with the teacher:
# nbgrader copies every file of autograded/ into the students' feedback, except these
c.CourseDirectory.ignore = [
    ".ipynb_checkpoints",
    "*.pyc",
    "__pycache__",
    "feedback",
    "grading-report.json",
]

# a solution region becomes this in the students' copy; the answer line above it keeps its `...`
c.ClearSolutions.code_stub = {"python": "# your working here"}
c.ClearSolutions.text_stub = "YOUR ANSWER HERE"

# -- grading that trusts nothing the student's code did (tilegames_course.grading.autograde) -------------
try:
    from nbconvert.preprocessors import ClearMetadataPreprocessor
    from nbgrader.preprocessors import (
        AssignLatePenalties,
        CheckCellMetadata,
        ClearOutput,
        DeduplicateIds,
        IgnorePattern,
        LimitOutput,
        OverwriteKernelspec,
        SaveAutoGrades,
    )

    from tilegames_course.grading.autograde import (
        RecordingOverwriteCells,
        SandboxedExecute,
        SanitizeOutputs,
        TrustedGrade,
    )
    from tilegames_course.grading.course import refuse_to_delete_handed_in_work
    from tilegames_course.grading.repair import RepairCellMetadata
    from tilegames_course.grading.sanitize import SafeForTeacher
except ImportError:  # nbgrader is the teacher's (tilegames[course]); nothing to set up without it
    pass
else:
    # `nbgrader generate_assignment --force` would delete release/<name> before refusing an
    # assignment with submissions: refuse first, delete nothing
    refuse_to_delete_handed_in_work()
    c.Autograde.sanitize_preprocessors = [
        RepairCellMetadata,  # a copied cell or an edited setting never makes a grading fail
        ClearOutput,
        DeduplicateIds,
        OverwriteKernelspec,
        RecordingOverwriteCells,  # restores the graded cells, and records what had changed
        CheckCellMetadata,
    ]
    c.Autograde.autograde_preprocessors = [
        SandboxedExecute,  # the student's code cannot read this folder or the exchange
        SanitizeOutputs,  # no output floods, no server paths in the feedback
        TrustedGrade,  # a fresh process grades the handed-in answers with keys/
        IgnorePattern,
        ClearMetadataPreprocessor,
        LimitOutput,
        SaveAutoGrades,
        AssignLatePenalties,
        CheckCellMetadata,
        SafeForTeacher,  # last: nothing a student wrote can act in Formgrader or the feedback
    ]
    c.SandboxedExecute.hide = [HERE]  # and the exchange, wherever it is set (SandboxedExecute)
    c.SandboxedExecute.timeout = 120  # seconds per cell
    c.SandboxedExecute.notebook_seconds = 600  # and for the whole notebook
    c.TrustedGrade.keys = os.path.join(HERE, "keys")
