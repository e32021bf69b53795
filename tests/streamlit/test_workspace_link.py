"""Issue 28 (phone): a reply that says "작업 공간" links to the workspace panel, whose heading holds the anchor
(agents/view/workspace_link.py, in both front ends)."""

from __future__ import annotations

from tests.streamlit.conftest import open_page, send


def test_a_travel_preview_links_its_workspace_mention(app):
    open_page(app, "travel")
    heading = [m.value for m in app.markdown if "🧰" in m.value]
    assert heading == ['#### <span id="pg-workspace"></span>🧰 작업 공간']  # the anchor, once
    send(app, "3박 4일 일정 짜줘")
    card = [m.value for m in app.chat_message[-1].markdown if "미리보기예요" in m.value]
    # before: "미리보기예요: 작업 공간의 **적용하기**를 눌러야 저장됩니다." (plain text)
    assert len(card) == 1 and card[0].endswith("미리보기예요: [작업 공간](#pg-workspace)의 **적용하기**를 눌러야 저장됩니다."), card
    assert not any("오른쪽" in m.value for m in app.markdown)
