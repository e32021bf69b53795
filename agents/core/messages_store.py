"""What the store says to a person (a locked, full or lost database, a bad prompt, a busy row), keyed by code,
Korean then English (see ``messages.py``)."""

from __future__ import annotations

STORE_MESSAGES: dict[str, tuple[str, str]] = {
    # the database file (agents/core/store/db.py, health.py)
    "db_path_is_folder": ("데이터베이스 경로 {path}는 폴더입니다. 쓸 수 있는 파일 경로를 PLAYGROUND_DB에 지정하세요(폴더는 "
                          "없으면 만들어집니다).",
                          "The database path {path} is a directory, not a file. Set PLAYGROUND_DB to a writable file "
                          "path (its folder is created if missing)."),
    "db_folder_failed": ("데이터베이스 폴더를 만들 수 없습니다: {folder} ({why}). 쓸 수 있는 파일 경로를 PLAYGROUND_DB에 "
                         "지정하세요.",
                         "Cannot create the database folder {folder}: {why}. Set PLAYGROUND_DB to a writable file path "
                         "(its folder is created if missing)."),
    "db_locked": ("데이터베이스 파일 {path}을(를) 다른 프로세스가 이미 열고 있습니다 ({holder}). DuckDB는 파일 하나에 "
                  "프로세스 하나만 허용합니다: 다른 playground 프로세스를 멈추거나 PLAYGROUND_DB를 다른 파일로 지정하세요.",
                  "The database file {path} is already open in another process ({holder}). DuckDB allows one process "
                  "per file: stop the other playground process, or set PLAYGROUND_DB to a different file."),
    "db_cannot_open": ("데이터베이스 파일 {path}을(를) 열 수 없습니다: {why}. Agent Playground 데이터베이스가 아니면 옮겨 "
                       "두거나, 쓸 수 있는 파일 경로를 PLAYGROUND_DB에 지정하세요.",
                       "The database file {path} cannot be opened: {why}. If it is not an Agent Playground database, "
                       "move it away; or set PLAYGROUND_DB to a writable file path (its folder is created if "
                       "missing)."),
    "db_damaged": ("데이터베이스 파일 {path}이(가) 손상되었거나 잘렸거나 DuckDB 파일이 아닙니다{detail}. 백업에서 "
                   "복원하거나 PLAYGROUND_DB를 다른 파일로 지정하세요.",
                   "The database file {path} is damaged, truncated or not a DuckDB database{detail}: restore it from "
                   "a backup, or point PLAYGROUND_DB at another file."),
    "db_gone_deleted": ("서버가 실행되는 동안 데이터베이스 파일이 삭제되었습니다", "The database file was deleted while "
                        "the server was running"),
    "db_gone_replaced": ("서버가 실행되는 동안 데이터베이스 파일이 다른 파일로 바뀌었습니다", "The database file was "
                         "replaced while the server was running"),
    "db_gone_unreadable": ("데이터베이스 파일을 읽거나 쓸 수 없게 되었습니다(손상, 잘림 또는 권한 문제)", "The database file "
                           "can no longer be read or written (damaged, truncated or its permissions changed)"),
    "db_gone_invalidated": ("데이터베이스 엔진이 치명적인 오류 뒤 멈췄습니다", "The database engine stopped after a fatal "
                            "error"),
    "db_unavailable": ("{what_ko}. 이 요청을 포함해 더 이상 아무것도 저장하지 않습니다. 운영자가 파일을 복구하고 서버를 다시 "
                       "시작해야 합니다.",
                       "{what_en}. Nothing more is saved, this request included; the operator must restore the file "
                       "and restart the server."),
    "disk_full_stopped": ("서버의 디스크가 가득 차 데이터베이스 엔진이 멈췄습니다. 이 요청은 저장되지 않았고 이미 저장된 내용은 "
                          "그대로입니다. 운영자가 공간을 확보하고 서버를 다시 시작해야 합니다.",
                          "The server's disk is full and the database engine stopped: this was not saved, everything "
                          "saved earlier is intact. The operator must free space and restart the server."),
    "disk_full": ("서버의 디스크가 가득 차 저장하지 못했습니다. 이 요청은 저장되지 않았고 이미 저장된 내용은 그대로입니다. "
                  "공간이 확보된 뒤 다시 시도하세요.",
                  "The server's disk is full, so this was not saved; everything saved earlier is intact. Try again "
                  "once the operator has freed space."),
    # PostgreSQL (agents/core/store/pg.py)
    "pg_bad_size": ("{name}은(는) 1에서 1000 사이의 정수여야 합니다 ({raw!r}).",
                    "{name} must be a whole number from 1 to 1000, not {raw!r}."),
    "pg_unreachable": ("PostgreSQL 데이터베이스 {path}에 {seconds}초 안에 연결할 수 없습니다. 서버가 실행 중인지, "
                       "PLAYGROUND_DATABASE_URL이 맞는지 확인하세요.",
                       "Cannot connect to the PostgreSQL database {path} within {seconds} s: check that the server "
                       "runs and PLAYGROUND_DATABASE_URL is right."),
    "pg_pool_timeout": ("데이터베이스 연결을 얻지 못했습니다(모두 사용 중이거나 서버가 응답하지 않음). 잠시 후 다시 시도하세요.",
                        "No database connection came free in time: all are busy or the server does not answer; try "
                        "again in a moment."),
    "pg_lost": ("데이터베이스 서버와의 연결이 끊겼습니다. 이 요청은 저장되지 않았을 수 있습니다. 잠시 후 다시 시도하세요.",
                "The connection to the database server was lost; this request may not have been saved. Try again in "
                "a moment."),
    # copying a store (agents/core/store/copy.py)
    "copy_same": ("원본과 대상이 같은 데이터베이스입니다.", "The source and the target are the same database."),
    "copy_migrations": ("두 데이터베이스의 마이그레이션이 다릅니다: {names}. 같은 버전의 앱으로 여세요.",
                        "The two databases differ in migrations: {names}; open both with the same version of the "
                        "app."),
    "copy_target_full": ("대상에 이미 대화 {n:,}개가 있습니다. 덮어쓰려면 --replace를 쓰세요.",
                         "The target already holds {n:,} conversations; add --replace to overwrite it."),
    "copy_columns": ("표 {table}의 열이 다릅니다.", "Table {table} has other columns in the target."),
    "copy_counts": ("복사 후 행 수가 다릅니다: {wrong}", "row counts differ after the copy: {wrong}"),
    "new_conversation": ("새 대화", "New conversation"),  # the title of one whose first message gave none
    # rows that several requests change at once (actions.py, conversations.py)
    "action_expired_unconfirmed": ("확인 시간이 지나 만료되었습니다", "expired before confirmation"),
    "action_interrupted_stored": ("앱이 실행 도중 중단되어 결과를 확인할 수 없습니다. 다시 실행하지 않았습니다",
                                  "interrupted by a restart; not re-run, check the target before retrying"),
    "action_busy": ("이 작업을 동시에 바꾸려는 요청이 너무 많아 아무것도 변경하지 않았습니다. 잠시 후 다시 시도하세요",
                    "the action kept changing under concurrent requests; nothing changed, try again"),
    "delete_action_running": ("이 대화의 작업 '{summary}'이(가) 지금 실행 중이라 대화를 삭제하지 않았습니다. 실행이 끝난 뒤 "
                              "다시 삭제하세요.",
                              "An action of this conversation is running right now, so the conversation was not "
                              "deleted; delete it again once the action has finished."),
    "delete_busy": ("이 대화가 계속 다른 요청으로 바뀌고 있어 삭제하지 않았습니다. 잠시 후 다시 삭제하세요.",
                    "The conversation kept changing under concurrent requests, so it was not deleted; try again in a "
                    "moment."),
    # values read by the store (feedback.py, lab.py)
    "feedback_foreign_message": ("message_id {shown!r}은(는) 이 턴의 대화에 있는 메시지가 아닙니다.",
                                 "message_id {shown!r} is not a message of this turn's conversation; leave it out or "
                                 "use the reply's message id."),
    "bad_cursor": ("'before' 값 {shown!r}은(는) 이전 페이지의 next_cursor가 아닙니다. 처음 페이지부터 다시 보세요.",
                   "'before' {shown!r} is not a next_cursor from a previous page; start again from the first page."),
    # prompt versions (agents/core/store/prompts.py)
    "prompt_not_text": ("프롬프트는 문자열이어야 합니다 ({kind} 값을 받음).", "The prompt must be text, not {kind}."),
    "prompt_surrogate": ("프롬프트에 유효하지 않은 문자(짝 없는 서로게이트)가 있습니다. UTF-8로 다시 입력하세요.",
                         "The prompt contains a lone surrogate, which is not text; re-type it as UTF-8."),
    "prompt_empty": ("빈 프롬프트는 저장할 수 없습니다. 에이전트에게 줄 지시를 입력하세요.",
                     "The prompt is empty: write the instructions for the agent."),
    "prompt_too_long": ("프롬프트가 {n:,}자로 너무 깁니다. {most:,}자 이하로 줄이세요.",
                        "The prompt is {n:,} characters long; keep it to {most:,}."),
    "prompt_control": ("프롬프트에 제어 문자 {char!r}가 있습니다. 지우고 다시 저장하세요.",
                       "The prompt contains the control character {char!r}; remove it."),
    "prompt_field_not_text": ("{field}은(는) 문자열이어야 합니다.", "{field} must be text."),
    "prompt_field_surrogate": ("{field}에 유효하지 않은 문자가 있습니다.", "{field} contains a lone surrogate."),
    "prompt_field_too_long": ("{field}은(는) {most}자 이하로 써 주세요 ({n}자).",
                              "{field} is {n} characters; keep it to {most}."),
    "prompt_no_version": ("{agent} 에이전트에 {version}번 프롬프트 버전이 없습니다.",
                          "The {agent} agent has no prompt version {version}."),
}
