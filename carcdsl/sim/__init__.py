"""Many games without a word said: playing out and summing up.

``local``: one game or many in this process (``play``'s loop). The simulation library
(``carcdsl simulate``; docs/simulation.md), for a notebook as much as for the command:

>>> from carcdsl.sim import Config, simulate, summarize
>>> sim = simulate(Config("base", ("farmers",), players=3), games=20, seed=1, jobs=1)
>>> len(sim.rows), sim.rows[0].seed
(20, 1)
>>> summarize(sim)["win_rate"][0]["value"] >= 0
True

``rows``: one game -> a ``GameRow``. ``batches``: games as arrays, whichever engine played
them. ``tally`` and ``paired``: games summed up exactly as they finish (one configuration;
two on the same seeds). ``files``: rows to CSV/Parquet as they come. ``run``: many games on
any ``concurrent.futures.Executor`` (a process pool by default; ``dask.dask_executor`` for a
Dask cluster), in memory that does not grow with the number of games. ``metrics``: the sums
-> metrics with 95% intervals; two configurations compared on the same seeds. ``report``:
the HTML report (matplotlib).
"""

from carcdsl.sim.files import write_csv, write_parquet
from carcdsl.sim.metrics import Estimate, compare, summarize, wilson
from carcdsl.sim.rows import GameRow, play_row, play_rows
from carcdsl.sim.run import Config, Simulation, simulate, simulate_together

__all__ = ["Config", "Estimate", "GameRow", "Simulation", "compare", "play_row", "play_rows",
           "simulate", "simulate_together", "summarize", "wilson", "write_csv", "write_parquet"]
