"""``python -m carcdsl``: the same as the ``carcdsl`` command."""

import sys

from carcdsl.cli.main import main

sys.exit(main())
