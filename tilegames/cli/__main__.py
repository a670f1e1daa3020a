"""``python -m tilegames.cli``: the same as the ``tilegames`` command."""

import sys

from . import main

sys.exit(main())
