"""Issue 29, "no internal name reaches a person" in the tutor: the reset card said "(data/tutor/portfolio.json)"
and a refused ui_action's error (which a model relays and the offline reply was built from) named the action id,
the parameter and the schema. Now the card names no file, and a refusal's error starts with a sentence for the
learner in their language (no id, no parameter name), the detail for the model after it."""

from __future__ import annotations

import re

import pytest

from agents.core.providers.offline import OfflineProvider, call, say
from agents.core.session import Session
from agents.tutor.catalog import FOR_THE_MODEL, ActionRejected, catalog_for, validate
from agents.tutor.compose import failed
from agents.tutor.sandbox import state_for_route
from tests.support.helpers import one, types
from tests.tutor.conftest import context_for

HANGUL = re.compile(r"[가-힣]")
INTERNAL = re.compile(r"\b[a-z]+_[a-z_]+\b|'[^']*'|\bparams?\b|\bschema\b|\.json\b|data/|[{}\[\]]", re.I)


@pytest.mark.parametrize(("text", "warning"), [
    ("포트폴리오 처음 상태로 리셋", "샌드박스 포트폴리오의 보유 종목과 현금이 처음 상태로 돌아갑니다."),
    ("reset my portfolio to the start", "The sandbox portfolio's holdings and cash go back to how they were at the "
                                        "start."),
])
def test_the_reset_card_names_no_file(store, clock, text, warning) -> None:
    s = Session("tutor", store=store, clock=clock)
    events = s.run(text, extra={"context_text": context_for("/my")})
    card = one(events, "action_confirmation")
    assert warning in card.warnings
    shown = " ".join([card.summary, *card.warnings, *(f"{d.label} {d.value}" for d in card.details)])
    assert "portfolio.json" not in shown and "data/" not in shown


def _rejections() -> list[ActionRejected]:
    state = state_for_route("/stock/005930")
    catalog = catalog_for(state)
    out = []
    for action_id, params in [("fly_to_the_moon", {}), ("set_period", {"period": "5Y"}), ("set_period", "1Y"),
                              ("nav_stock", {"code": "12"}), ("nav_stock", {"code": "999999"})]:
        with pytest.raises(ActionRejected) as info:
            validate(catalog, action_id, params)
        out.append(info.value)
    return out


def test_every_rejection_has_a_person_sentence_in_both_languages_with_no_internal_name() -> None:
    rejections = _rejections()
    assert [r.for_person("en") for r in rejections] == [
        "That can't be done on this screen. Move to another screen or ask in other words.",
        "That chart period is not available on this screen. Pick one of the choices it shows.",
        "That request is not available on this screen. Pick one of the choices it shows.",
        "That stock is not available on this screen. Pick one of the choices it shows.",
        "That stock is not in the sandbox. Name the stock instead."]
    for r in rejections:
        ko, en = r.for_person("ko"), r.for_person("en")
        assert HANGUL.search(ko) and not HANGUL.search(en)
        assert not INTERNAL.search(ko) and not INTERNAL.search(en), (ko, en)
        assert "Invalid params" in str(r) or "Unknown action id" in str(r) or "must be a JSON object" in str(r)


@pytest.mark.parametrize(("text", "person", "en"), [
    ("change the chart period please", "That chart period is not available on this screen. Pick one of the choices "
                                       "it shows.", True),
    ("기간 바꿔줘", "차트 기간: 이 화면에서 쓸 수 없는 값이에요. 화면에 있는 선택지 중에서 골라 주세요.", False),
])
def test_a_refused_ui_action_tells_the_person_without_ids(store, clock, text, person, en) -> None:
    replies = []
    s = Session("tutor", store=store, clock=clock, provider=OfflineProvider.scripted(
        call("ui_action", {"action_id": "set_period", "params": {"period": "5Y"}}),
        say("ok", check=lambda request: replies.append(request.messages[-1].content))))
    events = s.run(text, extra={"context_text": context_for("/stock/005930")})
    assert types(events) == ["tool_call", "tool_result", "text", "done"]
    summary = one(events, "tool_result").summary
    # the person's sentence first; the model still gets the detail it needs to correct its call
    assert summary.startswith(person + FOR_THE_MODEL) and "Invalid params for set_period" in summary
    assert person in replies[0] and "'5Y' is not one of" in replies[0]
    # the offline reply built from this result says the person's sentence only
    assert failed(summary, en) == person
