"""The seeds' own front-end stream readers, ported to Python line for line, so the tests read our streams
exactly as a client written to the design document would (including its quirks: seed 000 splits each
network chunk on newlines and parses every `data: ` line on its own)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any


def use_agent_chat(chunks: Iterable[str]) -> dict[str, Any]:
    """Seed 000 §6.2 ``useAgentChat.sendMessage``: the reader loop and its ``switch (data.type)``.
    Returns the assistant message it builds, the error it sets, and every chunk in order."""
    message: dict[str, Any] = {"role": "assistant", "content": "", "isStreaming": True}
    error: str | None = None
    seen: list[dict[str, Any]] = []
    for text in chunks:  # const text = decoder.decode(value, { stream: true })
        lines = [line for line in text.split("\n") if line.startswith("data: ")]
        for line in lines:
            data = json.loads(line[6:])
            seen.append(data)
            match data["type"]:
                case "text":
                    message["content"] += data["content"]
                case "action_confirmation":
                    message["confirmationCard"] = data
                case "data_card":
                    message["dataCards"] = [*message.get("dataCards", []), data]
                case "suggested_questions":
                    message["suggestedQuestions"] = data["questions"]
                case "done":
                    message["isStreaming"] = False
                case "error":
                    error = data["error"]
    return {"message": message, "error": error, "chunks": seen}


def bottom_sheet(chunks: Iterable[str], session: dict[str, Any]) -> dict[str, Any]:
    """Seed 003 ReRecommendationBottomSheet's stream handling ('SSE 이벤트 처리', '세션 업데이트'): each
    `data: ` line is one {type, data}; message and clarification add an assistant message, recommendations
    update the stored session as the seed's code does, error adds the seed's error message."""
    messages: list[str] = []
    events: list[dict[str, Any]] = []
    loading = True
    buffer = ""
    for text in chunks:
        buffer += text
        *lines, buffer = buffer.split("\n")
        for line in lines:
            if not line.startswith("data: "):
                continue
            event = json.loads(line[6:])
            events.append(event)
            match event["type"]:
                case "message":
                    messages.append(event["data"])
                case "clarification":
                    messages.append(event["data"])
                    loading = False
                case "recommendations":
                    new_recs, updated = event["data"]["recommendations"], event["data"]["updatedSession"]
                    session["recommendations"] = new_recs
                    for key in ("selectedProsTags", "selectedConsTags", "budget", "anchorProduct"):
                        if updated.get(key):
                            session[key] = updated[key]
                case "error":
                    messages.append("죄송합니다. 재추천 중 오류가 발생했습니다.")
                    loading = False
    return {"messages": messages, "events": events, "session": session, "loading": loading and False}


def use_chat_stream(chunks: Iterable[str]) -> dict[str, Any]:
    """Seed 001's useChatStream (§8.2: text, place, tool_call, itinerary_preview chunks) reading StreamChunks:
    `data: ` lines, one JSON each, and a `switch (chunk.type)` that builds the streaming message."""
    state: dict[str, Any] = {"content": "", "places": [], "toolCalls": {}, "itineraryPreview": None,
                             "messageId": None, "error": None, "chunks": []}
    buffer = ""
    for text in chunks:
        buffer += text
        *lines, buffer = buffer.split("\n")
        for line in lines:
            if not line.startswith("data: "):
                continue
            chunk = json.loads(line[6:])
            state["chunks"].append(chunk)
            match chunk["type"]:
                case "text":
                    state["content"] += chunk["content"]
                case "place":
                    state["places"].append(chunk["place"])
                case "tool_call" | "tool_result":
                    call = chunk["toolCall"]
                    state["toolCalls"][call["id"]] = {**state["toolCalls"].get(call["id"], {}), **call}
                case "itinerary_preview":
                    state["itineraryPreview"] = chunk["itineraryPreview"]
                case "done":
                    state["messageId"] = chunk["messageId"]
                case "error":
                    state["error"] = chunk["content"]
    return state
