# nbgrader's settings for this course: `exercises/` is the course folder.
# Used by `python scripts/course.py ...` and by `nbgrader ...` run from this folder.
# Layout: source/<assignment>/<assignment>.ipynb (the teacher's copy, with solutions),
# release/<assignment>/<assignment>.ipynb (the students' copy, generated; committed),
# submitted/, autograded/, feedback/ and gradebook.db (a class's work; never committed).
try:
    c = get_config()  # noqa: F821  (nbgrader provides get_config)
except NameError:  # imported by another tool (pytest --doctest-modules): nothing to configure
    from traitlets.config import Config

    c = Config()

c.CourseDirectory.root = "."
c.CourseDirectory.db_url = "sqlite:///gradebook.db"

# a solution region becomes this in the students' copy; the answer line above it keeps its `...`
c.ClearSolutions.code_stub = {"python": "# your working here"}
c.ClearSolutions.text_stub = "YOUR ANSWER HERE"

# the students' copies start without outputs; every assignment runs in well under a minute
c.ExecutePreprocessor.timeout = 120
