"""The checker: a composed rule set -> every diagnostic, with codes and positions
(``checker``, ``tiles``), and the figures ``check --stats`` prints (``stats``)."""
