"""A turn's blocks of text read as one reply: a block that opens after a tool step starts a new paragraph;
progress events (thinking) do not split a block, and a reply of one block is unchanged."""

from __future__ import annotations

from agents.core.reply_text import Joiner, joined


def _ev(kind: str, content: str = "") -> dict[str, object]:
    return {"type": kind, "content": content} if kind == "text_delta" else {"type": kind}


def test_a_block_after_a_tool_step_is_a_new_paragraph() -> None:
    events = [_ev("thinking"), _ev("text_delta", "분석해 "), _ev("text_delta", "봤습니다."), _ev("tool_call"),
              _ev("tool_result"), _ev("data_card"), _ev("text_delta", "최근 "), _ev("text_delta", "7일"), _ev("done")]
    assert joined(events) == "분석해 봤습니다.\n\n최근 7일"


def test_one_block_and_progress_in_between_are_unchanged() -> None:
    assert joined([_ev("text_delta", "a "), _ev("thinking"), _ev("text_delta", "b"), _ev("done")]) == "a b"
    assert joined([_ev("tool_call"), _ev("tool_result"), _ev("text_delta", "only")]) == "only"  # nothing before it
    assert joined([]) == ""


def test_the_streaming_joiner_gives_each_delta_as_shown() -> None:
    joiner = Joiner()
    shown = [joiner.text(e["type"], str(e.get("content", ""))) for e in
             [_ev("text_delta", "첫 줄."), _ev("tool_call"), _ev("text_delta", " "), _ev("text_delta", "둘째")]]
    assert shown == ["첫 줄.", "", " ", "\n\n둘째"]
