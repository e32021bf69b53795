"""A reply's mention of the workspace becomes a link to it (issue 28), and nothing else is touched."""

from __future__ import annotations

from agents.view.render import ChatView, MessageView
from agents.view.workspace_link import link_workspace
from pages.gradio.chat_gradio import to_chatbot


def test_mentions_become_links_in_markdown_and_html() -> None:
    assert link_workspace("미리보기예요: 작업 공간의 **적용하기**를 눌러야 저장됩니다.") == \
        "미리보기예요: [작업 공간](#pg-workspace)의 **적용하기**를 눌러야 저장됩니다."
    assert link_workspace("작업공간에서 (in the workspace)") == \
        "[작업공간](#pg-workspace)에서 (in the [workspace](#pg-workspace))"
    assert link_workspace("여행이 없습니다. 작업 공간에서 만들어 주세요.", "html") == \
        '여행이 없습니다. <a href="#pg-workspace" class="pg-workspace-link">작업 공간</a>에서 만들어 주세요.'


def test_code_links_tags_and_other_words_are_kept() -> None:
    kept = ('`작업 공간` [작업 공간](https://example.com/workspace) <span title="작업 공간">x</span> '
            '```\nworkspace\n``` workspaces 작업')
    assert link_workspace(kept) == kept
    assert link_workspace("") == ""


def test_the_gradio_chat_links_the_agents_mention_not_the_persons() -> None:
    view = ChatView(messages=[MessageView(role="user", text="작업 공간이 뭐야?"),
                              MessageView(text="📝 답을 작업 공간의 캔버스에 정리했어요.")])
    assert [m["content"] for m in to_chatbot(view, "ko")] == [
        "작업 공간이 뭐야?", "📝 답을 [작업 공간](#pg-workspace)의 캔버스에 정리했어요."]
