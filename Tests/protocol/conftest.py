import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

# Every mockls these tests start (directly, through pytest-lsp or through an editor) keeps the coverage it follows for the
# next session in a folder of this run's own, never in the user's cache folder (`CoverageStore`).
if "MOCKLS_CACHE_DIR" not in os.environ:
    os.environ["MOCKLS_CACHE_DIR"] = tempfile.mkdtemp(prefix="mockls-test-cache-")


def pytest_terminal_summary(terminalreporter):
    """How many tests were skipped for want of ../shared (`require_shared`), so that a lone clone says what it did not
    run; `make test` prints it."""
    from shared import SKIP_REASON

    skipped = [report for report in terminalreporter.stats.get("skipped", [])
               if isinstance(report.longrepr, tuple) and SKIP_REASON in str(report.longrepr[2])]
    terminalreporter.write_line(f"{len(skipped)} protocol tests need ../shared and were skipped")
