"""Where things are: the twelve border places of a tile, sides and rotation (``ports``), and
squares as small int keys (``squares``). Knows no rule."""
