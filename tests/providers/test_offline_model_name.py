"""The offline provider has one model: a name typed for another provider is not shown as its own."""

from __future__ import annotations

from agents.core.providers import make_provider
from agents.core.session import Session
from pages.gradio.header import model_field_state, provider_from


def test_offline_ignores_a_typed_model_name(store):
    assert make_provider("offline", model="gpt-5").model == "rules-v1"
    assert provider_from("offline", "gpt-5", "").model == "rules-v1"
    events = Session("marketing", "demo", provider=provider_from("offline", "gpt-5", ""), store=store).run("안녕")
    done = events[-1]
    assert done.type == "done" and (done.provider, done.model) == ("offline", "rules-v1")


def test_the_model_field_says_the_offline_model_and_is_locked():
    assert model_field_state("offline") == {"value": "rules-v1", "interactive": False,
                                            "info": "offline: rules-v1 (고정)"}
    assert model_field_state("offline", "en")["info"] == "offline: rules-v1 (fixed)"
    assert model_field_state("openai")["interactive"] is True and model_field_state("openai")["value"] == ""
    # issue 28: the help line follows the provider (before: offline's line stayed after switching to openai)
    assert model_field_state("openai")["info"] == "openai: 비워 두면 기본 모델 gpt-4o-mini을(를) 씁니다"
    assert model_field_state("gemini", "en")["info"] == "gemini: leave empty for the default, gemini-2.5-flash"
    from agents.core.providers import gemini_adapter, openai_adapter
    from pages.gradio.header import DEFAULT_MODELS

    assert DEFAULT_MODELS == {"openai": openai_adapter.DEFAULT_MODEL, "gemini": gemini_adapter.DEFAULT_MODEL}
