"""``python -m carcdsl``: the same as the ``carcdsl`` command."""

import sys

from .cli import main

sys.exit(main())
