"""Every transcript in protocol-fixtures/ replayed against the real mockls binary."""

from pathlib import Path

import pytest

from transcript import Transcript

FIXTURES = sorted((Path(__file__).resolve().parents[2] / "protocol-fixtures").glob("*.transcript"))


def test_there_are_transcripts():
    assert len(FIXTURES) >= 10


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_transcript(path):
    Transcript.load(path).replay()
