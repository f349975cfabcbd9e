"""The game engine: ``Game`` (compiled, immutable) and ``State`` (one game, mutable), built
from components that each own their data. Reads only compiled tables; writes no words."""
