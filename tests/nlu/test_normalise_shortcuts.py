"""``normalise`` skips the English contractions for a text without a Latin letter and the Korean endings for a text
without a Hangul syllable (issue 27: a process's first turn normalises ~1,200 lexicon phrases, mostly of one script).
Every string of every shipped YAML file (lexicons, training sets, grammar, eval suites) and mixed messages
normalise exactly as with every substitution applied."""

from __future__ import annotations

import unicodedata
from pathlib import Path

from agents.nlu import text
from agents.nlu.lexicon import load_yaml
from agents.nlu.patterns import compiled

ROOT = Path(__file__).resolve().parents[2]


def _every_substitution(value: str) -> str:
    """``normalise`` as it was: both lists applied to every text."""
    value = text.fold_typos(unicodedata.normalize("NFKC", value or ""))
    value = text._ZERO_WIDTH.sub("", value).translate(text._QUOTES).lower()
    for pattern, repl in [*text._CONTRACTIONS, *text._ENDINGS]:
        value = compiled(pattern).sub(repl, value)
    return text._SPACES.sub(" ", value).strip()


def _strings(node: object) -> list[str]:
    if isinstance(node, str):
        return [node]
    if isinstance(node, dict):
        return [s for k, v in node.items() for s in (*_strings(k), *_strings(v))]
    if isinstance(node, list):
        return [s for item in node for s in _strings(item)]
    return []


def test_every_shipped_phrase_normalises_as_with_every_substitution() -> None:
    found: set[str] = set()
    for path in sorted([*ROOT.glob("agents/**/*.yaml"), *ROOT.glob("data/**/*.yaml")]):
        found.update(_strings(load_yaml(path.read_text(encoding="utf-8"))))
    assert len(found) > 8000  # the lexicons, training sets and suites are all here
    wrong = [s for s in found if text.normalise(s) != _every_substitution(s)]
    assert wrong == []


def test_mixed_and_edge_texts() -> None:
    samples = ["이번 주 성과 어때요?", "how's it going, can't u tell me", "ROAS 어떘어", "Ｗｏｎ'ｔ 해 주세요",
               "r u ok", "", "   ", "123 456", "광고 보여 주실래요 plz", "I'M gonna 추천 해줘", "ｒ", "ǅ", "İ",
               "what's 어때", "\u200bwon\u200b't", "해\u00ad줘", "ゆ", "😀 thx"]
    for sample in samples:
        assert text.normalise(sample) == _every_substitution(sample), sample
    assert text.normalise("어떻게 해 주세요") == "어떻게 해줘"
    assert text.normalise("You won't") == "you will not"
