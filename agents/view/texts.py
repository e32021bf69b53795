"""The UI's words, framework-neutral: Korean first, English available.

Both front ends pick from this catalogue: the Gradio app (``pages/gradio/i18n.py`` adds ``gr.I18n``
for component labels) and the Streamlit app (``pages/streamlit/``). No UI framework import here.
"""

from __future__ import annotations

from typing import Literal

from agents.core.messages import CATALOGUE, in_lang, register
from agents.services import messages as _service_messages  # noqa: F401 - registers the services' entries in CATALOGUE
from agents.view.texts_lab import API_TEXTS, LAB_TEXTS

Lang = Literal["ko", "en"]

LABELS: dict[str, tuple[str, str]] = {
    "settings": ("⚙️ 설정 · 모델과 사용자", "⚙️ Settings · model and user"),
    "provider": ("모델 제공자", "Provider"),
    "model": ("모델", "Model"),
    "model_placeholder": ("제공자 기본값", "provider default"),
    # The Lab's eval Run form: what `playground eval run` takes as --repeat, --cache and --judge.
    "eval_repeat": ("반복 횟수 (repeat)", "Repeat"),
    "eval_repeat_info": ("케이스마다 실행할 횟수 · 2 이상이면 케이스별 통과율 · 비우면 스위트의 repeat",
                         "runs of each case · 2 or more gives a pass rate per case · empty: the suite's repeat"),
    "eval_cache": ("응답 캐시 (cache)", "Response cache"),
    "eval_cache_info": ("read: 저장된 답을 다시 씀($0) · write: 새로 불러 저장 · off: 안 씀 (offline은 캐시 안 함)",
                        "read: replay stored answers ($0) · write: call and store · off: none (offline is never cached)"),
    "eval_judge": ("심사 모델 (judge)", "Judge model"),
    "eval_judge_placeholder": ("제공자/모델, 예: openai/gpt-4o-mini · 비우면 스위트의 judge_model",
                               "provider/model, e.g. openai/gpt-4o-mini · empty: the suite's judge_model"),
    "eval_run_form": ("▶ 스위트 실행 (run a suite)", "▶ Run a suite"),
    "eval_suite": ("스위트", "Suite"),
    "eval_providers": ("제공자 (여럿이면 매트릭스)", "Providers (several: a matrix)"),
    "eval_models": ("모델 (쉼표로 여러 개 · 비우면 기본)", "Models (comma list · empty: the default)"),
    "eval_concurrency": ("동시 실행", "Concurrency"),
    "eval_run": ("▶ 실행", "▶ Run"),
    "eval_not_started": ("실행하지 못했습니다", "Not started"),
    "eval_no_suites": ("실행할 스위트가 없습니다.", "There is no suite to run."),
    "api_key": ("API 키 (이 탭에만 보관)", "API key (this tab only)"),
    "api_key_placeholder": ("또는 환경 변수로 설정", "or set it in the environment"),
    "user": ("사용자", "User"),
    "user_info": ("local 모드: 여러 사용자로 평가할 수 있는 아무 id · Enter로 적용", "local mode: any id, to evaluate as several users · Enter applies it"),
    "test_connection": ("연결 테스트", "Test connection"),
    "conversations": ("대화", "Conversations"),
    "new_chat": ("＋ 새 대화", "＋ New chat"),
    "search": ("대화 검색", "Search conversations"),
    "search_placeholder": ("제목이나 내용으로 찾기", "title or text"),
    "show_archived": ("보관한 대화 보기", "Show archived"),
    "manage": ("이 대화 관리", "Manage this conversation"),
    "title": ("제목", "Title"),
    "rename": ("이름 바꾸기", "Rename"),
    "archive": ("보관", "Archive"),
    "unarchive": ("보관 해제", "Unarchive"),
    "delete": ("삭제", "Delete"),
    "no_conversations": ("아직 대화가 없습니다.", "No conversations yet."),
    "sidebar_other_tab": ("이 탭에는 대화 목록이 없습니다. 에이전트 탭을 열면 그 대화들이 여기에 나옵니다.",
                          "This tab has no conversations. Open an agent's tab to list its conversations here."),
    "input_placeholder": ("메시지를 입력하세요 · Enter 전송, Shift+Enter 줄바꿈",
                          "Type a message · Enter sends, Shift+Enter adds a line"),
    "send": ("보내기", "Send"),
    "stop": ("중지", "Stop"),
    "confirm": ("실행", "Confirm"),
    "cancel": ("취소", "Cancel"),
    "modify": ("수정", "Modify"),
    "arguments": ("인자 (JSON)", "Arguments (JSON)"),
    "advanced_json": ("고급: JSON으로 편집", "Advanced: edit as JSON"),
    "save_json": ("JSON 저장", "Save JSON"),
    "list_hint": ("쉼표로 구분", "comma separated"),
    "none_choice": ("(없음)", "(none)"),
    "save_changes": ("변경 저장", "Save changes"),
    "workspace": ("작업 공간", "Workspace"),
    "feedback_comment": ("의견 (선택)", "Comment (optional)"),
    "feedback_placeholder": ("무엇이 좋았거나 아쉬웠나요?", "What was good or missing?"),
    "feedback_save": ("의견 저장", "Save comment"),
    "alerts_check": ("알림 확인", "Check alerts"),
    "alerts_analyse": ("자세히 분석하기", "Analyse"),
    "alerts_dismiss": ("닫기", "Dismiss"),
    "alerts_read": ("읽음", "Mark read"),
}

# Text the server writes into the chat.
TEXTS: dict[str, tuple[str, str]] = {
    "awaiting": ("확인 대기 중 · 입력창 위 카드에서 실행하거나 취소하세요",
                 "awaiting confirmation · answer on the card above the input"),
    "pending_heading": ("확인이 필요합니다", "Needs your confirmation"),
    "expires": ("만료", "expires"),
    "COMPLETED": ("✅ 실행했습니다", "✅ Done"),
    "CANCELLED": ("🚫 취소했습니다", "🚫 Cancelled"),
    "EXPIRED": ("⌛ 만료되었습니다", "⌛ Expired"),
    "FAILED": ("❌ 실패했습니다", "❌ Failed"),
    "EXECUTING": ("실행 중", "Running"),
    "CONFIRMED": ("실행 중", "Running"),
    "input": ("입력", "Input"),
    "output": ("결과", "Output"),
    "blank": ("빈 메시지는 보낼 수 없어요. 내용을 입력한 뒤 보내세요.", "A blank message cannot be sent: type something first."),
    "saved_changes": ("변경 사항을 저장했습니다. 카드를 확인한 뒤 실행하세요.", "Saved. Review the card, then confirm."),
    "bad_json": ("JSON 형식이 올바르지 않아요 ({where}). 고친 뒤 다시 저장하세요. 아무것도 바뀌지 않았습니다.",
                 "The arguments are not valid JSON ({where}). Fix them and save again; nothing was changed."),
    "not_object": ("인자는 {{...}} 형태의 JSON 객체여야 해요. 아무것도 바뀌지 않았습니다.",
                   "The arguments must be a JSON object ({{...}}); nothing was changed."),
    "feedback_saved": ("의견을 저장했습니다. 고맙습니다!", "Feedback saved. Thank you!"),
    "retry_none": ("다시 실행할 메시지가 없어요.", "There is no message to run again."),
    "deleted": ("대화를 삭제했습니다.", "Conversation deleted."),
    "untitled": ("(제목 없음)", "(untitled)"),
    "empty_chat": ("무엇이든 물어보세요. 아래 예시로 시작해도 좋아요.", "Ask anything, or start from an example below."),
    "alerts_none": ("🔔 새 알림이 없습니다.", "🔔 No new alerts."),
    "alerts_new": ("새 알림", "new"),  # the mark on an unread alert's card: the banner counts these
    # A sentence in the UI's language, for hooks that pick a language from the person's words (AgentSpec.alert_text).
    "lang_sample": ("한국어로 보여 주세요", "Please show it in this language"),
    "alerts_summary": ("🔔 **읽지 않은 알림 {unread}개** · 열린 알림 {open}개", "🔔 **{unread} unread** · {open} open"),
    # the Streamlit app's own words
    "chat_placeholder": ("메시지를 입력하세요", "Type a message"),
    "login": ("로그인", "Log in"),
    "logout": ("로그아웃", "Log out"),
    "anonymous_session": ("익명 · 이 브라우저 세션에서만 유지", "anonymous · kept for this browser session only"),
    "key_session_only": ("입력한 키는 이 브라우저 세션에만 있고 저장되거나 기록되지 않습니다.",
                         "A key typed here stays in this browser session; it is never stored or logged."),
    "delete_sure": ("삭제하면 되돌릴 수 없어요: 확인", "This cannot be undone: I am sure"),
    # the provider settings (both front ends)
    "offline_note": ("**offline**: 결정적 규칙 기반 모델(LLM 아님)이라 같은 입력에는 늘 같은 답을 하고, 키가 필요 없습니다.",
                     "**Offline** is a deterministic rule-based model, not an LLM: the same input always gives the "
                     "same reply, and it needs no key."),
    "provider_key_note": ("**{name}**: 입력한 키는 이 브라우저 탭에만 있고 저장되거나 기록되지 않습니다.",
                          "**{name}**: the key you type is kept in this browser tab only; it is never stored or "
                          "logged."),
    "model_fixed": ("{name}: {model} (고정)", "{name}: {model} (fixed)"),
    "model_default": ("{name}: 비워 두면 기본 모델 {model}을(를) 씁니다", "{name}: leave empty for the default, {model}"),
    "conn_nothing": ("연결할 서버가 없습니다 ✅", "✅ Nothing to connect to."),
    "conn_ok": ("✅ {name}이(가) {ms} ms 만에 답했습니다 (모델 {model}): {text}",
                "✅ {name} answered in {ms} ms with model {model}: {text}"),
    "conn_failed": ("❌ {name}: {error}", "❌ {name}: {error}"),
}

# A Modify form's field refused by the tool's schema: pydantic's error type -> the words, with its limits.
FIELD_ERRORS: dict[str, tuple[str, str]] = {
    "missing": ("값을 입력하세요", "is required"),
    "greater_than_equal": ("{ge} 이상이어야 해요", "must be at least {ge}"),
    "less_than_equal": ("{le} 이하여야 해요", "must be at most {le}"),
    "greater_than": ("{gt}보다 커야 해요", "must be more than {gt}"),
    "less_than": ("{lt}보다 작아야 해요", "must be less than {lt}"),
    "string_too_short": ("비어 있을 수 없어요 (최소 {min_length}자)", "cannot be empty (at least {min_length} characters)"),
    "string_too_long": ("{max_length}자 이하로 써 주세요", "must be at most {max_length} characters"),
    "too_short": ("{min_length}개 이상이어야 해요", "needs at least {min_length} items"),
    "too_long": ("{max_length}개 이하여야 해요", "takes at most {max_length} items"),
    "int_parsing": ("정수를 입력하세요", "must be a whole number"),
    "int_from_float": ("소수점 없는 정수를 입력하세요", "must be a whole number"),
    "int_type": ("정수를 입력하세요", "must be a whole number"),
    "float_parsing": ("숫자를 입력하세요", "must be a number"),
    "float_type": ("숫자를 입력하세요", "must be a number"),
    "string_type": ("글자로 입력하세요", "must be text"),
    "bool_type": ("예/아니오로 고르세요", "must be yes or no"),
    "bool_parsing": ("예/아니오로 고르세요", "must be yes or no"),
    "literal_error": ("다음 중 하나를 고르세요: {expected}", "must be one of {expected}"),
    "enum": ("다음 중 하나를 고르세요: {expected}", "must be one of {expected}"),
    "date_parsing": ("YYYY-MM-DD 형식의 날짜를 입력하세요", "must be a date as YYYY-MM-DD"),
    "date_from_datetime_parsing": ("YYYY-MM-DD 형식의 날짜를 입력하세요", "must be a date as YYYY-MM-DD"),
    "date_type": ("YYYY-MM-DD 형식의 날짜를 입력하세요", "must be a date as YYYY-MM-DD"),
    "string_pattern_mismatch": ("형식이 맞지 않아요", "has the wrong format"),
    "extra_forbidden": ("이 작업에 없는 항목이에요. 지우세요", "is not a field of this action: remove it"),
    "list_type": ("목록이어야 해요", "must be a list"),
    "dict_type": ("{{...}} 객체여야 해요", "must be an object ({{...}})"),
    "model_type": ("{{...}} 객체여야 해요", "must be an object ({{...}})"),
    "invalid": ("값이 올바르지 않아요", "is not valid"),
}
FIELD_ERROR_HEAD = ("입력값이 올바르지 않아 카드를 바꾸지 않았어요. 고친 뒤 다시 저장하세요.",
                    "The values are not valid, so the card was not changed. Fix them and save again.")

# code -> what happened and what to do, in the UI's language (the core's message is shown under it).
ERRORS: dict[str, tuple[str, str]] = {
    "missing_key": ("이 모델 제공자의 API 키가 없어요. ⚙️ 설정에서 키를 입력하거나, 키 없이 쓰려면 제공자를 offline으로 바꾸세요.",
                    "This provider needs an API key. Enter one in ⚙️ Settings, or switch the provider to offline."),
    "input_too_large": ("메시지가 너무 길어요. 나눠서 보내 주세요.", "The message is too long: send it in parts."),
    "prompt_injection": ("이 메시지는 보안 규칙(지시 무시 요청)에 걸려 보내지 않았어요. 질문을 바꿔 다시 보내세요.",
                         "This message looked like an attempt to override the agent's instructions and was not sent. "
                         "Rephrase it."),
    "usage_limit": ("오늘 사용 한도에 도달했어요. 내일(UTC) 다시 시도하세요.", "You reached today's turn limit; try again tomorrow (UTC)."),
    "budget_exhausted": ("이 서버 키의 오늘 공용 예산이 다 떨어졌어요. offline 제공자를 쓰거나 ⚙️ 설정에 본인 API 키를 넣으세요.",
                         "Today's shared budget for this server's keys is used up: use the offline provider, or enter "
                         "your own API key in ⚙️ Settings."),
    "empty_input": ("빈 메시지는 보낼 수 없어요.", "A blank message cannot be sent."),
    "provider_unavailable": ("모델 서버에 연결하지 못했어요. 주소와 네트워크를 확인하고 다시 보내거나, offline 제공자를 쓰세요.",
                             "The model server could not be reached. Check its address and network and send again, "
                             "or use the offline provider."),
    "connection_failed": ("모델 서버에 연결하지 못했어요. 주소와 네트워크를 확인하고 다시 보내세요.",
                          "The model server could not be reached. Check its address and network, then send again."),
    "timeout": ("모델 응답이 너무 늦어 중단했어요. 다시 보내 보세요.", "The model took too long; send the message again."),
    "auth_failed": ("API 키가 거부되었어요. ⚙️ 설정에서 키를 확인하세요.", "The API key was refused: check it in ⚙️ Settings."),
    "rate_limited": ("요청이 너무 많아요. 잠시 후 다시 보내세요.", "Too many requests: wait a moment and send again."),
    "stream_broken": ("응답이 중간에 끊겼어요. 다시 보내 보세요.", "The reply broke off: send the message again."),
    "provider_error": ("모델 제공자가 오류를 돌려줬어요. 다시 보내거나 다른 모델을 고르세요.",
                       "The provider returned an error: send again or pick another model."),
    "conversation_busy": ("이 대화의 이전 답변이 아직 작성 중이에요. 메시지는 저장됐으니 끝난 뒤 다시 보내세요.",
                          "The previous reply is still being written. Your message was saved: send it again after."),
    "conversation_not_found": ("대화를 찾지 못했어요. ＋ 새 대화로 시작하세요.", "The conversation was not found: start a new chat."),
    "interrupted": ("⏹ 중지했습니다. 여기까지의 답변은 저장했어요.", "⏹ Stopped; the partial reply was saved."),
    "internal_error": ("에이전트에서 오류가 났어요. 메시지는 저장됐으니 다시 보내 보세요.",
                       "The agent failed. Your message was saved: send it again."),
    "store_error": ("저장하지 못했어요. 다시 보내 보세요.", "It could not be saved: send it again."),
    "invalid_user": ("사용자 id가 올바르지 않아요. ⚙️ 설정에서 영문·숫자로 된 id를 입력하세요.",
                     "The user id is not valid: use letters and digits in ⚙️ Settings."),
    "unknown_provider": ("알 수 없는 모델 제공자예요. ⚙️ 설정에서 다시 고르세요.", "Unknown provider: pick one in ⚙️ Settings."),
    "no_offline_policy": ("이 에이전트는 offline 모델을 지원하지 않아요. 다른 제공자를 고르세요.",
                          "This agent has no offline model: pick another provider."),
    "invalid_args": ("입력값이 올바르지 않아요.", "The values are not valid."),
    "action_refused": ("이 작업은 지금 처리할 수 없어요.", "This action cannot be done now."),
    "action_expired": ("이 확인 카드는 만료되었어요. 다시 요청하세요.", "This confirmation expired: ask again."),
}


# The Lab's review queue (issue 31): component labels (translated in the browser) and what the server writes.
# "Save as test case" under a chat and in the Lab's Traces (pages/gradio/save_case.py).
CASE_LABELS: dict[str, tuple[str, str]] = {
    "case_panel": ("🧪 테스트 케이스로 저장", "🧪 Save as test case"),
    "case_suggest": ("제안 만들기", "Suggest from this conversation"),
    "case_suite": ("스위트", "Suite"),
    "case_save": ("스위트에 저장", "Save into the suite"),
}
CASE_TEXTS: dict[str, tuple[str, str]] = {
    "case_open_first": ("먼저 대화를 하거나 대화를 여세요.", "Open or start a conversation first."),
    "case_thumbs": (" · 👎 포함", " · includes a 👎 turn"),
    "case_drafted": ("제안 ({agent}): {steps} steps{thumbs}. 검토하고 고친 뒤 저장하세요.",
                     "Suggested ({agent}): {steps} steps{thumbs}. Review, edit, then save."),
    "case_saved": ("✅ '{case}' → 스위트 **{suite}** ({n} cases). Lab의 Evals에서 실행하세요.",
                   "✅ '{case}' → suite **{suite}** ({n} cases). Run it from the Lab's Evals."),
    "case_not_saved": ("저장하지 않았습니다:", "Not saved:"),
}
# Its refusals, raised as one "Korean (English)" string like the services' (agents/core/messages.py).
register({
    "case_suggest_first": ("먼저 '제안 만들기'를 누르세요.", "Make a suggestion first."),
    "case_suite_name": ("스위트 이름은 영문·숫자·'.', '_', '-'로 쓰세요 (예: my-regressions).",
                        "Suite names use letters, digits, '.', '_' and '-'."),
})
LABELS.update(CASE_LABELS)
TEXTS.update(CASE_TEXTS)

REVIEW_LABELS: dict[str, tuple[str, str]] = {
    "review_show_all": ("처리한 항목도 보기", "Show handled items too"),
    "review_source": ("출처", "Source"),
    "review_item": ("검토할 항목", "Item to review"),
    "review_verdict": ("판정", "Verdict"),
    "review_step": ("잘못된 단계 (1부터 · 비우면 없음)", "Wrong step (from 1 · empty: none)"),
    "review_note": ("메모", "Note"),
    "review_suite": ("저장할 스위트 (비우면 <에이전트>-review)", "Suite to save into (empty: <agent>-review)"),
    "review_save_label": ("라벨 저장", "Save label"),
    "review_save_case": ("테스트 케이스로 저장", "Save as test case"),
    "review_dismiss": ("닫기", "Dismiss"),
    "review_refresh": ("↻ 새로고침", "↻ Refresh"),
}
REVIEW_TEXTS: dict[str, tuple[str, str]] = {
    "review_title": ("📝 리뷰", "📝 Review"),
    "review_intro": ("👎를 받은 답변과 실패한 평가 케이스가 여기서 사람의 검토를 기다립니다. 판정과 메모를 남기고, 한 번에 "
                     "테스트 케이스로 저장하거나, 닫으세요. 내 항목만 보입니다.",
                     "Replies you rated 👎 and failed eval cases wait here for a person. Label them, save one as a "
                     "test case in one action, or dismiss it. Only your own items are shown."),
    "review_empty": ("검토할 항목이 없습니다 ✅", "Nothing waiting for review ✅"),
    "review_count": ("검토 대기 {open}개 · 표시 {shown}개", "{open} waiting · {shown} shown"),
    "review_any": ("전체", "all"),
    "review_feedback": ("👎 피드백", "👎 feedback"),
    "review_eval": ("❌ 실패한 케이스", "❌ failed case"),
    "review_correct": ("맞음", "correct"),
    "review_incorrect": ("틀림", "incorrect"),
    "review_open": ("대기", "open"),
    "review_labelled": ("라벨 있음", "labelled"),
    "review_saved": ("케이스로 저장됨", "saved as a case"),
    "review_dismissed": ("닫음", "dismissed"),
    "review_col_status": ("상태", "Status"),
    "review_col_source": ("출처", "Source"),
    "review_col_agent": ("에이전트", "Agent"),
    "review_col_what": ("무엇", "What"),
    "review_col_why": ("이유", "Why"),
    "review_col_label": ("판정", "Verdict"),
    "review_col_at": ("시각 (UTC)", "When (UTC)"),
    "review_pick_first": ("먼저 항목을 고르세요.", "Pick an item first."),
    "review_step_number": ("잘못된 단계는 1 이상의 정수로 쓰세요.", "Write the wrong step as a whole number from 1."),
    "review_did_label": ("✅ {id}: '{label}'(으)로 표시했습니다.", "✅ {id}: labelled {label}."),
    "review_did_save": ("✅ {id} → 스위트 **{suite}**의 케이스 '{case}' ({cases}개). Lab의 평가에서 실행하세요.",
                        "✅ {id} → case '{case}' in suite **{suite}** ({cases} cases). Run it from the Lab's Evals."),
    "review_did_dismiss": ("{id}: 닫았습니다.", "{id}: dismissed."),
}
LABELS.update(REVIEW_LABELS)
TEXTS.update(REVIEW_TEXTS)


def said(message: str, lang: Lang) -> str:
    """A message the core or a service made ("Korean (English)"), in the UI's language only."""
    return in_lang(message, lang)


def lang_from(tag: str | None) -> Lang:
    """Korean unless the browser's first language (an Accept-Language header or a locale
    such as ``en-US``) is another one."""
    header = (tag or "").strip().lower()
    if not header:
        return "ko"
    first = header.split(",")[0].split(";")[0].strip()
    return "ko" if first.startswith("ko") else "en"


def t(key: str, lang: Lang, **values: object) -> str:
    ko, en = (TEXTS.get(key) or LABELS.get(key) or LAB_TEXTS.get(key) or API_TEXTS.get(key) or CATALOGUE.get(key)
              or _agent_text(key) or (key, key))
    text = ko if lang == "ko" else en
    return text.format(**values) if values else text


def error_parts(code: str | None, message: str, lang: Lang) -> tuple[str, str]:
    """(what happened and what to do in the UI's language, the core's own message or "")."""
    known = ERRORS.get(code or "")
    head = (known[0] if lang == "ko" else known[1]) if known else ""
    message = in_lang(message, lang)  # "Korean (English)" from the catalogue: only the UI's language
    if head and message and message not in head:
        return head, message
    return head or message or (code or "error"), ""


def error_text(code: str | None, message: str, lang: Lang) -> str:
    """What happened and what to do, then the core's own message (small, as HTML)."""
    head, detail = error_parts(code, message, lang)
    return f"{head}\n\n<small>{detail}</small>" if detail else head


def _agent_text(key: str) -> tuple[str, str] | None:
    """An agent's own label (``AgentSpec.ui.texts``)."""
    from agents.view.registry import agent_texts  # the registry loads every agent: only for their own keys

    return agent_texts().get(key)
