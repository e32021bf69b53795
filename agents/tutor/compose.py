"""The offline tutor's replies, written only from tool results (figures come from the sandbox data)."""

from __future__ import annotations

import re
from typing import Any

from agents.tutor.sandbox import AppState

_NOT_ADVICE = "(샌드박스 가상 가격으로 설명한 학습용 내용이며 투자 권유가 아닙니다.)"


def compose(results: list[tuple[str, dict[str, Any]]], state: AppState, user_text: str) -> str:
    by_name = {name: payload for name, payload in results}
    parts: list[str] = []
    if "open_canvas" in by_name:
        return _note(by_name)
    for name, payload in results:
        data = payload.get("data") or {}
        if not payload.get("ok", False):
            parts.append(f"요청을 처리하지 못했어요: {payload.get('error') or payload.get('summary')}")
        elif payload.get("status") == "pending_confirmation":
            parts.append(f"**{payload['summary']}** — 위험도가 높은 동작이라 확인 카드에서 **확인**을 눌러야 실행돼요. "
                         "아직 실행되지 않았어요.")
        elif name == "ui_action":
            parts.append(f"{payload['summary']}.")
        elif name == "askClarification":
            parts.append(data.get("question") or payload.get("summary", ""))
        elif name == "visualization":
            tiles = ", ".join(f"{t['label']} {t.get('delta') or t['value']}" for t in data.get("tiles", []))
            parts.append(f"{payload['summary'].replace('차트를 그렸습니다: ', '차트를 그렸어요: ')} ({tiles})")
        elif name == "explain_move":
            parts.append(_move(data))
        elif name == "lookup_case":
            parts.append(_case(data, quiz="퀴즈" in user_text or "quiz" in user_text.lower()))
        elif name == "lookup_term":
            parts.append(f"**{data['term']}**: {data['definition']}")
        elif name == "get_portfolio":
            parts.append(_portfolio(data))
        else:
            parts.append(payload.get("summary", ""))
    return "\n\n".join(p for p in parts if p)


def _move(d: dict[str, Any]) -> str:
    market = d["market"]
    stock = d.get("stock")
    if stock is None:
        return (f"시장 전체(KODEX 200 기준)는 {market['start']}~{market['end']} 동안 {market['change_pct']:+.2f}% 움직였어요. "
                f"가장 크게 내린 날은 {market['worst_day']['date']} ({market['worst_day']['pct']:+.2f}%)였어요. {_NOT_ADVICE}")
    peers = ", ".join(f"{p['name']} {p['change_pct']:+.2f}%" for p in d.get("sector", []))
    rel = d["relative_to_market"]
    lines = [
        f"**{stock['name']}** ({stock['period']}, {stock['start']}~{stock['end']}): 종가 {stock['last_close']:,}원, "
        f"기간 수익률 {stock['change_pct']:+.2f}%.",
        f"- 같은 기간 시장(KODEX 200)은 {market['change_pct']:+.2f}% → 시장보다 {rel:+.2f}%p "
        f"{'더 강했어요' if rel > 0 else '더 약했어요'}.",
        f"- 같은 업종({d.get('sector_name')}): {peers}" if peers else "- 같은 업종 비교 대상이 없어요.",
        f"- 가장 크게 내린 날 {stock['worst_day']['date']} ({stock['worst_day']['pct']:+.2f}%), "
        f"가장 크게 오른 날 {stock['best_day']['date']} ({stock['best_day']['pct']:+.2f}%).",
    ]
    if abs(rel) < 3:
        lines.append("- 시장과 비슷하게 움직였으니 종목 자체보다 시장 전체 흐름의 영향이 컸다고 볼 수 있어요.")
    else:
        lines.append("- 시장과 차이가 커서 업종이나 종목 고유의 요인이 컸다고 볼 수 있어요.")
    if d.get("cases"):
        lines.append("- 관련 교육 사례: " + ", ".join(c["title"] for c in d["cases"]))
    lines.append(_NOT_ADVICE)
    return "\n".join(lines)


def _case(d: dict[str, Any], quiz: bool) -> str:
    terms = ", ".join(t["term"] for t in d["key_terms"])
    lines = [f"**{d['title']}**", d["summary"], f"핵심 용어: {terms}"]
    for move in d.get("sandbox_moves", []):
        lines.append(f"- 샌드박스 차트에서 {move['name']}: {move['change_pct']:+.2f}%")
    if quiz and d.get("quiz"):
        q = d["quiz"][0]
        lines.append(f"\n**퀴즈**: {q['question']}\n" + "\n".join(f"- {c}" for c in q["choices"]))
    return "\n".join(lines)


def _portfolio(d: dict[str, Any]) -> str:
    lines = [f"샌드박스 포트폴리오 ({d['as_of']} 종가 기준): 총자산 {d['total']:,}원, 주식 {d['invested']:,}원, "
             f"현금 {d['cash']:,}원, 평가손익 {d['pnl']:+,}원 ({d['pnl_pct']:+.2f}%)."]
    for h in d["holdings"]:
        lines.append(f"- {h['name']} {h['quantity']}주: {h['value']:,}원 ({h['pnl_pct']:+.2f}%, 비중 {h['weight_pct']:.1f}%)")
    return "\n".join(lines)


def _note(by_name: dict[str, dict[str, Any]]) -> str:
    """The canvas study note (markdown) from what the screen shows."""
    if "explain_move" in by_name and (by_name["explain_move"].get("data") or {}).get("stock"):
        d = by_name["explain_move"]["data"]
        s = d["stock"]
        return (f"# 학습 노트: {s['name']}\n\n## 핵심\n- {s['period']} 수익률 {s['change_pct']:+.2f}% "
                f"(시장 {d['market']['change_pct']:+.2f}%)\n- 최저 {s['low']:,}원 · 최고 {s['high']:,}원\n"
                f"- 가장 크게 내린 날 {s['worst_day']['date']} ({s['worst_day']['pct']:+.2f}%)\n\n## 용어\n"
                "- **수익률**: 기간 처음 대비 끝의 가격 변화율\n- **변동성**: 가격이 출렁이는 정도\n\n## 다음 단계\n"
                "- 기간을 1Y로 바꿔 긴 흐름과 비교해 보기\n- 같은 업종 종목과 비교 차트 그려 보기\n\n" + _NOT_ADVICE)
    if "lookup_case" in by_name:
        d = by_name["lookup_case"]["data"]
        terms = "\n".join(f"- **{t['term']}**: {t['definition']}" for t in d["key_terms"])
        return (f"# 학습 노트: {d['title']}\n\n## 핵심\n- {d['summary']}\n\n## 용어\n{terms}\n\n## 다음 단계\n"
                "- 사례의 퀴즈 풀어 보기\n- 관련 종목 차트에서 같은 기간 찾아보기\n\n" + _NOT_ADVICE)
    d = (by_name.get("get_portfolio") or {}).get("data") or {}
    holdings = "\n".join(f"- {h['name']}: 비중 {h['weight_pct']:.1f}%, {h['pnl_pct']:+.2f}%" for h in d.get("holdings", []))
    return (f"# 학습 노트: 내 샌드박스 포트폴리오\n\n## 핵심\n- 총자산 {d.get('total', 0):,}원, 평가손익 "
            f"{d.get('pnl_pct', 0):+.2f}%\n{holdings}\n\n## 용어\n- **평가손익**: 지금 가격으로 계산한 이익이나 손실\n"
            "- **분산투자**: 서로 다르게 움직이는 자산을 함께 담는 것\n\n## 다음 단계\n- 자산 배분 차트 그려 보기\n\n"
            + _NOT_ADVICE)


def note_from_markdown(md: str) -> dict[str, Any]:
    """The offline extraction: headings and bullets of a markdown note as the structured summary."""
    title = next((m.group(1).strip() for m in re.finditer(r"^#\s+(.+)$", md, re.M)), "")
    sections: dict[str, list[str]] = {}
    current = ""
    for line in md.splitlines():
        if line.startswith("## "):
            current = line[3:].strip()
        elif line.startswith("- ") and current:
            sections.setdefault(current, []).append(line[2:].strip())
    terms = []
    for item in sections.get("용어", []):
        m = re.match(r"\*\*(.+?)\*\*\s*[:：]\s*(.+)", item)
        if m:
            terms.append({"term": m.group(1), "definition": m.group(2)})
    return {"title": title.removeprefix("학습 노트: ") or (md.strip().splitlines() or [""])[0][:60],
            "key_points": sections.get("핵심", []), "terms": terms, "next_steps": sections.get("다음 단계", [])}
