"""A lone ``~`` reaches Streamlit's markdown escaped (it struck through "2026-07-27~2026-10-30 동안 …" in a tutor
reply); ``~~strike~~`` and code keep theirs."""

from __future__ import annotations

from agents.view.markup import literal_tildes


def test_lone_tildes_are_escaped_and_strikes_and_code_kept() -> None:
    assert literal_tildes("3M(2026-07-27~2026-10-30) 동안 수익률 ~5%") == "3M(2026-07-27\\~2026-10-30) 동안 수익률 \\~5%"
    assert literal_tildes("~~I has~~ → **I have**") == "~~I has~~ → **I have**"
    assert literal_tildes("run `a~b` and\n```\nx ~ y\n```\nthen 1~2") == "run `a~b` and\n```\nx ~ y\n```\nthen 1\\~2"
    assert literal_tildes("already \\~ escaped") == "already \\~ escaped"
    assert literal_tildes("no tilde") == "no tilde"
