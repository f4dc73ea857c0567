"""`python -m gamelib ...`: see gamelib/cli.py."""

from gamelib.cli import main

raise SystemExit(main())
