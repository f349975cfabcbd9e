"""The rule language's front ends: text (``syntax``, ``parser``, ``decls``, ``builder``,
``maps``), the JSON form (``jsonform``), and composing files, extends and variants into one
rule set (``compose``). Imports neither the checker nor the engine."""
