"""Compile means precompute: a checked rule set -> the engine's tables of small ints
(``tiles``, ``board``) and scoring expressions as data (``expr``)."""
