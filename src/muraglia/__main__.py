"""``python -m muraglia``: the command line."""

from muraglia.cli import main

raise SystemExit(main())
