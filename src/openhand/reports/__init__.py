"""Reports of analysed records (:mod:`openhand.analysis`): the readable
table and CSV (:mod:`.table`), the plot (:mod:`.plot`, matplotlib, the
``plot`` extra), the self-contained HTML page (:mod:`.html`) and the
``openhand analyse`` command (:mod:`.cli`)."""

__all__ = ["table", "plot", "html", "cli"]
