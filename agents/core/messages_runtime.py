"""What the runtime says in a conversation and about its own inputs (actions, tools, agent entries, labelled
files, telemetry settings, model servers), keyed by code, Korean then English (see ``messages.py``).

The ``note_*`` entries are chat lines: written into the conversation in ITS language (``one``), not both."""

from __future__ import annotations

RUNTIME_MESSAGES: dict[str, tuple[str, str]] = {
    # the lines an action leaves in the conversation (agents/core/actions.py)
    "note_action_done": ("✅ {summary}", "✅ {summary}"),
    "note_action_cancelled": ("🚫 작업을 취소했습니다: {summary}. 아무것도 변경되지 않았습니다.",
                              "🚫 Cancelled: {summary}. Nothing was changed."),
    # a new request took the place of a card still waiting (agents/core/toolcalls.py replace_pending)
    "note_card_replaced": ("기다리던 확인 카드({summary})는 취소하고 새 카드로 바꿨어요.",
                           "I cancelled the card that was still waiting ({summary}) and put the new one in its place."),
    "note_action_expired": ("⌛ '{summary}' 작업은 확인 시간이 지나 만료되어 실행되지 않았습니다.",
                            "⌛ Expired before it was confirmed, so not run: {summary}."),
    "note_action_failed": ("❌ '{summary}' 실행에 실패했습니다: {reason}", "❌ Failed: {summary}: {reason}"),
    "note_action_interrupted": ("❌ '{summary}' 작업은 실행 중 앱이 중단되어 실패로 처리했습니다. 자동으로 다시 실행하지 "
                                "않습니다.",
                                "❌ Cut off by an app restart while it ran, so marked failed and not run again "
                                "automatically: {summary}."),
    "note_action_proposed": ("⏳ {summary} — 확인 카드에서 실행하거나 취소하세요.",
                             "⏳ {summary} — confirm or cancel it on the card."),
    "action_failed": ("실행 실패: {reason}", "failed: {reason}"),
    "default_summary": ("{tool} 실행", "Run {tool}"),
    # why an action cannot change state (agents/core/actions.py)
    "action_why_pending": ("동시에 들어온 다른 요청과 겹쳐 처리하지 못했습니다. 아무것도 실행되지 않았으니 다시 시도하세요.",
                           "a concurrent request got in the way; nothing ran, try again."),
    "action_why_completed": ("이미 실행이 완료된 작업입니다.", "already completed; it will not run again."),
    "action_why_failed": ("이미 실행했지만 실패한 작업입니다. 다시 요청해 새 확인 카드를 받으세요.",
                          "already ran and failed. Ask again for a new confirmation card."),
    "action_why_cancelled": ("취소된 작업입니다. 필요하면 다시 요청해 새 확인 카드를 받으세요.",
                             "cancelled. Ask again for a new confirmation card if you need it."),
    "action_why_expired": ("확인 시간이 지나 만료된 작업입니다. 다시 요청해 새 확인 카드를 받으세요.",
                           "expired. Ask again for a new confirmation card."),
    "action_why_running": ("다른 요청이 이미 이 작업을 실행하고 있습니다.", "already being executed by another request."),
    "action_cannot_confirm": ("작업 {action}을(를) 실행할 수 없습니다: {why_ko}", "Action {action} cannot be confirmed: "
                              "{why_en}"),
    "action_cannot_cancel": ("작업 {action}을(를) 취소할 수 없습니다: {why_ko}", "Action {action} cannot be cancelled: "
                             "{why_en}"),
    "action_cannot_modify": ("작업 {action}을(를) 수정할 수 없습니다: {why_ko}", "Action {action} cannot be modified: "
                             "{why_en}"),
    "action_expired_at": ("작업 {action}은(는) {when} UTC에 만료되어 실행되지 않았습니다. 다시 요청해 새 확인 카드를 받으세요.",
                          "Action {action} expired at {when} UTC and was not run. Ask again for a new confirmation "
                          "card."),
    "action_not_found": ("사용자 {user!r}의 작업 {action!r}이(가) 없습니다. `playground actions list`로 작업 목록을 보거나 "
                         "대화를 다시 여세요.",
                         "No action {action!r} for user {user!r}. List your actions with `playground actions list` or "
                         "reload the conversation."),
    "action_tool_gone": ("작업 {action}의 도구 {tool!r}이(가) 더 이상 없어 실행할 수 없습니다.",
                         "The tool {tool!r} of action {action} no longer exists; it cannot run."),
    "modify_not_object": ("새 인자는 JSON 객체여야 합니다 ({tool}, {kind} 값을 받음).",
                          "the new arguments for {tool} must be a JSON object, not {kind}."),
    "modify_invalid": ("인자가 올바르지 않아 카드를 바꾸지 않았습니다: {problems}",
                       "{problems}; the card was not changed."),
    "modify_refused": ("{tool}: {why}. 인자를 고쳐 다시 저장하세요. 카드는 바뀌지 않았습니다.",
                       "{tool}: {why}. Fix the arguments and save again; the card was not changed."),
    "propose_not_action": ("{tool!r}은(는) {agent} 에이전트의 작업이 아닙니다.", "{tool!r} is not an action of the {agent} "
                           "agent."),
    "conversation_missing": ("대화 {conversation!r}을(를) 사용자 {user!r}의 대화에서 찾을 수 없습니다.",
                             "Conversation {conversation!r} was not found for user {user!r}."),
    # a turn and its tools (agents/core/runner.py, toolcalls.py)
    "interrupted_by_restart": ("이 답변은 서버 재시작으로 중단되었습니다.", "this reply was cut off by a server restart."),
    "tool_crashed": ("'{tool}' 단계에서 오류가 나서 결과를 만들지 못했어요 ({kind}). 잠시 후 다시 시도해 주세요.",
                     "The '{tool}' step failed; please try again."),
    # an agent entry point (agents/core/agent.py)
    "entry_cannot_load": ("{where} {target!r}: 불러올 수 없습니다: {kind}: {reason}",
                          "{where} {target!r} cannot be loaded: {kind}: {reason}"),
    "entry_not_spec": ("{where} {target!r}: AgentSpec가 아닙니다 ({kind})",
                       "{where} {target!r} is a {kind}, not an AgentSpec"),
    # a follow-up item's earlier messages (agents/core/followups.py)
    "before_not_list": ("{text!r}의 before는 이전 메시지 문자열 목록이어야 합니다 ({kind} 값을 받음).",
                        "before of {text!r} must be a list of earlier messages, not {kind}."),
    "before_empty": ("{text!r}의 before가 비어 있습니다: 이전 메시지를 적거나 before를 빼세요.",
                     "before of {text!r} is empty: list the earlier messages or leave it out."),
    "before_too_many": ("{text!r}의 before가 {n}개입니다: 최대 {most}개까지입니다.",
                        "before of {text!r} has {n} messages; at most {most}."),
    "before_bad_item": ("{text!r}의 before {at}번째 값이 빈 문자열이거나 문자열이 아닙니다.",
                        "before of {text!r}: message {at} is empty or not a string."),
    # a labelled file (agents/core/labelled.py)
    "labelled_folder": ("{field} {path!r}: 파일이 아니라 폴더입니다. 라벨 파일(.yaml)을 주세요.",
                        "{field} {path!r} is a folder, not a file: give a labelled .yaml file"),
    "labelled_unreadable": ("{field} {path!r}: 읽을 수 없습니다 ({why}).", "{field} {path!r} cannot be read: {why}"),
    "labelled_too_big": ("{field} {path!r}: {most:,}바이트보다 큽니다.", "{field} {path!r} is larger than {most:,} bytes"),
    "labelled_not_utf8": ("{field} {path!r}: {at}번째 바이트가 UTF-8이 아닙니다. UTF-8로 저장하세요.",
                          "{field} {path!r} is not UTF-8 text (byte {at}): save it as UTF-8"),
    "labelled_bad_yaml_at": ("{field} {path!r}: {line}번째 줄이(가) 올바른 YAML이 아닙니다: {reason}.",
                             "{field} {path!r} is not valid YAML at line {line}: {reason}"),
    "labelled_bad_yaml": ("{field} {path!r}: 올바른 YAML이 아닙니다: {reason}.",
                          "{field} {path!r} is not valid YAML: {reason}"),
    "labelled_not_list": ("{field} {path!r}: 항목의 목록이어야 합니다 ({kind} 받음).",
                          "{field} {path!r} must be a YAML list of items, not a {kind}"),
    "labelled_not_mapping": ("{field} {path!r}: {at}번째 항목이 매핑이 아닙니다 ({kind}).",
                             "{field} {path!r}: item {at} must be a mapping with text and a label, not a {kind}"),
    "labelled_bad_item": ("{field} {path!r}: {at}번째 항목의 {name}: {error}.",
                          "{field} {path!r}: item {at} ({text!r}), {name}: {error}"),
    # tracing settings (agents/core/telemetry.py)
    "otel_too_long": ("{env}이(가) 너무 깁니다 ({n:,}자).", "{env} is too long ({n:,} characters)."),
    "otel_not_url": ("{env}={text!r}은(는) URL이 아닙니다.", "{env} is not a URL: {error}."),
    "otel_not_http": ("{env}={text!r}은(는) http:// 또는 https:// 주소여야 합니다.",
                      "{env} must be an http:// or https:// URL such as http://localhost:6006/v1/traces."),
    "otel_bad_header": ("{env}의 {at}번째 항목을 읽을 수 없습니다: 이름=값 꼴로 쓰세요.",
                        "{env}: item {at} is not name=value; write k=v,k2=v2."),
    "otel_too_many_headers": ("{env}의 헤더가 {most}개를 넘습니다.", "{env} holds more than {most} headers."),
    # model servers (agents/core/providers)
    "provider_unreachable": ("모델 서버 {url}에 연결할 수 없습니다: 주소({env})와 네트워크를 확인하세요.",
                             "Could not connect to {url}: check {env} and the network."),
    # Each adapter's errors name the service ({name}: OpenAI, Gemini) and, where it helps, the setting to check.
    "provider_bad_api": ("api 설정은 auto, responses, chat 중 하나여야 합니다 (받은 값: {api}).",
                         "api must be auto, responses or chat, not {api}."),
    "provider_missing_key": ("{name} API 키가 없습니다: {env}를 설정하거나 헤더의 API 키 칸에 키를 입력하세요.",
                             "No {name} API key: set {env} or type a key in the header's API key field."),
    "provider_auth_failed": ("{name}이(가) API 키를 거부했습니다 ({status}): {env}를 설정하거나 헤더의 API 키 칸에 키를 "
                             "입력하세요.",
                             "{name} rejected the API key ({status}): set {env} or type a key in the header's API key "
                             "field."),
    "provider_forbidden": ("{name}이(가) 이 모델에 대한 접근을 거부했습니다 (403): 모델 이름과 요금제를 확인하세요.",
                           "{name} refused access to this model (403); check the model name and your plan."),
    "provider_rate_limited": ("{name}이(가) 이 키의 요청 수를 제한하고 있습니다 (429). 재시도 후에도 같아서 멈췄습니다: 잠시 "
                              "뒤에 다시 시도하세요.",
                              "{name} is rate limiting this key (429) even after retries; wait and try again."),
    "provider_not_found": ("{name}의 주소나 모델을 찾을 수 없습니다 (404): {env}와 모델 이름을 확인하세요.",
                           "The {name} endpoint or model was not found (404); check {env} and the model."),
    "provider_model_not_found": ("{name} 모델 {model}을(를) 찾을 수 없습니다 (404): 모델 이름을 확인하세요.",
                                 "The {name} model {model} was not found (404); check the model name."),
    "provider_bad_request": ("{name}이(가) 요청을 거부했습니다 ({status}): {detail}",
                             "{name} refused the request ({status}): {detail}"),
    "provider_server_error": ("{name} 서버에 오류가 났습니다 ({status}). 재시도 후에도 같아서 멈췄습니다: 잠시 뒤에 다시 "
                              "시도하세요.",
                              "{name} had a server error ({status}) after retries; try again shortly."),
    "provider_timeout": ("{name}이(가) 제시간에 답하지 않았습니다: 다시 시도하거나 제한 시간을 늘리세요.",
                         "{name} did not answer in time; try again or raise the timeout."),
    "provider_connection": ("{name} 서버에 닿지 못했습니다: 네트워크나 {env}를 확인하세요.",
                            "Could not reach the {name} endpoint; check the network or {env}."),
    "provider_stream_broken": ("모델의 답 스트림이 끊겼습니다 ({detail}). 받은 부분까지는 남겼습니다.",
                               "The model's reply stream broke off ({detail}); the partial reply was kept."),
    "provider_error": ("{name} 오류: {kind}", "{name} error: {kind}"),
    "circuit_open": ("모델 서버({name})가 연달아 실패해서 잠시 호출을 멈췄습니다: {wait}초 뒤에 다시 시도하세요.",
                     "The circuit breaker for {name} is open after repeated failures; the server was not called. Try "
                     "again in {wait} s."),
}
