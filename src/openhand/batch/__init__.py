"""Solving at scale: many deals or positions at once, on all local cores
or a Dask cluster, into numpy arrays or an embedded result store.

* :func:`solve_many` (:mod:`.api`): states in, a :class:`BatchResult`
  out: the structured results and numpy arrays (values, per-move values
  in each game's fixed move encoding, nodes; :mod:`.arrays`).
* :class:`Store` (:mod:`.store`): the SQLite result store of ``openhand
  batch``, its schema documented and versioned; runs resume.
* :mod:`.question` what is asked, :mod:`.inputs` the items (file lines,
  seeded random streams), :mod:`.work` one item's work, :mod:`.runner`
  the pools (threads, Dask) and the driver, :mod:`.stats` the
  statistics, :mod:`.export` CSV, Parquet and ``.npy``, :mod:`.plots`
  histograms, :mod:`.cli` the commands ``batch``, ``stats`` and ``export``.

What each game brings (its move encoding, random items, own line forms,
statistics) is in its package's ``batch.py`` (:mod:`.parts`).

>>> from openhand.batch import solve_many
>>> r = solve_many("65", ["game=65; deal=N:A.K.. 3.A.. K.3.. Q.Q..; leader=N"], what="reach", targets=[13, 14])
>>> r.reached.tolist(), r.lower.tolist(), r.upper.tolist()
([[True, False]], [13.0], [13.0])
"""
from .api import BatchResult, solve_many
from .question import Question
from .store import Store

__all__ = ["solve_many", "BatchResult", "Question", "Store"]
