"""Grading a class without trusting a student's kernel.

The modules here run a student's code where it cannot read the course
(``sandbox``) and play a student's player in its own process, where it only
ever holds its seat's view (``player_box``). The answer keys and the grader
itself live on the teacher's side.
"""
