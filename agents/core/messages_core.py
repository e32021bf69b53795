"""What the runtime's guards say to a person, keyed by code, Korean then English (see ``messages.py``)."""

from __future__ import annotations

CORE_MESSAGES: dict[str, tuple[str, str]] = {
    # the guards before any model call (agents/core/guards.py, limits.py)
    "empty_input": ("메시지가 비어 있습니다. 질문이나 요청을 입력해 다시 보내세요.",
                    "The message is empty. Type a question or request and send it again."),
    "input_too_large": ("메시지가 {n:,}자로 한도 {most:,}자를 넘어 모델에 보내지 않았습니다. 줄이거나 여러 메시지로 나눠 "
                        "보내주세요 (메시지는 앞 {kept}자만 '거절됨'으로 저장됐어요).",
                        "The message is {n:,} characters long; the limit is {most:,}. Shorten it or split it into "
                        "several messages; only its first {kept} characters were saved, marked refused."),
    "refused_placeholder": ("거절됨: {n:,}자", "refused: {n:,} characters"),
    "prompt_injection": ("이 메시지는 프롬프트 인젝션 시도({label_ko})로 보여 모델에 보내지 않았습니다. 평범한 요청으로 바꿔 "
                         "다시 보내주세요 (메시지는 '거절됨'으로 저장됐어요).",
                         "The message looks like a prompt-injection attempt ({label_en}), so it was not sent to the "
                         "model. Rephrase it as an ordinary request; it was saved, marked refused."),
    "usage_limit": ("이 사용자의 하루 한도 {most}턴을 오늘 모두 썼습니다. 내일(UTC 기준) 다시 시도하거나 "
                    "PLAYGROUND_DAILY_LIMIT 값을 올려주세요 (메시지는 '거절됨'으로 저장됐어요).",
                    "The daily limit of {most} turns for this user is used up. Try again tomorrow (UTC) or raise "
                    "PLAYGROUND_DAILY_LIMIT; the message was saved, marked refused."),
    "saved_refused": (" (메시지는 '거절됨'으로 저장됐어요)", "; the message was saved, marked refused"),
    "saved_refused_it": (" (메시지는 '거절됨'으로 저장됐어요)", "; it was saved, marked refused"),
    "saved_refused_end": (" (메시지는 '거절됨'으로 저장됐어요)", " The message was saved, marked refused."),
    "budget_exhausted": ("이 서버의 모델 키로 쓸 수 있는 오늘의 공용 예산({budget})을 모든 방문자가 함께 다 썼습니다. 예산은 "
                         "00:00 UTC(약 {hours}시간 {minutes}분 뒤)에 다시 채워집니다. 그동안 오프라인(offline) 모델은 계속 "
                         "쓸 수 있고, 헤더에 본인의 API 키를 넣으면 그 키로 바로 쓸 수 있어요{saved_ko}.",
                         "The shared daily budget of {budget} for this server's model keys is used up by all visitors "
                         "together. It resets at 00:00 UTC, in about {hours} h {minutes} min. Meanwhile the offline "
                         "model still works, or type your own API key in the header to use it{saved_en}."),
    "usage_busy": ("지금 요청이 너무 몰려 사용량을 셀 수 없어 모델에 보내지 않았습니다. 잠시 후 다시 보내세요{saved_ko}.",
                   "Too many requests at once to count this one against the limits; nothing was sent to the model. "
                   "Send it again in a moment{saved_en}."),
    "unpriced_model": ("모델 '{model}'의 가격이 genai-prices 가격표에 없어 이 서버 키의 하루 공용 예산으로 셀 수 없으므로 "
                       "보내지 않았습니다. 가격표에 있는 모델을 고르거나, 오프라인(offline) 모델이나 본인의 API 키를 "
                       "쓰세요{saved_ko}.",
                       "The {provider} model '{model}' is not in the genai-prices price table, so its cost cannot be "
                       "counted against the shared daily budget of this server's keys and nothing was sent. Pick a "
                       "listed model, use the offline model, or type your own API key; the operator can lift the "
                       "budget with PLAYGROUND_PROVIDER_DAILY_BUDGET_USD=none.{saved_en}"),
    # values a person sends (agents/core/inputs.py)
    "input_surrogate": ("'{field}'의 {at}번째 글자({char!r})는 유효한 UTF-8 문자가 아닙니다. 그 글자를 지우거나 UTF-8로 다시 "
                        "입력하세요.",
                        "'{field}' has an invalid character {char!r} at position {at}: a lone surrogate, not valid "
                        "UTF-8. Remove it or re-type the text as UTF-8."),
    "input_not_text": ("'{field}'은(는) 문자열이어야 합니다 ({kind} 값을 받음).", "'{field}' must be a string, not {kind}."),
    "input_bad_id": ("'{field}' 값 {shown!r}은(는) 올바른 ID가 아닙니다. 목록에서 ID를 복사해 다시 시도하세요.",
                     "'{field}' {shown!r} is not a valid id: copy the id from a list and retry."),
    "input_bad_model": ("모델 이름 {shown!r}이(가) 올바르지 않습니다: 1-100자의 보이는 글자로 입력하세요.",
                        "Model name {shown!r} is invalid: use 1-100 printable characters."),
    "input_not_object": ("'{field}'은(는) JSON 객체(dict)여야 합니다 ({kind} 값을 받음).",
                         "'{field}' must be a JSON object, not {kind}."),
    "input_too_large_extra": ("'{field}'이(가) 너무 큽니다 (최대 {most:,}자).",
                              "'{field}' is too large: at most {most:,} characters."),
    "input_too_deep": ("'{field}'의 중첩이 너무 깊습니다.", "'{field}' is nested too deeply."),
    "input_not_finite": ("'{field}'에 유한한 숫자를 넣으세요 ({value} 불가).", "'{field}' must be a finite number, not {value}."),
    "input_key_not_text": ("'{field}'의 키는 문자열이어야 합니다.", "'{field}' keys must be strings."),
    "input_not_json": ("'{field}'에 {kind} 값은 쓸 수 없습니다: 문자열, 숫자, 목록, 객체만 가능합니다.",
                       "'{field}' cannot hold a {kind}; use JSON values."),
    "input_too_many_bytes": ("{source}이(가) {most:,}바이트보다 큽니다. 더 짧게 보내세요.",
                             "{source} is larger than {most:,} bytes: send less."),
    "conversation_busy": ("이 대화에서 다른 답변을 아직 작성하고 있어 메시지를 받지 않았습니다(저장되지 않음). 그 답변이 끝난 뒤 "
                          "다시 보내세요.",
                          "Another reply in this conversation is still being written; your message was not saved. Send "
                          "it again when that reply is done."),
    "provider_not_name": ("provider는 이름(문자열)이어야 합니다 ({kind} 값을 받음).",
                          "provider must be a name such as 'offline', not {kind}."),
    "word_none": ("없음", "none"),
    "extra_unknown_keys": ("'{field}'에 {agent} 에이전트가 받지 않는 키가 있습니다: {names} (받는 키: {takes_ko}).",
                           "'{field}' holds keys the {agent} agent does not take: {names}; it takes: {takes_en}."),
    "extra_invalid": ("'{field}' 값이 올바르지 않습니다: {error}.", "'{field}' is not valid: {error}."),
    # identities (agents/core/identity.py)
    "too_many_identities": ("이 주소에서 지난 한 시간 동안 새 익명 사용자를 이미 {limit}명 만들어 더 만들지 않았습니다. 이미 "
                            "신원이 있는 브라우저는 그대로 쓸 수 있어요. {minutes}분 뒤에 다시 시도하거나 로그인하세요.",
                            "This address already made {limit} new anonymous identities this hour "
                            "(PLAYGROUND_IDENTITY_LIMIT), so no new one was made. A browser that already has its "
                            "identity keeps working; try again in {minutes} min, or sign in."),
    # a person's regular expression (agents/core/user_regex.py)
    "pattern_timeout": ("정규식 /{source}/ 검사가 {seconds}초 안에 끝나지 않아 멈췄습니다: 되돌아가며 찾는 경우가 폭증하는 "
                        "패턴입니다. (a+)+ 같은 겹친 반복을 풀어 쓰세요.",
                        "The regular expression /{source}/ did not finish within {seconds} s and was stopped: it "
                        "backtracks without end on this text. Unnest repeats such as (a+)+."),
    "pattern_too_long": ("정규식이 너무 깁니다: {n:,}자 (최대 {most:,}자).",
                         "The regular expression is {n:,} characters long; at most {most:,}."),
    "pattern_invalid": ("올바른 정규식이 아닙니다: {error}.", "not a valid regular expression: {error}."),
    "pattern_cannot_run": ("이 정규식은 여기서 실행할 수 없습니다: {error}.", "this regular expression cannot run here: {error}."),
    # a person's YAML (agents/core/safe_yaml.py)
    "yaml_too_big": ("YAML이 너무 큽니다: {size:,}바이트 (최대 {most:,}바이트). 나누어 쓰세요.",
                     "the YAML is {size:,} bytes; at most {most:,} bytes are read. Split it."),
    "yaml_aliases": ("YAML 별칭(*이름)이 {most:,}개를 넘습니다. 별칭을 줄이세요.",
                     "the YAML uses more than {most:,} aliases (*name); use fewer."),
    "yaml_alias_loop": ("YAML 별칭 *{anchor}이(가) 자기 앵커 &{anchor} 안에 있어 끝없이 펼쳐집니다.",
                        "the alias *{anchor} is inside its own anchor &{anchor}, so it never ends."),
    "yaml_too_deep": ("YAML이 {most}단계보다 깊게 중첩되어 있습니다.", "the YAML nests deeper than {most} levels."),
    "yaml_bomb": ("YAML 별칭을 펼치면 값이 {most:,}개를 넘습니다 ('billion laughs' 같은 별칭 폭탄). 읽지 않았습니다: 별칭을 "
                  "겹쳐 쓰지 마세요.",
                  "the YAML's aliases expand to more than {most:,} values, like a 'billion laughs' bomb; it was not "
                  "read. Do not nest aliases inside anchors that are repeated."),
    # the registry (agents/core/agent.py)
    "unknown_agent": ("에이전트 {agent_id!r}은(는) 없습니다. 쓸 수 있는 에이전트: {known}.",
                      "Unknown agent {agent_id!r}. Available agents: {known}."),
}
