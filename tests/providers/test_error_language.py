"""A model server's error reaches a person in the UI's language (issue 28: the adapters' errors were English-only
in a Korean UI). Real SDKs against the fake server on 127.0.0.1; the error event keeps both languages, the way the
core has always raised, and the view shows one."""

from __future__ import annotations

import re
import string

import pytest

from agents.core.messages import CATALOGUE, in_lang, say
from agents.core.providers.gemini_adapter import GeminiProvider
from agents.core.providers.openai_adapter import OpenAIProvider
from agents.core.session import Session
from agents.view.texts import error_parts
from tests.support.fake_openai import error, gemini_error

R, G = "/v1/responses", "/v1/models/fake-gemini:streamGenerateContent"
HANGUL = re.compile(r"[가-힣]")


def _openai(fake: object, **kw: object) -> OpenAIProvider:
    return OpenAIProvider(api_key="sk-test-key", base_url=fake.base_url, model="fake-model", max_retries=0,  # type: ignore[attr-defined]
                          api="responses", **kw)


def _gemini(fake: object) -> GeminiProvider:
    return GeminiProvider(api_key="AIza-test-key", base_url=fake.root_url, model="fake-gemini", max_retries=0)  # type: ignore[attr-defined]


def _shown(event: object) -> dict[str, str]:
    return {lang: " ".join(error_parts(event.code, event.message, lang)) for lang in ("ko", "en")}  # type: ignore[attr-defined]


@pytest.mark.parametrize(("server", "reply", "code", "ko", "en"), [
    ("openai", (401, "Incorrect API key provided", "invalid_api_key"), "auth_failed",
     "OpenAI이(가) API 키를 거부했습니다 (401)", "OpenAI rejected the API key (401)"),
    ("openai", (400, "Unsupported value (temperature) for this model", "invalid_request_error"), "bad_request",
     "OpenAI이(가) 요청을 거부했습니다 (400): ", "OpenAI refused the request (400): "),
    ("openai", (403, "no access", "model_not_allowed"), None,
     "OpenAI이(가) 이 모델에 대한 접근을 거부했습니다 (403)", "OpenAI refused access to this model (403)"),
    ("gemini", (400, "Invalid argument (top_k) given", "INVALID_ARGUMENT"), "bad_request",
     "Gemini이(가) 요청을 거부했습니다 (400): ", "Gemini refused the request (400): "),
    ("gemini", (500, "internal", "INTERNAL"), None, "Gemini 서버에 오류가 났습니다 (500)",
     "Gemini had a server error (500) after retries"),
])
def test_a_model_servers_error_is_shown_in_the_uis_language(store: object, fake: object, server: str,
                                                            reply: tuple[int, str, str], code: str | None, ko: str,
                                                            en: str) -> None:
    status, text, kind = reply
    if server == "openai":
        fake.queue(error(R, status, text, kind))  # type: ignore[attr-defined]
        provider: OpenAIProvider | GeminiProvider = _openai(fake)
    else:
        fake.queue(*[gemini_error(G, status, text, kind) for _ in range(3)])  # type: ignore[attr-defined]
        provider = _gemini(fake)
    events = Session("notes", provider=provider).run("hi")
    assert [e.type for e in events] == ["error"]
    if code:
        assert events[0].code == code
    shown = _shown(events[0])
    if code == "bad_request":  # the server's own words, brackets and all, follow in both languages
        assert all(text in shown[lang] for lang in ("ko", "en")), shown
    assert ko in shown["ko"] and not re.search(r"[A-Za-z]{3,} [a-z]{3,} [a-z]{3,}", shown["ko"].replace(text, "")), shown
    assert en in shown["en"] and not HANGUL.search(shown["en"]), shown


def test_a_missing_key_names_its_variable_in_both_languages(store: object, fake: object) -> None:
    for provider, env in ((OpenAIProvider(base_url=fake.base_url), "OPENAI_API_KEY"),  # type: ignore[attr-defined]
                          (GeminiProvider(base_url=fake.root_url), "GEMINI_API_KEY")):  # type: ignore[attr-defined]
        event = Session("notes", provider=provider).run("hi")[-1]
        shown = _shown(event)
        assert event.code == "missing_key" and env in shown["ko"] and env in shown["en"], shown
        assert "API 키가 없습니다" in shown["ko"] and not HANGUL.search(shown["en"]), shown


@pytest.mark.parametrize("key", sorted(k for k in CATALOGUE if k.startswith("provider_")))
def test_every_provider_entry_splits_back_even_when_a_value_holds_brackets(key: str) -> None:
    """A server's own text (its detail, a model name, a URL) may contain " (" -- the separator of "Korean
    (English)" -- and must still split. The adapter's own values (the service's name, a variable, a status) never
    do."""
    ko, en = CATALOGUE[key]
    fields = {field for _, field, _, _ in string.Formatter().parse(ko + en) if field}
    values = {field: f"{field} (x) value (y" if field in ("detail", "model", "kind", "api", "url") else field.upper()
              for field in fields}
    message = say(key, **values)
    assert in_lang(message, "ko") == ko.format(**values)
    assert in_lang(message, "en") == en.format(**values)
