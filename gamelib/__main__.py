"""`python -m gamelib ...`: see gamelib/cli.py."""

try:
    from gamelib.cli import main
except KeyboardInterrupt:           # Ctrl-C while the package loads: no traceback either
    import sys
    from gamelib.platform import _
    print("\n" + _("interrupted"), file=sys.stderr)
    raise SystemExit(130) from None

raise SystemExit(main())
