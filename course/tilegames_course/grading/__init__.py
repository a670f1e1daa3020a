"""Grading a class that cannot fake its marks: the teacher's side of the course.

A student's notebook is executed where the student's code cannot read the
course (``sandbox``); its graded cells only hand answers in as plain data
(``tilegames.exercises.handin``); a fresh process that the student's code never
ran in checks them with the teacher's answer keys (``grader``); a player runs in
a process of its own that sees only its seat's view (``player_box``). The
nbgrader side of it is ``autograde`` (preprocessors for ``nbgrader autograde``)
and ``course`` (the teacher's commands).
"""
