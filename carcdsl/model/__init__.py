"""The rule model: what a checked rule file says, as immutable attrs classes (``rules``), and
how a tile's fields are derived (``fields``)."""
