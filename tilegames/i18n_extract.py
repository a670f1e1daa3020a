"""Babel's extraction for a game's ``rules.py``: its marked messages, and each ``Rules`` field's
docstring (``tilegames.rules_base.rule_fields`` reads them; ``simulate --help`` and the rules
cards show them, translated with ``tilegames.i18n.translate``). Named in babel.cfg.

>>> import io
>>> source = b"class Rules:\\n    mercy: bool = False\\n    '''Allow the\\n    exchange.'''\\n"
>>> [message[2] for message in extract(io.BytesIO(source), [], [], {})]
['Allow the exchange.']
"""

from __future__ import annotations

import ast
import io

from babel.messages.extract import extract_python

from .rules_base import field_docstrings


def extract(fileobj, keywords, comment_tags, options):
    """What ``extract_python`` finds, then each field docstring of a class named ``Rules``
    (whitespace joined as ``rule_fields`` joins it)."""
    source = fileobj.read()
    yield from extract_python(io.BytesIO(source), keywords, comment_tags, options)
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if not (isinstance(node, ast.ClassDef) and node.name == "Rules"):
            continue
        for _name, doc, line in field_docstrings(node):
            yield line, None, doc, ["a rule"]
