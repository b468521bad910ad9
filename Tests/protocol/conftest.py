import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

# Every mockls these tests start (directly, through pytest-lsp or through an editor) keeps the coverage it follows for the
# next session in a folder of this run's own, never in the user's cache folder (`CoverageStore`).
if "MOCKLS_CACHE_DIR" not in os.environ:
    os.environ["MOCKLS_CACHE_DIR"] = tempfile.mkdtemp(prefix="mockls-test-cache-")
