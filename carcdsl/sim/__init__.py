"""Many games without a word said: playing out, summing up (``local``: in this process)."""
