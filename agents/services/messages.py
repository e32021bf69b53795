"""What the services say to a person when they refuse, keyed by code, Korean then English (raised as one
string by ``say``; a front end shows one language with ``agents.core.messages.in_lang``)."""

from __future__ import annotations

from agents.core.messages import one, register, say

__all__ = ["SERVICE_MESSAGES", "one", "say"]

SERVICE_MESSAGES: dict[str, tuple[str, str]] = {
    # conversations
    "conversation_not_found": ("대화 {shown!r}을(를) 사용자 {user!r}의 대화에서 찾을 수 없습니다. 대화 목록에서 id를 확인하세요.",
                               "Conversation {shown!r} was not found for user {user!r}; list yours to find its id."),
    "title_empty": ("대화 제목이 비어 있습니다. 한 글자 이상 쓰세요.", "The title is empty; write at least one character."),
    "title_too_long": ("대화 제목이 {n:,}자로 너무 깁니다. {most:,}자 이하로 쓰세요.",
                       "The title is {n:,} characters long; keep it to {most:,}."),
    # feedback
    "rating_bad": ("평가는 'up' 또는 'down'이어야 합니다.", "rating must be 'up' or 'down', not {shown!r}."),
    "comment_not_text": ("의견은 글이어야 합니다.", "The comment must be text."),
    "comment_too_long": ("의견이 {n:,}자로 너무 깁니다. {most:,}자 이하로 쓰세요.",
                         "The comment is {n:,} characters long; keep it under {most:,}."),
    "turn_not_yours": ("턴 {shown!r}은(는) 사용자 {user!r}가 실행한 턴이 아닙니다.", "No turn {shown!r} for user {user!r}."),
    # alerts
    "alert_not_found": ("알림 {shown!r}이(가) 사용자 {user!r}에게 없습니다. 알림 목록에서 id를 확인하세요.",
                        "No alert {shown!r} for user {user!r}; list yours to find its id."),
    "alert_status_bad": ("알림 상태는 {choices} 중 하나여야 합니다: {shown!r}.",
                         "An alert's status must be one of {choices}, not {shown!r}."),
    "alert_closed": ("알림 {id!r}은(는) 이미 {status} 상태입니다. 열린 알림만 바꿀 수 있습니다.",
                     "Alert {id!r} is already {status}; only open alerts change."),
    "no_alerts": ("{agent} 에이전트에는 선제 알림이 없습니다.", "The {agent} agent has no proactive alerts."),
    # the review queue
    "word_or": ("또는", "or"),
    "review_status_bad": ("status는 {choices_ko}이어야 합니다.", "status must be {choices_en}, not {shown!r}."),
    "review_source_bad": ("source는 {choices_ko}이어야 합니다.", "source must be {choices_en}, not {shown!r}."),
    "review_label_bad": ("label은 {choices_ko}이어야 합니다.", "label must be {choices_en}, not {shown!r}."),
    "review_limit_bad": ("limit은 1에서 {most} 사이여야 합니다.", "limit must be from 1 to {most}."),
    "review_id_bad": ("리뷰 항목 id {shown!r}의 형식이 맞지 않습니다: 'fb-<turn id>' 또는 'ev-<run id>-<case>'여야 합니다.",
                      "Review item id {shown!r} is not 'fb-<turn id>' or 'ev-<run id>-<case index>'."),
    "review_not_found": ("리뷰 항목 {shown!r}을(를) 사용자 {user!r}의 큐에서 찾지 못했습니다.",
                         "No review item {shown!r} in {user!r}'s queue."),
    "review_step_not_int": ("wrong_step은 1 이상의 정수여야 합니다.", "wrong_step must be a whole number from 1."),
    "review_step_outside": ("wrong_step {step}은(는) 이 항목의 단계(1-{top}) 밖입니다.",
                            "wrong_step {step} is outside this item's steps, 1-{top}."),
    "review_step_correct": ("'correct'로 표시한 항목에는 잘못된 단계를 적을 수 없습니다.",
                            "A 'correct' label names no wrong step; use 'incorrect'."),
    "review_note_not_text": ("note는 글이어야 합니다.", "The note must be text."),
    "review_note_too_long": ("note가 {n:,}자로 너무 깁니다. {most:,}자 이하로 쓰세요.",
                             "The note is {n:,} characters long; keep it under {most:,}."),
    "suite_name_bad": ("스위트 이름 {shown!r}은(는) 영문·숫자·'.', '_', '-'로 쓰세요 (예: my-regressions).",
                       "Suite names use letters, digits, '.', '_' and '-'."),
    "case_name_bad": ("케이스 이름은 1-200자의 글이어야 합니다.", "The case name must be 1-200 characters."),
    "review_no_conversation": ("리뷰 항목 {id!r}에는 대화가 없어 케이스로 만들 수 없습니다.",
                               "Review item {id!r} has no conversation to turn into a case."),
    # API tokens
    "token_label_not_text": ("토큰 이름은 글이어야 합니다.", "The token label must be text."),
    "token_label_control": ("토큰 이름에 제어 문자나 보이지 않는 문자를 쓸 수 없습니다. 'nightly eval'처럼 쓰세요.",
                            "The token label may not contain control or invisible characters; use plain text such as "
                            "'nightly eval'."),
    "token_label_too_long": ("토큰 이름이 {n}자로 너무 깁니다. {most}자 이하로 쓰세요.",
                             "The token label is {n} characters long; keep it to {most}."),
    "too_many_tokens": ("사용자 {user!r}에게 이미 활성 토큰이 {most}개 있습니다. 쓰지 않는 토큰을 먼저 폐기하세요.",
                        "User {user!r} already has {most} active tokens; revoke one you no longer use first."),
    "token_revoked": ("토큰 {shown!r}은(는) 이미 폐기되었습니다.", "Token {shown!r} is already revoked."),
    "token_not_found": ("토큰 {shown!r}이(가) 사용자 {user!r}에게 없습니다.",
                        "No token {shown!r} for user {user!r}. List yours with `playground tokens list --user ID`."),
    "token_shared_valid": ("토큰이 유효합니다: 이 요청은 토큰 주인으로 처리됩니다.", "The token is valid: requests act as its owner."),
    "token_local_valid": ("토큰이 유효합니다(마지막 사용 시각을 기록했습니다). 로컬 모드는 토큰 없이도 처리하고, 공유 모드에서는 이 "
                          "토큰이 필요합니다.",
                          "The token is valid and its use was noted. Local mode needs none; shared mode will accept it."),
    "token_local_unknown": ("알 수 없거나 폐기된 토큰입니다. 로컬 모드는 토큰을 검사하지 않아 요청은 처리됐지만, 공유 모드에서는 "
                            "401로 거부됩니다.",
                            "Unknown or revoked token: local mode does not check tokens, so this was served; shared mode "
                            "would answer 401."),
    "token_local_none": ("토큰 없이 처리했습니다: 로컬 모드는 토큰을 검사하지 않습니다(공유 모드에서만 필요).",
                         "Served without a token: tokens are only checked in shared mode."),
    "api_tab_name": ("API 접근", "API access"),
    "burst_limited": ("대화 요청이 너무 많습니다: 사용자마다 1분에 {most}번까지입니다 (PLAYGROUND_BURST_LIMIT). {wait}초 뒤에 "
                      "다시 보내세요.",
                      "Too many chat turns: the limit is {most} a minute for each user (PLAYGROUND_BURST_LIMIT). Try "
                      "again in {wait} s."),
    # eval suites and runs
    "baseline_not_file": ("--baseline {path!r}은(는) 보통 파일이 아닙니다.", "--baseline {path!r} is not a regular file."),
    "baseline_too_big": ("--baseline {path!r}이(가) 너무 큽니다 ({most:,}바이트 초과).",
                         "--baseline {path!r} is larger than {most:,} bytes."),
    "baseline_missing": ("--baseline 파일 {path!r}이(가) 없습니다: `playground eval baseline update --file {raw}`로 만드세요.",
                         "No baseline file {path!r}: write one with `playground eval baseline update --file {raw}`."),
    "baseline_unreadable": ("--baseline {path!r}을(를) 읽을 수 없습니다: {error}.", "--baseline {path!r} cannot be read: {error}."),
    "baseline_not_baseline": ("--baseline {path!r}은(는) 기준선 파일이 아닙니다 (version {version}, runs).",
                              "--baseline {path!r} is not a baseline file: version {version} with runs."),
    "baseline_unwritable": ("기준선 파일 {path!r}을(를) 쓸 수 없습니다: {error}.", "Cannot write the baseline {path!r}: {error}."),
    "cache_mode_bad": ("캐시 모드는 {choices} 중 하나입니다 ({shown!r}가 아니라).", "The cache mode is one of {choices}, not {shown!r}."),
    "python_shared": ("python: 코드 검증은 CLI와 로컬 모드에서만 실행됩니다: 공유 모드의 서버는 방문자가 보낸 코드를 가져오지도 "
                      "실행하지도 않습니다.",
                      "python: code assertions run only from the CLI and in local mode; a server in shared mode never "
                      "imports or runs code a visitor names."),
    "python_import_failed": ("python: 모듈 {module!r}을(를) 가져올 수 없습니다: {error}",
                             "python: the module {module!r} cannot be imported: {error}"),
    "python_no_function": ("python: {module}에 함수 {function!r}이(가) 없습니다.",
                           "python: the module {module!r} has no function {function!r}."),
    "draft_more": ("# 더 제안된 검증", "more suggestions: move under that step's expect to use them"),
    "import_no_agent": ("가져올 에이전트를 {field}(으)로 정하세요 (promptfoo 설정에는 없습니다; tags: {{agent: ID}}도 됩니다).",
                        "Name the agent with {field}: a promptfoo config has none; tags: {{agent: ID}} in the config "
                        "also works."),
    "judge_unreadable": ("{name} {shown!r}을(를) 읽을 수 없습니다: 제공자/모델(예: openai/gpt-4o-mini)로 {most}자 이내, 공백 없이 "
                         "쓰세요.",
                         "{name} {shown!r} cannot be read: write PROVIDER/MODEL such as openai/gpt-4o-mini, without "
                         "spaces, at most {most} characters."),
    "judge_provider_unknown": ("{name}의 제공자 {provider!r}을(를) 모릅니다 ({known}).",
                               "{name} names an unknown provider {provider!r}; known: {known}."),
    "select_too_long": ("{option} 값이 {n:,}자로 너무 깁니다 (최대 200자).", "{option} is {n:,} characters long; at most 200."),
    "select_nothing": ("{option} {given}에 맞는 케이스가 없습니다: 아무것도 실행하지 않았습니다.",
                       "No case matches {option} {given}; nothing was run."),
    "suite_problems": ("스위트 파일에 문제가 {n}개 있어 아무것도 실행하지 않았습니다:",
                       "{n} problem(s) in the suite file; nothing was run:"),
    "prompt_version_unknown": ("{agent}에는 시스템 프롬프트 버전 {number}이(가) 없습니다.",
                               "{agent} has no system-prompt version {number}; stored versions: {known}."),
    "repeat_bad": ("repeat(반복 횟수)는 1부터 {most}까지입니다 ({n}이(가) 아니라).", "repeat must be from 1 to {most}, not {n}."),
    # the Lab
    "lab_not_yours": ("다른 사용자({requested})의 기록은 볼 수 없습니다.",
                      "You are {user!r}; the turns of {requested!r} are theirs to see."),
    "admin_only_activate": ("프롬프트 활성화은(는) 모든 방문자의 대화를 바꾸므로 프롬프트 관리자만 할 수 있습니다. 새 버전을 만들어 "
                            "내 대화나 비교에서 골라 써 보세요.",
                            "Only prompt admins may activate a prompt version on a shared server: it changes every "
                            "visitor's turns. Pick your version for one of your conversations or a side-by-side "
                            "comparison instead; the server owner lists admins in {env}."),
    "admin_only_rollback": ("롤백은(는) 모든 방문자의 대화를 바꾸므로 프롬프트 관리자만 할 수 있습니다. 새 버전을 만들어 내 대화나 "
                            "비교에서 골라 써 보세요.",
                            "Only prompt admins may roll back the prompt on a shared server: it changes every visitor's "
                            "turns. Pick your version for one of your conversations or a side-by-side comparison "
                            "instead; the server owner lists admins in {env}."),
    "comparison_not_found": ("비교 {id!r}를 찾을 수 없습니다.",
                             "No comparison {id!r}: start one, or list yours with GET /api/v1/lab/compare."),
    "compare_empty": ("보낼 메시지를 입력하세요.", "Type a message to send to both sides."),
    "vote_bad": ("투표는 {choices} 중 하나여야 합니다 ({shown!r} 받음).", "vote must be one of {choices}, not {shown!r}."),
    "round_missing": ("비교 {id}에 {number}번째 라운드가 없습니다.", "Comparison {id} has no round {number}; it has {n}."),
    "round_not_finished": ("{number}번째 라운드는 아직 답이 없습니다. 두 답이 끝난 뒤 투표하세요.",
                           "Round {number} has no replies yet; vote once both sides have answered."),
    "side_bad": ("side는 a 또는 b여야 합니다 ({shown!r} 받음).", "side must be a or b."),
    "decision_bad": ("decision은 confirm 또는 cancel입니다.", "decision must be confirm or cancel."),
    "export_kind_bad": ("내보낼 종류는 {choices} 중 하나입니다 ({shown!r} 받음).", "kind must be one of {choices}, not {shown!r}."),
    "export_format_bad": ("형식은 {choices} 중 하나입니다 ({shown!r} 받음).", "format must be one of {choices}, not {shown!r}."),
    "export_limit_bad": ("limit은 1부터 {most:,}까지의 정수입니다 ({shown!r} 받음).",
                         "limit must be a whole number from 1 to {most:,}, not {shown!r}."),
    "period_bad": ("기간은 {choices} 중 하나입니다 ({shown!r} 받음).", "period must be one of {choices}, not {shown!r}."),
    "prompt_builtin": ("기본", "built-in"),
    "prompt_version_not_found": ("{agent} 에이전트에 {number}번 프롬프트 버전이 없습니다. 목록에서 번호를 확인하세요.",
                                 "The {agent} agent has no prompt version {number}; see `playground prompts list {agent}`."),
    "nothing_to_roll_back": ("{agent} 에이전트는 아직 활성화한 적이 없어 되돌릴 버전이 없습니다 (기본 프롬프트 사용 중).",
                             "The {agent} agent has never had a version activated: it runs its built-in prompt, so there "
                             "is nothing to roll back to."),
    "lab_conversation_not_found": ("대화 {shown!r}를 찾을 수 없습니다.", "Conversation {shown!r} was not found for user {user!r}."),
    "provider_unknown": ("알 수 없는 provider {shown!r}: {choices} 중에서 고르세요.",
                         "Unknown provider {shown!r}; choose one of {choices}."),
    "since_unreadable": ("{field} {shown!r}을(를) 읽을 수 없습니다: 24h, 7d, 30m 또는 2026-11-02 같은 날짜를 쓰세요.",
                         "Cannot read {field} {shown!r}: use 24h, 7d, 30m or a date such as 2026-11-02."),
    "lab_turn_not_found": ("턴 {shown!r}를 찾을 수 없습니다.",
                           "No turn {shown!r}: list yours with `playground traces list` or GET /api/v1/traces."),
}

register(SERVICE_MESSAGES)
