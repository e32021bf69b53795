"""The README's "Try" lines, read from the README itself and run in order: if the README or the
offline model drifts apart, this fails."""

from __future__ import annotations

import re
from pathlib import Path

from agents.core.session import Session

README = Path(__file__).resolve().parents[1] / "README.md"


def _try_lines() -> tuple[list[str], list[str]]:
    text = README.read_text(encoding="utf-8")
    start = text.index("Try, with no key:")
    marketing = text[start:].split("Travel:", 1)[0]  # the Try lines follow the app's tab order
    shopping = text[text.index("Shopping: pick"):].split("With no budget yet", 1)[0]
    said = re.compile(r"(?<!\*)\*([^*\n]+)\*(?!\*)")  # *italic* is typed; **bold** is a button
    return said.findall(marketing), said.findall(shopping)


def _first(events: list, kind: str):
    return next((e for e in events if e.type == kind), None)


def test_the_marketing_try_lines_run_as_written(store):
    lines, _ = _try_lines()
    assert lines[:5] == ["이번 주 성과 어때?", "성과 좋은 캠페인은 어떤 거야?", "새 캠페인 만들고 싶어", "전환", "10만원으로 해줘"]
    expected = ["getPerformanceKPI", "listCampaigns", "askClarification", "askClarification", "createCampaign",
                "updateCampaignBudget", "checkAnomalies", "generateReport"]
    session = Session("marketing")
    tools = []
    for line in lines:
        events = session.run(line)
        assert _first(events, "error") is None, (line, events)
        tools.append(_first(events, "tool_call").name)
        if line == "10만원으로 해줘":
            card = _first(events, "action_confirmation")
            assert card.tool_name == "createCampaign" and card.args["dailyBudget"] == 100_000
            session.confirm_action(card.action_id)  # **Confirm**
    assert tools == expected


def test_the_shopping_try_lines_run_as_written(store):
    _, lines = _try_lines()
    assert lines[0] == "10만원 아래로 다시 보여줘"
    session = Session("shopping")
    session.run("분유포트 세척 쉬운 걸로 추천해줘")  # the start panel's 분유포트 + 세척이 쉬워요 as a sentence
    intents = []
    for line in lines:
        if "anchor" in line or line.startswith("--"):
            continue
        events = session.run(line)
        assert _first(events, "error") is None, (line, events)
        intents.append(_first(events, "intent").name)
    assert intents == ["REFILTER", "REFILTER", "REFILTER", "PRODUCT_QA", "PRODUCT_QA", "COMPARE", "REFILTER_WITH_ANCHOR"]
    state = session.conversation().state
    assert state["anchor"] is not None and state["budget"]["max"] == 70_000


def test_the_travel_try_lines_run_as_written(store):
    text = README.read_text(encoding="utf-8")
    block = text[text.index("Travel:"):text.index("From the CLI: `playground chat travel")]
    lines = re.findall(r"(?<!\*)\*([^*\n]+)\*(?!\*)", block)
    assert lines[:3] == ["라멘집 추천해줘", "센소지 주변 맛집", "3박 4일 일정 짜줘"]
    session = Session("travel")
    tools = {}
    for line in lines:
        events = session.run(line)
        assert _first(events, "error") is None, (line, events)
        tools[line] = _first(events, "tool_call").name
        card = _first(events, "action_confirmation")
        if card is not None:
            session.confirm_action(card.action_id)  # **Confirm**
    assert tools == {"라멘집 추천해줘": "recommend_places", "센소지 주변 맛집": "search_nearby_places",
                     "3박 4일 일정 짜줘": "generate_itinerary", "일정 다시 만들어줘": "generate_itinerary",
                     "둘째 날 오후에 츠키지 시장 넣어줘": "add_place_to_itinerary",
                     # Shibuya is an area, not a saved place: candidates in the area, not a nearby search
                     "what should I eat near Shibuya?": "recommend_places", "거기 넣어줘": "askClarification"}


def test_the_english_try_lines_run_as_written(store):
    text = README.read_text(encoding="utf-8")
    block = text[text.index("English: **새 기사로 시작**"):text.index('From the CLI: `playground chat english')]
    lines = [" ".join(line.split()) for line in re.findall(r"(?<!\*)\*([^*]+)\*(?!\*)", block)]
    assert lines == ["I think it's a good idea for students.",
                     "Yesterday I go to the library and i read a interesting book.", "What does the first word mean?",
                     "What do you think?", "Can you say it more simply?"]
    session = Session("english")
    opened = session.run("새 기사로 시작", {"start": True})  # **새 기사로 시작**
    article = _first(opened, "data_card")
    assert article.card_type == "article"
    replies = {}
    for line in lines:
        events = session.run(line)
        assert _first(events, "error") is None, (line, events)
        replies[line] = ("".join(e.content for e in events if e.type == "text_delta"), _first(events, "data_card"))
    assert replies[lines[0]][1].data["has_errors"] is False
    correction = replies[lines[1]][1].data
    assert correction["corrected"] == "Yesterday I went to the library and I read an interesting book."
    first_word = article.data["vocabulary"][0]
    assert replies[lines[2]][0].startswith(f"“{first_word['word']}” means {first_word['definition']}.")
    assert "I think it is a good idea, because" in replies[lines[3]][0]
    assert replies[lines[4]][0].startswith("No problem, let me say it more simply.")


def test_the_readme_names_the_buttons_and_tabs_as_the_app_does():
    """Issue 28: the README said Confirm / Cancel / Modify where the buttons read 실행 / 취소 / 수정, and listed
    the tabs in another order than the app's."""
    from agents.core.agent import list_agents
    from agents.view.texts import LABELS

    text = README.read_text(encoding="utf-8")
    tabs = [a.id for a in list_agents() if f"(`{a.id}`)" in text]
    table = re.findall(r"^\| [^|]+ \(`([a-z]+)`\) \| \d{3} \|", text, re.MULTILINE)
    assert len(tabs) == 5 and table == tabs  # the Agents table, row by row, in the app's tab order
    heads = {"marketing": "Try, with no key:", "travel": "Travel: *", "shopping": "Shopping: pick", "tutor": "Tutor: *",
             "english": "English: **"}
    assert sorted(tabs, key=lambda a: text.index(heads[a])) == tabs  # the Try lines too
    confirm, cancel, modify = (LABELS[k][0] for k in ("confirm", "cancel", "modify"))
    assert f"{confirm} / {cancel} / {modify}" in text
    try_block = text[text.index("Try, with no key:"):text.index("Every figure in a reply")]
    buttons = set(re.findall(r"\*\*([^*\n]+)\*\*", try_block))
    assert "Confirm" not in buttons and confirm in buttons
    for english_only in ("Confirm / Cancel / Modify", "**Confirm**", "**Cancel**", "**Modify**"):
        assert english_only not in text.replace(f"{confirm} / {cancel} / {modify} (Confirm / Cancel / Modify", "")
