"""The HTTP API's own refusals, keyed by code, Korean then English (see agents/core/messages.py): raised as one
"Korean (English)" string and answered in the request's Accept-Language like every other refusal."""

from __future__ import annotations

from agents.core.messages import register

HTTP_MESSAGES: dict[str, tuple[str, str]] = {
    "http_suite_name_mismatch": ("YAML의 'suite:'는 경로의 이름 {name!r}와(과) 같아야 합니다.",
                                 "The YAML's 'suite:' must be {name!r}, the name in the path."),
    "http_import_needs_agent": ("케이스를 실행할 에이전트를 'agent'로 정하세요.",
                                "Name the agent the cases run against in 'agent'."),
    "http_bad_case": ("'{field}' 값이 올바르지 않습니다: {error} (모두 {n}개 문제).",
                      "{field}: {error}; {n} problem(s) in all."),
    "http_nothing_to_change": ("바꿀 것이 없습니다. title 또는 archived를 보내세요.",
                               "Nothing to change: send title, archived or both."),
    "http_body_too_large": ("요청 본문이 한도 {cap:,}바이트를 넘어 읽지 않았습니다. 메시지를 줄이거나 여러 번에 나눠 보내세요 "
                            "(아무것도 저장되지 않았어요).",
                            "The request body is more than {cap:,} bytes; the limit is {cap:,} bytes, so it was not "
                            "read. Send a shorter message or split it; nothing was saved."),
    "http_body_too_large_sized": ("요청 본문이 {size:,}바이트로 한도 {cap:,}바이트를 넘어 읽지 않았습니다. 메시지를 줄이거나 "
                                  "여러 번에 나눠 보내세요 (아무것도 저장되지 않았어요).",
                                  "The request body is {size:,} bytes; the limit is {cap:,} bytes, so it was not read. "
                                  "Send a shorter message or split it; nothing was saved."),
    "http_compare_needs_sides": ("새 비교에는 agent, a, b가 필요합니다 (이어가려면 comparison_id).",
                                 "To start a comparison give agent, a and b; to continue one, give comparison_id."),
    "http_compare_no_message": ("보낼 메시지를 입력하세요.", "Type a message to send to both sides."),
    "http_shutdown": ("서버가 종료되어 답변이 중단되었습니다. 지금까지의 답변은 '중단됨'으로 저장되었습니다. 서버가 다시 "
                      "시작되면 다시 보내세요.",
                      "The server is shutting down: the reply was cut off and what was written so far is saved as "
                      "interrupted. Send it again once the server is back."),
    # The operator route (agents/http/operator.py): the CLI relayed into a local server.
    "http_operator_local_only": ("이 서버는 CLI 명령을 받지 않습니다: 운영자 토큰은 로컬 모드 서버에서만 쓰입니다.",
                                 "This server takes no CLI commands: the operator token works only on a server in "
                                 "local mode."),
    "http_operator_bad_token": ("운영자 토큰이 맞지 않습니다: 서버의 실행 파일(.server.json)에 있는 토큰을 보내세요.",
                                "The operator token is missing or wrong: send the token from the server's runtime "
                                "file."),
    "http_operator_bad_cwd": ("cwd {cwd!r}은(는) 이 컴퓨터의 절대 경로 폴더가 아닙니다.",
                              "cwd {cwd!r} is not an absolute folder on this machine."),
    "http_operator_bad_stdin": ("stdin은 base64가 아닙니다.", "stdin is not base64."),
    "http_operator_failed": ("명령이 서버에서 실패했습니다. 서버 로그를 보세요.",
                             "The command failed inside the server: see the server's log."),
}
register(HTTP_MESSAGES)
