"""The command line: argument parsing, one function per command, terminal I/O.

Importing it registers the ``human`` kind of seat (``cli.human``) with ``carcdsl.bots``.
"""

import carcdsl.cli.human  # noqa: F401
