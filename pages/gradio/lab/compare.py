"""Lab · Side-by-side: one message, two configurations (provider, model, prompt version) of the same
agent, both streaming at once, each in its own sandbox; confirmations per side; figures under each;
a vote per round. The pair goes on for several rounds, each side keeping its own history."""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import TypedDict

import gradio as gr

from agents.core.clock import system_clock
from agents.core.errors import PlaygroundError
from agents.core.identity import Viewer
from agents.core.inputs import InvalidInput
from agents.core.providers import FIXED_MODELS, PROVIDER_NAMES
from agents.core.session import runtime_store
from agents.core.store import Store
from agents.core.store.comparisons import SideConfig
from agents.services.lab import compare, prompts
from agents.services.lab.access import LabUser
from agents.view import render, render_workspace
from agents.view.frames import FrameGate
from agents.view.lab import VOTES, ComparePair, fold, side_figures, start_round, vote_label
from agents.view.render import ChatView
from pages.gradio.chat_gradio import to_chatbot
from pages.gradio.dock import action_markdown
from pages.gradio.i18n import Lang, label, t
from pages.gradio.lab.context import LabContext, LabView
from pages.gradio.outputs import Outputs, Update

ACTIVE = -1  # the version dropdown's "the agent's active version"


class SideWidgets(TypedDict):
    """One side's configuration, chat, figures and docked confirmation."""

    provider: gr.Dropdown
    model: gr.Textbox
    version: gr.Dropdown
    temperature: gr.Textbox
    max_tokens: gr.Textbox
    chat: gr.Chatbot
    stats: gr.Markdown
    box: gr.Group
    pending: gr.Markdown
    confirm: gr.Button
    cancel: gr.Button
    action: gr.State  # the pending action's id


def _side_view(store: Store, who: LabUser, comparison_id: str, side: str) -> ChatView:
    history = compare.side_history(store, who, comparison_id, side)
    if history.conversation_id is None:
        return ChatView()
    return render.view_from_history(history.conversation_id, history.messages, history.actions, history.traces)


def _pending(view: ChatView, lang: Lang) -> tuple[str, str | None]:
    """The side's open confirmation as markdown, and its action id."""
    open_ = render_workspace.open_actions(view, system_clock())
    if not open_:
        return "", None
    return action_markdown(open_[-1], lang), open_[-1].action_id


def build(ctx: LabContext) -> None:
    gr.Markdown(label("lab_c_note"), elem_id="pg-lab-compare-note")
    agent_ids = [a.id for a in ctx.agents]
    with gr.Row(elem_classes=["pg-lab-inline"]):
        agent = gr.Dropdown(choices=agent_ids, value=agent_ids[0] if agent_ids else None, label=label("lab_f_agent"),
                            scale=1, min_width=140, elem_id="pg-lab-c-agent")
        resume = gr.Dropdown(choices=[], label=label("lab_c_resume"), scale=2, min_width=180,
                             elem_id="pg-lab-c-resume")
        fresh = gr.Button(label("lab_c_new"), size="sm", scale=0, min_width=100, elem_id="pg-lab-c-new")
    sides: dict[str, SideWidgets] = {}
    with gr.Row(equal_height=False, elem_classes=["pg-lab-sides"]):
        for side in ("a", "b"):
            with gr.Column(min_width=300, elem_classes=["pg-lab-side"], elem_id=f"pg-lab-side-{side}"):
                gr.Markdown(f"**{side.upper()}**")
                with gr.Row(equal_height=True):
                    provider = gr.Dropdown(choices=list(PROVIDER_NAMES), value="offline", label=label("lab_f_provider"),
                                           min_width=110, elem_id=f"pg-lab-{side}-provider")
                    model = gr.Textbox(label=label("lab_f_model"), placeholder=label("lab_c_model_default"), min_width=110,
                                       elem_id=f"pg-lab-{side}-model", value=FIXED_MODELS.get("offline", ""),
                                       interactive=False)
                    version = gr.Dropdown(choices=[], label=label("lab_f_prompt"), min_width=110, elem_id=f"pg-lab-{side}-version")
                # Overrides of the agent's seed settings; empty keeps the agent's (issue 30). Text boxes, not
                # gr.Number: Gradio's number box turns an empty value into 0 (a temperature of 0, a max of 0 that
                # its own bounds refuse in English before _config can name it).
                with gr.Row(equal_height=True):
                    temperature = gr.Textbox(label=label("lab_c_temperature"), value="", max_lines=1,
                                             placeholder=label("lab_c_agent_default"), min_width=110,
                                             elem_id=f"pg-lab-{side}-temperature")
                    max_tokens = gr.Textbox(label=label("lab_c_max_tokens"), value="", max_lines=1,
                                            placeholder=label("lab_c_agent_default"), min_width=110,
                                            elem_id=f"pg-lab-{side}-max-tokens")
                chat = gr.Chatbot(show_label=False, height=420, layout="bubble", group_consecutive_messages=False,
                                  elem_id=f"pg-lab-{side}-chat", elem_classes=["pg-chat"])
                stats = gr.Markdown("", elem_id=f"pg-lab-{side}-figures", elem_classes=["pg-badge"])
                with gr.Group(visible=False, elem_classes=["pg-action", "pg-action-pending"]) as pending_box:
                    pending = gr.Markdown("", elem_classes=["pg-action-body"])
                    with gr.Row(equal_height=True):
                        confirm = gr.Button(label("confirm"), variant="primary", size="sm",
                                            elem_id=f"pg-lab-{side}-confirm")
                        cancel = gr.Button(label("cancel"), size="sm", elem_id=f"pg-lab-{side}-cancel")
                sides[side] = {"provider": provider, "model": model, "version": version, "temperature": temperature,
                               "max_tokens": max_tokens, "chat": chat, "stats": stats,
                               "box": pending_box, "pending": pending, "confirm": confirm, "cancel": cancel,
                               "action": gr.State(None)}
    with gr.Row(equal_height=True, elem_classes=["pg-input-row"]):
        message = gr.Textbox(placeholder=label("lab_c_input"), show_label=False,
                             scale=6, lines=1, max_lines=6, container=False, elem_id="pg-lab-c-input")
        send = gr.Button(label("lab_c_send"), variant="primary", scale=1, min_width=80, elem_id="pg-lab-c-send")
        stop = gr.Button(label("lab_c_stop"), scale=1, min_width=70, interactive=False, elem_id="pg-lab-c-stop")
    with gr.Row(elem_classes=["pg-lab-inline", "pg-lab-vote"]):
        vote = gr.Radio(choices=[(label(key), value) for key, value in VOTES], label=label("lab_c_vote"), scale=4, elem_id="pg-lab-vote")
        cast = gr.Button(label("lab_c_cast"), size="sm", scale=0, min_width=80, elem_id="pg-lab-cast")
    voted = gr.Markdown("", elem_id="pg-lab-voted")
    pair_state = gr.State(ComparePair())

    a, b = sides["a"], sides["b"]
    config_inputs = [a["provider"], a["model"], a["version"], a["temperature"], a["max_tokens"],
                     b["provider"], b["model"], b["version"], b["temperature"], b["max_tokens"]]
    view_outputs = [pair_state, a["chat"], b["chat"], a["stats"], b["stats"], a["box"], a["pending"], a["action"],
                    b["box"], b["pending"], b["action"]]

    def draw(pair: ComparePair, lang: Lang, who: LabUser | None = None, final: bool = False) -> Outputs:
        """Every view output; ``final`` also writes the figures under each side (empty for a new pair)."""
        out: Outputs = [pair, to_chatbot(pair.a, lang), to_chatbot(pair.b, lang)]
        stats = ["", ""]
        if final and pair.comparison_id and who is not None:
            rounds = compare.rounds(runtime_store(), who, pair.comparison_id)
            if rounds:
                stats = [side_figures(rounds[-1].a, lang), side_figures(rounds[-1].b, lang)]
        out += stats if final else [gr.skip(), gr.skip()]
        for view in (pair.a, pair.b):
            text, action_id = _pending(view, lang)
            out += [gr.update(visible=bool(action_id)), text, action_id]
        return out

    # --- configurations --------------------------------------------------------------------
    for side in ("a", "b"):
        s = sides[side]

        def lock_model(name: str) -> Update:
            fixed = FIXED_MODELS.get(name or "offline")
            return gr.update(value=fixed or "", interactive=not fixed)

        s["provider"].change(lock_model, s["provider"], s["model"], show_progress="hidden")

    def versions_for(agent_id: str | None, viewer: Viewer | None, lang: Lang = "ko") -> Outputs:
        if viewer is None or not agent_id:
            return [gr.skip()] * 3
        who, store = ctx.lab_user(viewer), runtime_store()
        try:
            listed = prompts.versions(store, agent_id, who)
        except PlaygroundError as exc:
            gr.Warning(exc.text(lang))
            return [gr.skip()] * 3
        options = [(t("lab_c_active", lang), ACTIVE), *[(v.title() + ("" if v.shared else " 🔒"), v.version)
                                                     for v in listed]]
        history = [(f"{c.title or c.id} · {c.created_at:%m-%d %H:%M}", c.id)
                   for c in compare.list_comparisons(store, who, agent_id)]
        return [gr.update(choices=options, value=ACTIVE), gr.update(choices=options, value=ACTIVE),
                gr.update(choices=history, value=None)]

    lists = [a["version"], b["version"], resume]
    agent.change(versions_for, [agent, ctx.header.who, ctx.header.lang], lists)
    ctx.on_show(versions_for, [agent, ctx.header.who, ctx.header.lang], lists)

    def reset(lang: Lang) -> Outputs:
        """A new comparison: empty sides, no vote, the configurations editable again."""
        return [*draw(ComparePair(), lang, final=True), "", None, *[gr.update(interactive=True)] * len(config_inputs)]

    reset_outputs = [*view_outputs, voted, vote, *config_inputs]
    fresh.click(reset, ctx.header.lang, reset_outputs)
    agent.change(reset, ctx.header.lang, reset_outputs)

    def reopen(comparison_id: str | None, lang: Lang, viewer: Viewer | None) -> Outputs:
        if viewer is None or not comparison_id:
            return [gr.skip()] * (len(view_outputs) + len(config_inputs))
        who, store = ctx.lab_user(viewer), runtime_store()
        try:
            row = compare.get(store, who, comparison_id)
            pair = ComparePair(comparison_id=row.id, a=_side_view(store, who, row.id, "a"),
                               b=_side_view(store, who, row.id, "b"))
        except PlaygroundError as exc:
            gr.Warning(exc.text(lang))
            return [gr.skip()] * (len(view_outputs) + len(config_inputs))
        rounds = store.comparisons.rounds(row.id)
        pair.round = rounds[-1].round if rounds else None
        configs: list[Update] = []
        for config in (row.config_a, row.config_b):
            configs += [gr.update(value=config.provider, interactive=False),
                        gr.update(value=config.model or FIXED_MODELS.get(config.provider, ""), interactive=False),
                        gr.update(value=ACTIVE if config.prompt_version is None else config.prompt_version,
                                  interactive=False),
                        gr.update(value=_setting_text(config.temperature), interactive=False),
                        gr.update(value=_setting_text(config.max_output_tokens), interactive=False)]
        return [*draw(pair, lang, who, final=True), *configs]

    resume.input(reopen, [resume, ctx.header.lang, ctx.header.who], [*view_outputs, *config_inputs])

    # --- a round ---------------------------------------------------------------------------
    running_outputs = [*view_outputs, message, send, stop, voted, vote, *config_inputs]

    def run(text: str, pair: ComparePair, agent_id: str, pa: str, ma: str, va: int | None, ta: str | None,
            xa: str | None, pb: str, mb: str, vb: int | None, tb: str | None, xb: str | None, lang: Lang,
            provider: str, api_key: str, viewer: Viewer | None) -> Iterator[Outputs]:
        idle = [gr.skip()] * len(running_outputs)
        if viewer is None:
            yield idle
            return
        text = text or ""
        if not text.strip():
            gr.Warning(t("lab_c_type_message", lang))
            yield idle
            return
        who, store = ctx.lab_user(viewer), runtime_store()
        try:
            if pair.comparison_id is None:
                row = compare.start(store, who, agent_id, _config(pa, ma, va, ta, xa, lang),
                                    _config(pb, mb, vb, tb, xb, lang), system_clock())
                pair = pair.model_copy(update={"comparison_id": row.id})
            else:
                row = compare.get(store, who, pair.comparison_id)
        except PlaygroundError as exc:
            gr.Warning(exc.text(lang))
            yield idle
            return
        keys = {side: (api_key or None) if config.provider == provider else None
                for side, config in (("a", row.config_a), ("b", row.config_b))}
        pair = start_round(pair, text)
        locked = [gr.update(interactive=False)] * len(config_inputs)
        yield [*draw(pair, lang), "", gr.update(interactive=False), gr.update(interactive=True), "", None, *locked]
        gate = FrameGate()
        for item in compare.run_round(store, who, row.id, text, api_keys=keys, pace_ms=ctx.header.config.offline_pace_ms):
            fold(pair, item)
            if gate.admit(getattr(item, "type", "")):
                yield [*draw(pair, lang), gr.skip(), gr.skip(), gr.skip(), gr.skip(), gr.skip(),
                       *[gr.skip()] * len(config_inputs)]
        pair.running = False
        yield [*draw(pair, lang, who, final=True), gr.skip(), gr.update(interactive=True), gr.update(interactive=False),
               t("lab_c_which", lang, round=pair.round), None,
               *[gr.skip()] * len(config_inputs)]

    run_inputs = [message, pair_state, agent, *config_inputs, ctx.header.lang, ctx.header.provider, ctx.header.api_key,
                  ctx.header.who]
    sent = send.click(run, run_inputs, running_outputs, show_progress="hidden")
    submitted = message.submit(run, run_inputs, running_outputs, show_progress="hidden")
    stop.click(lambda: [gr.update(interactive=True), gr.update(interactive=False)], None, [send, stop],
               cancels=[sent, submitted])

    # --- votes and confirmations ------------------------------------------------------------
    def cast_vote(pair: ComparePair, choice: str | None, viewer: Viewer | None, lang: Lang) -> Update | str:
        if viewer is None:
            return gr.skip()
        if not pair.comparison_id or pair.round is None:
            gr.Warning(t("lab_c_send_first", lang))
            return gr.skip()
        if not choice:
            gr.Warning(t("lab_c_pick_vote", lang))
            return gr.skip()
        try:
            row = compare.vote(runtime_store(), ctx.lab_user(viewer), pair.comparison_id, pair.round, choice,
                               system_clock())
        except PlaygroundError as exc:
            gr.Warning(exc.text(lang))
            return gr.skip()
        return t("lab_c_voted", lang, round=row.round, vote=vote_label(row.vote or "", lang))

    cast.click(cast_vote, [pair_state, vote, ctx.header.who, ctx.header.lang], voted)

    for side in ("a", "b"):
        s = sides[side]

        def decide(pair: ComparePair, action_id: str | None, lang: Lang, viewer: Viewer | None, decision: str,
                   side: str = side) -> Outputs:
            if viewer is None or not action_id or not pair.comparison_id:
                return [gr.skip()] * len(view_outputs)
            who, store = ctx.lab_user(viewer), runtime_store()
            try:
                outcome = compare.act(store, who, pair.comparison_id, side, action_id, decision)
            except PlaygroundError as exc:
                gr.Warning(exc.text(lang))
                return [gr.skip()] * len(view_outputs)
            (gr.Info if outcome.ok else gr.Warning)(f"{side.upper()}: {outcome.message}")
            pair = pair.model_copy(deep=True)
            setattr(pair, side, _side_view(store, who, pair.comparison_id, side))
            return draw(pair, lang, who, final=True)

        inputs = [pair_state, s["action"], ctx.header.lang, ctx.header.who]
        s["confirm"].click(lambda p, x, lg, v, d=decide: d(p, x, lg, v, "confirm"), inputs, view_outputs)
        s["cancel"].click(lambda p, x, lg, v, d=decide: d(p, x, lg, v, "cancel"), inputs, view_outputs)


def _setting_text(value: float | int | None) -> str:
    """A stored override as its text box shows it (empty: the agent's own setting)."""
    return "" if value is None else f"{value:g}"


def _setting(field: str, value: str | float | None, lang: Lang = "ko") -> float | None:
    """A side's override as typed: empty is the agent's own setting; anything but a number is refused by name."""
    if value is None or isinstance(value, (int, float)):
        return value
    text = value.strip()
    if not text:
        return None
    try:
        number = float(text) if len(text) <= 40 else math.nan
    except ValueError:
        number = math.nan
    if not math.isfinite(number):  # not a number, nan, inf, or absurdly long
        raise InvalidInput(field, t("lab_c_not_number", lang, field=field, text=repr(text[:40])))
    return number


def _config(provider: str, model: str, version: int | None, temperature: str | float | None = None,
            max_tokens: str | float | None = None, lang: Lang = "ko") -> SideConfig:
    """The side's configuration; a setting that is not a number or out of range is refused by name, in the
    viewer's language."""
    from pydantic import ValidationError

    fixed = FIXED_MODELS.get(provider or "offline")
    temperature = _setting("temperature", temperature, lang)
    max_tokens = _setting("max_output_tokens", max_tokens, lang)
    if max_tokens is not None and max_tokens != int(max_tokens):
        raise InvalidInput("max_output_tokens", t("lab_c_not_whole", lang, field="max_output_tokens"))
    try:
        return SideConfig(provider=provider or "offline", model=None if fixed else ((model or "").strip() or None),
                          prompt_version=None if version in (None, ACTIVE) else int(version),
                          temperature=temperature, max_output_tokens=None if max_tokens is None else int(max_tokens))
    except ValidationError as exc:
        field = str(exc.errors()[0]["loc"][0])
        raise InvalidInput(field, t("lab_c_out_of_range", lang, field=field)) from None


VIEW = LabView("compare", "lab_view_compare", build)
