"""The english tutor's cards and workspace as a framework-neutral view model, plus their HTML.

Pure functions over card data and the stored profile: the correction card with the changed words marked
(a word-level diff of the learner's message and the corrected one), the article card (compact in the
chat, whole in the workspace), and the recent corrections a learner can review."""

from __future__ import annotations

import difflib
import html
import re
from collections.abc import Mapping

from pydantic import BaseModel, Field

from agents.english.models import ArticleMarker
from agents.view.render import CardView

_TOKENS = re.compile(r"\S+|\s+")


class Segment(BaseModel):
    text: str
    changed: bool = False


class CorrectionView(BaseModel):
    has_errors: bool
    before: list[Segment] = Field(default_factory=list)  # the learner's message, removed words marked
    after: list[Segment] = Field(default_factory=list)  # the corrected message, new words marked
    explanation: str = ""
    feedback: str = ""
    changes: list[tuple[str, str]] = Field(default_factory=list)  # (was, now) for each changed span


def _words(text: str) -> list[str]:
    return _TOKENS.findall(text)


def diff(original: str, corrected: str) -> tuple[list[Segment], list[Segment], list[tuple[str, str]]]:
    """Word-level changes: what was removed from the original and what the correction added."""
    a, b = _words(original), _words(corrected)
    before: list[Segment] = []
    after: list[Segment] = []
    changes: list[tuple[str, str]] = []
    for op, a1, a2, b1, b2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        old, new = "".join(a[a1:a2]), "".join(b[b1:b2])
        if op == "equal":
            before.append(Segment(text=old))
            after.append(Segment(text=new))
            continue
        if old.strip() or new.strip():
            changes.append((old.strip(), new.strip()))
        before += _marked(old)
        after += _marked(new)
    return _merge(before), _merge(after), changes


def _marked(text: str) -> list[Segment]:
    """Changed words are marked; the spaces around them are not."""
    if not text:
        return []
    lead = text[:len(text) - len(text.lstrip())]
    trail = text[len(text.rstrip()):]
    core = text.strip()
    return [s for s in (Segment(text=lead), Segment(text=core, changed=bool(core)), Segment(text=trail)) if s.text]


def _merge(segments: list[Segment]) -> list[Segment]:
    out: list[Segment] = []
    for segment in segments:
        if out and out[-1].changed == segment.changed:
            out[-1] = Segment(text=out[-1].text + segment.text, changed=segment.changed)
        else:
            out.append(segment)
    return out


def correction_view(data: Mapping[str, object]) -> CorrectionView:
    if not data.get("has_errors"):
        return CorrectionView(has_errors=False, feedback=str(data.get("feedback") or ""))
    original = str(data.get("original") or "")
    before, after, changes = diff(original, str(data.get("corrected") or ""))
    return CorrectionView(has_errors=True, before=before, after=after, changes=changes,
                          explanation=str(data.get("explanation") or ""))


def _segments_html(segments: list[Segment], tag: str) -> str:
    return "".join(f"<{tag}>{html.escape(s.text)}</{tag}>" if s.changed else html.escape(s.text) for s in segments)


def correction_html(card: CardView) -> str:
    view = correction_view(card.data)
    if not view.has_errors:
        return f'<div class="pg-fix pg-fix-ok">✅ {html.escape(view.feedback)}</div>'
    return (f'<div class="pg-fix"><div class="pg-fix-head">✏️ 교정 (correction)</div>'
            f'<div class="pg-fix-line pg-fix-before"><span class="pg-fix-label">원문</span> '
            f'{_segments_html(view.before, "del")}</div>'
            f'<div class="pg-fix-line pg-fix-after"><span class="pg-fix-label">교정</span> '
            f'{_segments_html(view.after, "ins")}</div>'
            f'<div class="pg-fix-why">{html.escape(view.explanation)}</div></div>')


class ArticleView(BaseModel):
    title: str
    source: str = ""
    url: str = ""
    interest: str | None = None
    summary: str = ""
    vocabulary: list[dict[str, str]] = Field(default_factory=list)
    questions: list[str] = Field(default_factory=list)
    note: str = ""  # e.g. that the analysis is the fallback one


def article_view(card: CardView) -> ArticleView:
    data = card.data
    article = data.get("article")
    if not isinstance(article, dict):
        article = {}
    vocabulary = data.get("vocabulary")
    questions = data.get("questions")
    note = {"fallback": "⚠️ 기사 분석에 실패해 기본 분석을 보여 줍니다. (The analysis failed; this is the fallback.)",
            "repaired": "ℹ️ 모델의 첫 분석이 형식에 맞지 않아 한 번 고쳐 받았습니다. (The analysis was repaired once.)"}.get(
        str(data.get("analysis_source")), "")
    return ArticleView.model_validate({
        "title": card.title or article.get("title", ""), "source": article.get("source", ""),
        "url": article.get("url", ""), "interest": article.get("interest"), "summary": data.get("summary", ""),
        "vocabulary": [{k: str(v) for k, v in item.items() if v}
                       for item in (vocabulary if isinstance(vocabulary, list) else []) if isinstance(item, dict)],
        "questions": list(questions) if isinstance(questions, list) else [], "note": note})


def _link(view: ArticleView) -> str:
    source = html.escape(view.source or "source")
    if view.url.startswith(("http://", "https://")):
        return f'<a href="{html.escape(view.url)}" target="_blank" rel="noopener">{source} ↗</a>'
    return source


def _quote(example: str) -> str:
    text = html.escape(example.strip())
    return text if example.strip().startswith(('"', "“")) else f"“{text}”"


def article_html(card: CardView, *, full: bool = False) -> str:
    view = article_view(card)
    parts = [f'<div class="pg-article"><div class="pg-article-kicker">📰 오늘의 기사 · {_link(view)}</div>',
             f'<div class="pg-article-title">{html.escape(view.title)}</div>',
             f'<div class="pg-article-summary">{html.escape(view.summary)}</div>']
    if view.note:
        parts.append(f'<div class="pg-article-note">{html.escape(view.note)}</div>')
    if full:
        words = "".join(
            f'<li><b>{html.escape(v.get("word", ""))}</b>: {html.escape(v.get("definition", ""))}'
            + (f'<br><span class="pg-article-example">{_quote(v["example"])}</span>' if v.get("example") else "")
            + "</li>" for v in view.vocabulary)
        questions = "".join(f"<li>{html.escape(q)}</li>" for q in view.questions)
        parts.append(f'<div class="pg-article-h">📚 단어 (vocabulary)</div><ul class="pg-article-vocab">{words}</ul>')
        parts.append(f'<div class="pg-article-h">💬 토론 질문 (questions)</div><ol class="pg-article-q">{questions}</ol>')
    else:
        chips = " ".join(f'<span class="pg-chip">{html.escape(v.get("word", ""))}</span>' for v in view.vocabulary)
        if chips:
            parts.append(f'<div class="pg-article-chips">{chips}</div>')
    parts.append("</div>")
    return "".join(parts)


def recent_html(corrections: list[dict[str, object]]) -> str:
    """The profile's recent corrections, newest first, each with its changes marked."""
    if not corrections:
        return '<div class="pg-recent-empty">아직 교정된 문장이 없어요. 대화를 시작해 보세요! (No corrections yet.)</div>'
    items = []
    for item in reversed(corrections):
        view = correction_view({**item, "has_errors": True})
        items.append(f'<li><div>{_segments_html(view.before, "del")}</div>'
                     f'<div>→ {_segments_html(view.after, "ins")}</div>'
                     f'<div class="pg-fix-why">{html.escape(view.explanation)}</div></li>')
    return f'<ol class="pg-recent">{"".join(items)}</ol>'


def latest_article(cards: list[CardView]) -> CardView | None:
    return next((c for c in reversed(cards) if c.card_type == "article"), None)


def card_from_marker(marker: ArticleMarker) -> CardView:
    """The article card rebuilt from the stored marker (a long conversation's first turn may not be loaded)."""
    article = marker.article
    data = {"article": article.model_dump(exclude={"fullText"}) if article else {},
            **marker.model_dump(mode="json", include={"summary", "vocabulary", "questions"})}
    return CardView(card_type="article", title=article.title if article else "Today's article", data=data)
