"""``python -m openhand``: the same as the ``openhand`` command."""
import sys

from .cli import main

sys.exit(main())
