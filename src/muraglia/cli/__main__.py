"""``python -m muraglia.cli``: the same as the ``muraglia`` console script."""

from muraglia.cli import main

raise SystemExit(main())
