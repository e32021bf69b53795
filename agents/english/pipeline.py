"""The orchestrator (seed §2.2, §3): Profile -> (a new session only) News -> Analysis -> the marker ->
Correction -> Conversation, as a custom pipeline on the core runner (guards, persistence, traces and
the single terminal event come from there).

The session marker is looked up in the conversation: the stored one (whatever its age; the history
window may not reach it) or, for the stateless endpoint, the one in the history the client holds
(``EnglishInputs.history``). Without it, the article is fetched and analysed, stored as a ``system``
message and streamed first as the ``article`` card; with it, neither News nor Analysis runs."""

from __future__ import annotations

import time
from collections.abc import Generator, Iterator

from pydantic import ValidationError

from agents.core.events import DataCard, Event
from agents.core.history import to_model_messages
from agents.core.inputs import InvalidInput
from agents.core.providers.base import ChatMessage
from agents.core.store import NewMessage
from agents.core.turn import Turn
from agents.english import marker as markers
from agents.english.card_data import Article, Correction
from agents.english.inputs import EnglishInputs
from agents.english.models import (
    ArticleMarker,
    ArticleRef,
    CorrectionJson,
    NewsAnalysis,
    NewsArticle,
    UserProfile,
    correction_json,
    dump,
)
from agents.english.models import ChatMessage as SeedMessage
from agents.english.news import news_agent
from agents.english.prompts import conversation_prompt
from agents.english.store import EnglishStore
from agents.english.subagents import analyse, correct

MARKER_META = {"marker": "SYSTEM_ARTICLE"}
CONVERSATION_WINDOW = 20


def _timed(turn: Turn, name: str, started: float, **extra: object) -> None:
    turn.spans.append({"kind": "agent", "name": name, "ms": round((time.perf_counter() - started) * 1000, 3), **extra})
    ran = turn.meta.get("agents")
    turn.meta["agents"] = [*(ran if isinstance(ran, list) else []), name]  # the sub-agents that ran, in order


def client_history(turn: Turn) -> list[SeedMessage] | None:
    """The history a stateless client sent (seed §2.2), validated; None on the stateful path."""
    raw = EnglishInputs.of(turn).history
    if raw is None:
        return None
    if not isinstance(raw, list):
        raise InvalidInput("history", "history는 ChatMessage 목록이어야 합니다. (history must be a list of ChatMessage.)")
    out: list[SeedMessage] = []
    for index, item in enumerate(raw):
        try:
            out.append(SeedMessage.model_validate(item))
        except ValidationError as exc:
            error = exc.errors()[0]
            where = ".".join(str(p) for p in error["loc"])
            raise InvalidInput(f"history[{index}]", f"history[{index}].{where}: {error['msg']}. Send messages as "
                                                    "{sender: user|assistant|system, text, timestamp}.") from exc
    return out


def _marker(turn: Turn, store: EnglishStore, history: list[SeedMessage] | None) -> tuple[ArticleMarker, str] | None:
    if history is not None:
        found = markers.find_in_history(history)
        return None if found is None else (found[1], history[found[0]].text)
    text = store.marker(turn.conversation.id)
    return None if text is None else (markers.decode(text, "the stored marker"), text)


def _new_session(turn: Turn, store: EnglishStore, profile: UserProfile
                 ) -> Generator[Event, None, tuple[ArticleMarker, str]]:
    """News -> Analysis -> the marker, stored and streamed first (seed §3.2)."""
    started = time.perf_counter()
    position = store.next_article(turn.user_id, turn.now)
    news = news_agent().run(profile.interests, position)
    _timed(turn, "news", started, source=news.meta.get("source"))
    article: NewsArticle = news.article
    started = time.perf_counter()
    analysis, how, problem = yield from analyse(turn, article)
    _timed(turn, "analysis", started, outcome=how)
    marker = ArticleMarker(**analysis.model_dump(), article=ArticleRef(
        title=article.title, source=article.source, url=article.url, fullText=article.fullText,
        interest=article.interest, id=article.id))
    text = markers.encode(marker)
    turn.messages_out.append(NewMessage(role="system", content=text, turn_id=turn.id, meta=MARKER_META))
    if turn.conversation.message_count <= 1:  # the conversation is named after its article, not "새 기사로 시작"
        turn.store.db.write(lambda: turn.store.conversations.rename(turn.conversation.id, turn.user_id,
                                                                    f"📰 {article.title}"))
    turn.meta["news"] = news.meta
    turn.meta["analysis"] = how
    if how == "repaired":
        turn.meta["analysis_repaired"] = True
    if how == "fallback":
        turn.meta["analysis_fallback"] = True
    if problem:
        turn.meta["analysis_problem"] = problem[:500]
    yield turn.emit(DataCard, card_type="article", title=article.title, data=Article.model_validate({
        "article": {"title": article.title, "source": article.source, "url": article.url,
                    "interest": article.interest, "published": article.published},
        **dump(analysis), "analysis_source": how,
        "system_message": markers.system_message(text, turn.now.isoformat()),
        "markdown": article_markdown(article, analysis)}))
    return marker, text


def pipeline(turn: Turn) -> Iterator[Event]:
    store = EnglishStore(turn.store)
    started = time.perf_counter()
    profile = store.profile(turn.user_id, turn.now)
    _timed(turn, "profile", started)
    history = client_history(turn)
    found = _marker(turn, store, history)
    new = found is None
    if found is None:
        found = yield from _new_session(turn, store, profile)
    marker, _ = found
    turn.meta["new_session"] = new
    article = marker.article or ArticleRef(title="Today's article")
    turn.meta["article"] = {"title": article.title, "url": article.url, "id": article.id}
    # The conversation's state says what the session is about (the workspace redraws when it changes).
    turn.state["article"] = {"title": article.title, "id": article.id}
    turn.state["turns"] = _count(turn.state.get("turns")) + 1
    start = bool(EnglishInputs.of(turn).start)
    correction: CorrectionJson = {}
    if not start:  # "새 기사로 시작" opens a session; there is no learner sentence to check
        started = time.perf_counter()
        result, problem = yield from correct(turn, turn.text)
        _timed(turn, "correction", started)
        correction = correction_json(result)
        if problem:
            turn.meta["correction_fallback"] = True
        turn.meta["correction"] = {"has_errors": result.has_errors}
        yield turn.emit(DataCard, card_type="correction", title="교정" if result.has_errors else "피드백",
                        data=Correction.model_validate({**correction, "original": turn.text,
                                                             "markdown": correction_markdown(correction)}))
        if result.has_errors:
            store.add_correction(turn.user_id, result, turn.now)
            turn.state["corrections"] = _count(turn.state.get("corrections")) + 1
    started = time.perf_counter()
    messages = _conversation_messages(turn, history)
    asked = [q for q in marker.questions if any(q.lower()[:50] in m.content.lower() for m in messages
                                                if m.role == "assistant")]
    request = turn.request(messages, purpose="conversation", tools=False)
    context = {"name": profile.name, "level": profile.learningLevel, "title": article.title,
               "article_text": article.fullText, "correction": correction, "start": start,
               "analysis": marker.model_dump(mode="json", include={"summary", "vocabulary", "questions"})}
    request = request.model_copy(update={
        "system": conversation_prompt(profile, marker, correction, asked, article.title),
        "options": request.options.model_copy(update={"extra": {**request.options.extra, "english": context}})})
    yield from turn.stream_model(request)
    _timed(turn, "conversation", started)
    turn.meta["level"] = profile.learningLevel


def article_markdown(article: NewsArticle, analysis: NewsAnalysis) -> str:
    """The card as text for front ends that draw a card's markdown (the CLI)."""
    words = ", ".join(v.word for v in analysis.vocabulary)
    return f"{article.source} · {article.url}\n\n{analysis.summary}\n\n**Words:** {words}"


def _count(value: object) -> int:
    """A counter of the conversation's state (JSON: an int, or missing)."""
    return int(value) if isinstance(value, int | float | str) else 0


def correction_markdown(correction: CorrectionJson) -> str:
    if not correction.get("has_errors"):
        return str(correction.get("feedback") or "")
    return f"~~{correction.get('original')}~~ → **{correction.get('corrected')}**\n\n{correction.get('explanation')}"


def _conversation_messages(turn: Turn, history: list[SeedMessage] | None) -> list[ChatMessage]:
    if history is None:
        return to_model_messages(turn.history[-CONVERSATION_WINDOW:])
    said = [ChatMessage(role=m.sender, content=m.text) for m in history if m.sender in ("user", "assistant")
            and m.text.strip()][-CONVERSATION_WINDOW:]
    return [*said, ChatMessage(role="user", content=turn.text)]
