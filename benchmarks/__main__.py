"""`python -m benchmarks` runs the move benchmark (see benchmarks/moves.py)."""

import sys

from benchmarks.moves import main

sys.exit(main())
