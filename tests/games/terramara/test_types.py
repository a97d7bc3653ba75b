"""The Terramara engine type-checks cleanly (mypy); skipped where mypy is not installed."""

from __future__ import annotations

import pytest

from tests.paths import REPO

ROOT = REPO


@pytest.mark.slow
def test_mypy_reports_no_error_in_games_terramara():
    api = pytest.importorskip("mypy.api")
    out, err, status = api.run([str(ROOT / "games" / "terramara"), "--ignore-missing-imports", "--no-incremental"])
    assert status == 0, out + err
