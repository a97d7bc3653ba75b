"""Where the tests find the repository and the shared reference folder beside it, whichever
folder a test module sits in."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHARED_DIR = REPO.parent / "shared"
