"""The Lab's view model: pure functions from Lab data (trace rows and detail, prompt versions and
diffs, comparison events, metrics) to framework-neutral tables, text and HTML. No Gradio here; the
view modules map these to components and ``tests/lab/test_view.py`` checks them."""

from __future__ import annotations

import html
import json
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field

from agents.core.identity import Mode
from agents.core.store.lab import ORIGINS, FeedbackFilter, Status, TraceFilter
from agents.services.lab import figures
from agents.services.lab.compare import RoundEnd, SideEvent, SideSummary
from agents.services.lab.prompts import ChangePreview, DiffView, VersionView
from agents.services.lab.traces import TraceDetail, parse_time
from agents.view import render
from agents.view.render import ChatView
from agents.view.texts import Lang, t

ALL = ""  # the "any" choice of a filter dropdown

# --- traces ----------------------------------------------------------------------------



def trace_headers(lang: Lang = "ko") -> list[str]:
    keys = ["lab_h_time", "lab_f_agent", "lab_h_message", "lab_h_provider_model", "lab_f_prompt", "lab_f_status",
            "lab_h_latency", "TTFT", "lab_h_tokens", "lab_h_cost", "👍/👎", "lab_f_user", "turn"]
    return [t(k, lang) for k in keys]


def status_choices(lang: Lang = "ko") -> list[tuple[str, str]]:
    return [(t("lab_any", lang), ALL), ("✅ done", "done"), ("⚠️ error", "error"), ("⏹ interrupted", "interrupted"),
            ("🚫 refused", "refused")]


def feedback_choices(lang: Lang = "ko") -> list[tuple[str, str]]:
    return [(t("lab_any", lang), ALL), ("👍", "up"), ("👎", "down"), (t("lab_none", lang), "none")]


def when(row: dict[str, Any]) -> datetime:
    """When a turn really ran: the wall-clock time of its write, not an eval case's virtual clock
    (which wait_minutes moves ahead); rows written before core_050 have only started_at."""
    real: datetime | None = row.get("recorded_at")
    started: datetime = row["started_at"]
    return real if real is not None and real < started else started


def trace_table(rows: list[dict[str, Any]]) -> list[list[str]]:
    """One row per turn, newest first; the turn id last (the row's key when it is clicked)."""
    out = []
    for r in rows:
        status = figures.STATUS_MARK.get(r["status"], r["status"]) + (f" · {r['error_code']}" if r.get("error_code") else "")
        side = f" ⚖{(r.get('comparison_side') or '').upper()}" if r.get("comparison_id") else ""
        out.append([f"{when(r):%m-%d %H:%M:%S}", r["agent_id"], _clip(r.get("message") or "", 60),
                    f"{r['provider']}/{r['model']}", figures.version(r["prompt_version"]), status + side,
                    figures.ms(r["latency_ms"]), figures.ms(r["ttft_ms"]),
                    figures.tokens(r["input_tokens"], r["output_tokens"]), figures.cost(r["cost_usd"]),
                    figures.FEEDBACK_MARK.get(r.get("rating"), ""), r["owner_id"], r["turn_id"]])
    return out


def _clip(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def choices(values: list[Any], *, render_value: Any = str, lang: Lang = "ko") -> list[tuple[str, str]]:
    """Dropdown choices with "any" first; values go as strings (a prompt version too)."""
    return [(t("lab_any", lang), ALL)] + [(render_value(v), str(v)) for v in values]


# The "include eval and side-by-side turns" filter's catalogue keys (one checkbox in both front ends).
INCLUDE_TESTS_LABEL = "lab_include_tests"
INCLUDE_TESTS_INFO = "lab_include_tests_info"


def origins_for(include_tests: bool) -> list[Any] | None:
    """The "include eval turns" filter: every origin, or None for the Lab's default (chat and api)."""
    return list(ORIGINS) if include_tests else None


def trace_filter(*, mode: Mode, viewer: str, agent: str, provider: str, model: str, version: str,
                 status: Status | Literal[""], feedback: FeedbackFilter | Literal[""], user: str, since: str,
                 until: str, text: str, now: datetime, include_tests: bool = False) -> TraceFilter:
    """The filters the form holds. Shared mode always shows the viewer's own turns: the user field is
    ignored there (the service refuses another user's in any case)."""
    owner = viewer if mode == "shared" else ((user or "").strip() or None)
    try:
        number = int(version) if version not in (None, ALL) else None
    except ValueError:
        number = None
    return TraceFilter(owner=owner, agent=agent or None, provider=provider or None, model=model or None,
                       prompt_version=number, status=status or None, feedback=feedback or None,
                       since=parse_time(since, now, "since"), until=parse_time(until, now, "until"),
                       text=(text or "").strip()[:200] or None, origins=origins_for(include_tests))


def page_note(count: int, page: int, more: bool, lang: Lang = "ko") -> str:
    if count == 0:
        return t("lab_no_turns" if page == 0 else "lab_last_page", lang)
    first = page * 50 + 1
    return t("lab_page_note", lang, first=first, last=first + count - 1, more=t("lab_page_more", lang) if more else "")


class DetailView(BaseModel):
    """What the detail panel shows for one turn."""

    turn_id: str
    header: str  # markdown
    prompt_title: str
    system_prompt: str
    requests: list[dict[str, Any]] = Field(default_factory=list)
    tools: str  # markdown
    events: list[dict[str, Any]] = Field(default_factory=list)
    errors: str  # markdown
    feedback: str  # markdown
    open_agent: str | None = None
    open_conversation: str | None = None


def _when_text(d: TraceDetail, lang: Lang) -> str:
    real = when(d.model_dump(include={"started_at", "recorded_at"}))
    if real == d.started_at:
        return f"{figures.when(real)} UTC"
    return f"{figures.when(real)} UTC ({t('lab_eval_clock', lang, when=figures.when(d.started_at))})"


def detail_view(d: TraceDetail, lang: Lang = "ko") -> DetailView:
    side = (t("lab_side", lang, comparison=d.comparison_id, side=(d.comparison_side or "").upper(), user=d.user_id)
            if d.comparison_id else "")
    header = (
        f"### `{d.turn_id}`\n"
        f"**{d.agent_id}** · {d.provider}/{d.model} · {figures.STATUS_MARK.get(d.status, d.status)}"
        + (f" (`{d.error_code}`)" if d.error_code else "") + f" · {_when_text(d, lang)} · 👤 `{d.owner_id}`"
        + side + "\n\n"
        f"{t('lab_d_figures', lang)}\n|---|---|---|---|---|\n"
        f"| {figures.ms(d.latency_ms)} | {figures.ms(d.ttft_ms)} | {figures.tokens(d.input_tokens, d.output_tokens)} | "
        f"{figures.cost(d.cost_usd)}{_cost_note(d, lang)} | {figures.version(d.prompt_version)}"
        + (f" · {html.escape(d.prompt_label)}" if d.prompt_label and d.prompt_version else "") + " |\n\n"
        f"**{t('lab_d_message', lang)}**: {html.escape(d.message or '')}"
        + (f"\n\n**{t('lab_d_fallbacks', lang)}**: {', '.join(d.fallbacks)}" if d.fallbacks else ""))
    if settings := model_settings_line(d, lang):
        header += f"\n\n**{t('lab_d_settings', lang)}**: {settings}"
    if d.openable and d.conversation_id:
        header += f"\n\n{t('lab_d_conversation', lang)} `{d.conversation_id}`"
    prompt_title = (f"{t('lab_d_prompt', lang)} · {figures.version(d.prompt_version)}"
                    + (f" · {d.prompt_label}" if d.prompt_label and d.prompt_version else ""))
    tools = "\n".join(
        f"- **{html.escape(c.name)}** {_code(json.dumps(c.args, ensure_ascii=False))} → "
        + ("✅ " if c.ok else "⚠️ " if c.ok is False else f"⏸ {c.status} ") + html.escape(_clip(c.summary, 300))
        for c in d.tool_calls) or t("lab_d_no_tools", lang)
    if d.actions:  # each action this turn proposed, linked to the message that proposed it
        tools += f"\n\n**{t('lab_d_actions', lang)}**\n" + "\n".join(
            f"- `{a.action_id}` **{html.escape(a.tool_name)}** · {a.status} · {html.escape(_clip(a.summary, 200))}"
            + (f" ← {t(_PROPOSER.get(a.proposed_by or '', 'lab_d_by_message'), lang)} `{a.proposed_message_id}`"
               if a.proposed_message_id else f" ← {t('lab_d_no_proposer', lang)}")
            for a in d.actions)
    errors = "\n".join(f"- ⚠️ `{html.escape(str(e.get('code') or e.get('name') or 'error'))}` "
                       f"{html.escape(str(e.get('message') or ''))}" for e in d.errors) or t("lab_d_no_errors", lang)
    feedback = "\n".join(f"- {figures.FEEDBACK_MARK.get(f['rating'], f['rating'])} `{f['user_id']}`"
                         + (f": {html.escape(f['comment'])}" if f.get("comment") else "") for f in d.feedback
                         ) or t("lab_d_no_feedback", lang)
    return DetailView(turn_id=d.turn_id, header=header, prompt_title=prompt_title,
                      system_prompt=d.system_prompt or t("lab_d_no_model_call", lang),
                      requests=d.requests, tools=tools, events=d.events, errors=errors, feedback=feedback,
                      open_agent=d.agent_id if d.openable else None,
                      open_conversation=d.conversation_id if d.openable else None)


def model_settings_line(d: TraceDetail, lang: Lang = "ko") -> str:
    """The settings the turn's model calls were sent with and their retries (issue 30), or "" if none."""
    calls = [bar.detail for bar in d.timeline if bar.kind == "model"]
    sent: dict[str, Any] = {}
    for call in calls:
        sent.update(call.get("settings") or {})
    retries = [r.get("reason", "?") for call in calls for r in call.get("retries") or []]
    parts = [f"{k} {v:,}" if isinstance(v, int) and not isinstance(v, bool) else f"{k} {v}" for k, v in sent.items()]
    if retries:
        parts.append(t("lab_d_retried", lang, n=len(retries), reasons=", ".join(retries)))
    return " · ".join(parts)


_PROPOSER = {"reply": "lab_d_by_reply", "user": "lab_d_by_user"}  # catalogue keys


def _code(text: str) -> str:
    """An inline code span (entities are not decoded inside one, so nothing is escaped; a backtick in
    the text lengthens the fence)."""
    fence = "``" if "`" in text else "`"
    return f"{fence} {text} {fence}" if fence == "``" else f"`{text}`"


def _cost_note(d: TraceDetail, lang: Lang) -> str:
    if d.cost_usd is None:
        return t("lab_d_unpriced", lang)
    return t("lab_d_free", lang) if d.provider == "offline" else ""


# --- prompt studio -----------------------------------------------------------------------

def version_headers(lang: Lang = "ko") -> list[str]:
    keys = ["lab_version", "lab_label", "lab_v_active", "lab_v_by", "lab_v_created", "lab_v_note", "lab_v_length"]
    return [t(k, lang) for k in keys]


def version_rows(versions: list[VersionView], lang: Lang = "ko") -> list[list[str]]:
    return [[figures.version(v.version), v.label or "", t("lab_v_is_active", lang) if v.active else "",
             (v.created_by or "") + ("" if v.shared else " 🔒"), figures.when(v.created_at), v.note or "",
             f"{len(v.content):,}"] for v in versions]


def version_choices(versions: list[VersionView]) -> list[tuple[str, int]]:
    return [(v.title() + ("" if v.shared else " 🔒"), v.version) for v in versions]


def change_text(p: ChangePreview, lang: Lang = "ko") -> str:
    """An Activate or Roll back, said before it runs: what changes, from which version to which, for whom."""
    target = figures.version(p.target) + (f" · {p.target_label}" if p.target_label else "")
    same = t("lab_change_same", lang) if p.current == p.target else ""
    what = t("lab_change_rollback" if p.rolling else "lab_change_activate", lang, agent=p.agent_id,
             current=figures.version(p.current), target=target, same=same)
    kept = t("lab_change_kept", lang, n=p.pinned) if p.pinned else ""
    who = t("lab_change_visitors" if p.shared else "lab_change_users", lang)
    return what + "\n\n" + t("lab_change_who", lang, who=who, agent=p.agent_id, kept=kept)


def diff_html(diff: DiffView, lang: Lang = "ko") -> str:
    """Two columns, changed lines tinted and changed words marked; line numbers on each side."""
    if diff.same:
        return f'<div class="pg-diff-same">{html.escape(t("lab_diff_same", lang))}</div>'
    rows, first = [], True
    for row in diff.rows:
        left = "".join(f"<mark>{html.escape(s.text)}</mark>" if s.changed and row.tag == "replace"
                       else html.escape(s.text) for s in row.left)
        right = "".join(f"<mark>{html.escape(s.text)}</mark>" if s.changed and row.tag == "replace"
                        else html.escape(s.text) for s in row.right)
        # The first change is marked so the page scrolls its box to it (a lone change can sit far down).
        marked = " pg-diff-first" if first and row.tag != "equal" else ""
        first = first and not marked
        rows.append(f'<tr class="pg-diff-{row.tag}{marked}"><td class="pg-diff-no">{row.left_no or ""}</td>'
                    f'<td class="pg-diff-old">{left}</td><td class="pg-diff-no">{row.right_no or ""}</td>'
                    f'<td class="pg-diff-new">{right}</td></tr>')
    stats = t("lab_diff_stats", lang, left=diff.left, right=diff.right, added=diff.added, removed=diff.removed)
    head = f'<div class="pg-diff-stats">{html.escape(stats)}</div>'
    return (f'{head}<div class="pg-diff-scroll"><table class="pg-diff"><thead><tr><th></th><th>v{diff.left}</th>'
            f'<th></th><th>v{diff.right}</th></tr></thead><tbody>{"".join(rows)}</tbody></table></div>')


# --- side-by-side ------------------------------------------------------------------------

class ComparePair(BaseModel):
    """Both sides of a comparison as two chat views, plus the round being shown."""

    comparison_id: str | None = None
    round: int | None = None
    a: ChatView = Field(default_factory=ChatView)
    b: ChatView = Field(default_factory=ChatView)
    turns: dict[str, str | None] = Field(default_factory=dict)
    running: bool = False


def start_round(pair: ComparePair, text: str) -> ComparePair:
    pair = pair.model_copy(deep=True)
    pair.a = render.add_user_message(pair.a, text)
    pair.b = render.add_user_message(pair.b, text)
    pair.running, pair.turns = True, {}
    return pair


def fold(pair: ComparePair, item: SideEvent | RoundEnd) -> None:
    """Fold one item of the merged stream into the pair, in place."""
    if isinstance(item, RoundEnd):
        pair.comparison_id, pair.round, pair.turns, pair.running = item.comparison_id, item.round, item.turns, False
        pair.a.running = pair.b.running = False
        return
    render.apply_event_in_place(pair.a if item.side == "a" else pair.b, item.event)
    pair.round = item.round


def side_figures(summary: SideSummary | None, lang: Lang = "ko") -> str:
    """Under each side: latency, time to first token, tokens and cost of its last turn."""
    if summary is None or summary.turn_id is None:
        return ""
    status = "" if summary.status in (None, "done") else f" · {figures.STATUS_MARK.get(summary.status, summary.status)}"
    return (f"⏱ {figures.ms(summary.latency_ms)} · TTFT {figures.ms(summary.ttft_ms)} · "
            f"{figures.tokens(summary.input_tokens, summary.output_tokens)} {t('lab_c_tokens', lang)} · {figures.cost(summary.cost_usd)}"
            f" · {figures.version(summary.prompt_version)}{status}")


# A round's votes: (catalogue key, stored value).
VOTES = [("lab_vote_a", "a"), ("lab_vote_b", "b"), ("lab_vote_tie", "tie"), ("lab_vote_both_bad", "both_bad")]


def vote_label(vote: str, lang: Lang = "ko") -> str:
    """A stored vote as the viewer reads it."""
    return t(dict((v, k) for k, v in VOTES).get(vote, vote), lang)


# --- metrics -----------------------------------------------------------------------------

def metric_headers(lang: Lang = "ko") -> list[str]:
    keys = ["lab_f_agent", "lab_h_provider_model", "lab_f_prompt", "lab_h_turns", "lab_h_error_rate", "lab_h_latency_p",
            "TTFT p50 / p95", "lab_h_tokens", "lab_h_cost", "lab_h_thumbs", "lab_h_votes", "lab_h_fallbacks"]
    return [t(k, lang) for k in keys]


def metric_rows(records: list[dict[str, Any]]) -> list[list[str]]:
    return [[r["agent_id"], f"{r['provider']}/{r['model']}", figures.version(r["prompt_version"]), f"{r['turns']:,}",
             figures.ratio(r["error_rate"]) + (f" · ⏹{r['interrupted']}" if r.get("interrupted") else ""),
             f"{figures.ms(r['latency_p50'])} / {figures.ms(r['latency_p95'])}",
             f"{figures.ms(r['ttft_p50'])} / {figures.ms(r['ttft_p95'])}",
             figures.tokens(r["input_tokens"], r["output_tokens"]), figures.cost(r["cost_usd"]),
             f"{figures.ratio(r['thumbs_up_ratio'])} ({r['thumbs_up']}/{r['thumbs_down']})",
             f"{r['wins']}/{r['losses']}/{r['ties']}/{r['both_bad']}",
             ", ".join(f"{k} {v}" for k, v in (r.get("fallbacks") or {}).items() if v) or "—"] for r in records]
