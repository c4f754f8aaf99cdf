"""openhand: exact open-hand solvers for 65, Sixty-Six and Eighty-Three."""
__version__ = "0.1.0"
