"""``engine.batch``'s ``Batch`` under the name the kernel's modules and its users know it by:
what a batch of games played by the kernel gives back."""

from carcdsl.engine.batch import END_REASONS, Batch, seeds_array

__all__ = ["END_REASONS", "Batch", "seeds_array"]
