"""YAML 1.1 reads a bare yes/no/on/off as a boolean, and the lexicon turned it into the phrase "True": marketing's
typed "yes" with a card waiting answered "Nothing is waiting" (its confirm phrase was never there). The loader now
refuses such a phrase by name, and every shipped lexicon loads."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from agents.core.session import Session
from agents.nlu.lexicon import Lexicon
from tests.support.helpers import one, text_of

LEXICONS = sorted(Path("agents").glob("*/lexicon.yaml"))


def test_a_phrase_read_as_true_or_false_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match=r"intents\.confirm: 1 phrase\(s\) read as true/false"):
        Lexicon({"intents": {"confirm": ["네", True]}}, source="x.yaml")


def _booleans(value: object, path: str) -> list[str]:
    if isinstance(value, bool):
        return [path]
    if isinstance(value, list):
        return [b for v in value for b in _booleans(v, path)]
    if isinstance(value, dict):
        return [b for k, v in value.items() for b in _booleans(v, f"{path}/{k}")]
    return []


@pytest.mark.parametrize("path", LEXICONS, ids=lambda p: p.parent.name)
def test_no_shipped_lexicon_holds_a_yaml_boolean(path: Path) -> None:
    assert len(LEXICONS) >= 4
    assert _booleans(yaml.safe_load(path.read_text(encoding="utf-8")), path.parent.name) == []
    Lexicon.load(path)  # and the loader takes it


def test_typed_yes_with_a_card_waiting_is_about_that_card(store) -> None:
    s = Session("marketing")
    card = one(s.run("Raise the Spring Sale budget by 20%"), "action_confirmation")
    reply = text_of(s.run("yes"))
    assert "Nothing is waiting" not in reply and reply.startswith("It runs only"), reply
    assert s.store.actions.get(card.action_id).status.value == "PENDING"  # typing never runs it: the card's button does
