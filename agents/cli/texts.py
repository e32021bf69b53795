"""The terminal's language and its own words (refusals and the labels of its human-readable output).

The language, first found wins: ``--lang ko|en``, then ``PLAYGROUND_LANG``, then the locale as POSIX reads it
(``LC_ALL``, ``LC_MESSAGES``, ``LANG``): ``ko_KR.UTF-8`` is Korean, any other named locale (``en_US.UTF-8``,
``fr_FR``) English. The ``C``/``POSIX`` locale or none names no language: a refusal is then written in both, Korean
then English in brackets, as scripts and logs have always read it, and the labels stay English."""

from __future__ import annotations

import argparse
import os
from collections.abc import Mapping, Sequence
from typing import Any, NoReturn

from agents.cli.argparse_texts import argparse_lang, translated
from agents.core.errors import PlaygroundError
from agents.core.messages import Lang, in_lang, one, register, say, terminal_lang

LANG_ENV = "PLAYGROUND_LANG"
LANGS = ("ko", "en")

CLI_MESSAGES: dict[str, tuple[str, str]] = {
    # the language itself
    "cli_bad_lang": ("{source}={value!r}은(는) 알 수 없는 언어입니다: ko 또는 en을 쓰세요.",
                     "{source}={value!r} is not a language this CLI speaks: use ko or en."),
    # refusals of main.py
    "cli_file_missing": ("--file {path!r}이(가) 없습니다. 라벨 파일의 경로를 확인하세요.",
                         "--file {path!r} does not exist: check the labelled file's path."),
    "cli_message_twice": ("메시지는 인자 또는 --file 중 하나로만 주세요.",
                          "Give the message either as an argument or with --file, not both."),
    "cli_file_unreadable": ("--file {path!r}을(를) 읽을 수 없습니다: {why}. 경로를 확인하세요.",
                            "Cannot read --file {path!r}: {why}."),
    "cli_no_message": ("보낼 메시지를 주세요: 인자, '-'(표준 입력) 또는 --file PATH.",
                       "Give the message as an argument, '-' for stdin, or --file PATH."),
    "cli_not_utf8": ("{source}의 {at}번째 바이트가 UTF-8이 아닙니다. 파일을 UTF-8로 저장해 다시 보내세요.",
                     "{source} is not valid UTF-8 at byte {at}: save it as UTF-8 and retry."),
    "cli_needs_id": ("`playground {command} {action}`에는 {what_ko} id가 필요합니다.",
                     "`playground {command} {action}` needs {what_en} id."),
    "cli_needs_agent": ("`playground {command} {action}`에는 에이전트 id가 필요합니다. 쓸 수 있는 에이전트: {known}.",
                        "`playground {command} {action}` needs an agent id. Available agents: {known}."),
    "cli_modify_needs_args": ("`playground actions modify`에는 바꿀 필드만 담은 JSON 객체를 --args로 주세요. 예: "
                              "--args '{{\"changePercent\": 30}}'.",
                              "`playground actions modify` needs --args with a JSON object of the fields to change, "
                              "e.g. --args '{{\"changePercent\": 30}}'."),
    "cli_args_not_json": ("--args는 JSON이 아닙니다 ({line}:{column}).", "--args is not valid JSON: {error}."),
    "cli_args_not_object": ("--args는 {{...}} 형태의 JSON 객체여야 합니다.", "--args must be a JSON object."),
    "cli_no_alert_agent": ("능동 알림이 있는 에이전트가 없습니다. (--agent)", "No agent has proactive alerts. (--agent)"),
    "cli_not_relayed": ("`playground {command}`은(는) 서버로 보내지 않습니다: 그대로 실행하세요.",
                        "`playground {command}` is not sent to a server: run it directly."),
    # option values (options.py)
    "cli_not_whole": ("{name}은(는) {low}에서 {high} 사이의 정수여야 합니다 ({raw!r}).",
                      "{name} must be a whole number from {low} to {high}, not {raw!r}"),
    "cli_out_of_range": ("{name}은(는) {low}에서 {high} 사이여야 합니다 ({value}).",
                         "{name} must be from {low} to {high}, not {value}"),
    "cli_bad_host": ("--host는 IP 주소나 호스트 이름이어야 합니다 ({raw!r}).",
                     "--host must be an IP address or a host name, not {raw!r}"),
    "cli_bad_zone": ("--host {raw!r}의 {scope!r}은(는) 이 컴퓨터의 네트워크 인터페이스가 아닙니다.",
                     "--host {raw!r} names no network interface of this machine ({scope!r})"),
    # the human-readable output's labels
    "cli_what_action": ("작업", "an action"),
    "cli_what_conversation": ("대화", "a conversation"),
    "cli_what_alert": ("알림", "an alert"),
    "cli_no_agents": ("등록된 에이전트가 없습니다.", "No agents are registered."),
    "cli_conversation": ("대화: {id}", "conversation: {id}"),
    "cli_no_actions": ("사용자 {user}의 작업이 없습니다.", "No actions for user {user}."),
    "cli_no_conversations": ("사용자 {user}의 대화가 없습니다.", "No conversations for user {user}."),
    "cli_archived_flag": (" (보관됨)", " (archived)"),
    "cli_message_count": ("메시지 {n}개", "{n} messages"),
    "cli_renamed": ("이름을 바꿨습니다 {id}: {title}", "renamed {id}: {title}"),
    "cli_archived": ("보관했습니다 {id}", "archived {id}"),
    "cli_unarchived": ("보관을 풀었습니다 {id}", "unarchived {id}"),
    "cli_deleted": ("{id}과(와) 그 안의 모든 것을 삭제했습니다", "deleted {id} and everything under it"),
    "cli_alerts_created": ("알림 {n}개를 만들었습니다", "created {n} alert(s)"),
    "cli_no_alerts": ("사용자 {user}의 알림이 없습니다.", "No alerts for user {user}."),
    "cli_token_made": ("{plain}\n\n{user}의 API 토큰 {id} ({label}). 지금 한 번만 보여 줍니다: 안전한 곳에 보관하세요.\n"
                       "이렇게 쓰세요: Authorization: Bearer <token>",
                       "{plain}\n\nAPI token {id} for {user} ({label}). This is the only time it is shown: keep it "
                       "somewhere safe.\nUse it as: Authorization: Bearer <token>"),
    "cli_token_revoke_needs_id": ("`playground tokens revoke`에는 토큰 id가 필요합니다 (`playground tokens list` 참고).",
                                  "`playground tokens revoke` needs a token id (see `playground tokens list`)."),
    "cli_revoked": ("폐기했습니다 {id} ({label})", "revoked {id} ({label})"),
    "cli_never_used": ("사용 전", "never used"),
    "cli_active": ("사용 중", "active"),
    "cli_revoked_on": ("{day} 폐기", "revoked {day}"),
    "cli_no_tokens": ("사용자 {user}의 API 토큰이 없습니다.", "No API tokens for user {user}."),
    # relaying to a running app (remote.py)
    "cli_relay_notice": ("앱이 실행 중이라 {url}의 HTTP API로 보냅니다",
                         "the app is running: sent through its HTTP API at {url}"),
    "cli_relay_shared": ("{locked_ko} 공유 모드의 앱({url})은 CLI 명령을 받지 않습니다: 자기 API 토큰으로 HTTP API를 "
                         "쓰세요.",
                         "{locked_en} The app at {url} runs in shared mode, which takes no CLI commands: use its HTTP API "
                         "with your own API token."),
    "cli_relay_gone": ("앱이 명령이 끝나기 전에 연결을 닫았습니다: 앱의 로그를 보세요.",
                       "The app closed the connection before the command ended: see the app's log."),
    "cli_relay_refused": ("앱({url})이 명령을 거절했습니다: {message}", "The app at {url} refused the command: {message}"),
    # db.py, review.py, eval.py
    "cli_db_empty": ("{name}이(가) 비어 있습니다.", "{name} is empty: give duckdb:PATH or postgresql://…"),
    "cli_review_needs_id": ("`playground review {action}`에는 항목 id가 필요합니다 (`playground review list` 참고).",
                            "`playground review {action}` needs an item id (from `playground review list`)."),
    "cli_review_needs_label": ("`playground review label`의 --label에 correct 또는 incorrect를 주세요.",
                               "`playground review label` needs --label correct or incorrect."),
    "cli_suite_not_file": ("--suite {path!r}은(는) 보통 파일이 아닙니다: 스위트 .yaml 파일을 주세요.",
                           "--suite {path!r} is not a regular file: give a suite .yaml file."),
    # the evals' and the Lab's commands (eval_gate.py, eval_import.py, lab.py, lab_studio.py)
    "cli_bad_pass_rate": ("--min-pass-rate는 0에서 1 사이의 비율입니다 (예: 0.95), {text!r}가 아니라.",
                          "--min-pass-rate is a share from 0 to 1, e.g. 0.95, not {text!r}."),
    "cli_bad_judge": ("--judge {text!r}을(를) 읽을 수 없습니다: PROVIDER/MODEL로 주세요. {error}",
                      "--judge {text!r} cannot be read: give PROVIDER/MODEL. {error}"),
    "cli_judge_provider": ("--judge의 제공자 {provider!r}을(를) 모릅니다 ({known}).",
                           "--judge names an unknown provider {provider!r}; known: {known}."),
    "cli_no_matrix_run": ("행렬 실행 {id!r}이(가) 없습니다.", "No matrix run {id!r}."),
    "cli_no_finished_run": ("{user}의 끝난 평가 실행이 없습니다: 먼저 `playground eval run`을 하세요.",
                            "No finished evaluation run of {user}: run `playground eval run` first."),
    "cli_not_a_file": ("{path!r}은(는) 파일이 아닙니다.", "file {path!r} is not a file."),
    "cli_cannot_read": ("{path!r}을(를) 읽을 수 없습니다: {why}.", "Cannot read the file {path!r}: {why}."),
    "cli_cannot_write_out": ("--out {path!r}에 쓸 수 없습니다: {why}.", "Cannot write --out {path!r}: {why}."),
    "cli_out_exists": ("--out {path!r}이(가) 이미 있습니다: 덮어쓰지 않습니다. 다른 이름을 주세요.",
                       "--out {path!r} already exists and is not overwritten: give another name."),
    "cli_file_not_utf8": ("{path!r}은(는) UTF-8이 아닙니다 (바이트 {at}).", "{path!r} is not UTF-8 at byte {at}."),
    "cli_import_needs_agent": ("--agent로 케이스를 실행할 에이전트를 정하세요.", "Name the agent the cases run against with "
                               "--agent."),
    "cli_bad_filter": ("{option} 값이 올바르지 않습니다: {error}.", "{option}: {error}."),
    "cli_bad_origin": ("--origin은 {origins}의 쉼표 목록 또는 all입니다 ({text!r} 받음).",
                       "--origin is a comma list of {origins}, or all; not {text!r}."),
    "cli_out_is_folder": ("--out {path!r}은(는) 폴더입니다: 파일 이름을 주세요 (예: {example}).",
                          "--out {path!r} is a folder: give a file name, e.g. {example}."),
    "cli_out_no_folder": ("--out의 폴더 {folder!r}이(가) 없습니다. 먼저 만드세요.",
                          "The folder of --out, {folder!r}, does not exist: create it first."),
    "cli_bad_version": ("{name}은(는) 버전 번호(예: 2 또는 v2)입니다 ({raw!r} 받음).",
                        "{name} must be a version number such as 2 or v2, not {raw!r}."),
    "cli_version_negative": ("{name}은(는) 0 이상이어야 합니다 ({value}).", "{name} must be 0 or more, not {value}."),
    "cli_file_not_utf8_read": ("--file {path!r}을(를) UTF-8로 읽을 수 없습니다 ({error}).",
                               "Cannot read --file {path!r} as UTF-8: {error}."),
    "cli_stdin_not_utf8": ("표준 입력의 {at}번째 바이트가 UTF-8이 아닙니다. UTF-8로 보내세요.",
                           "Standard input is not UTF-8 at byte {at}: send UTF-8 text."),
    "cli_no_version_text": ("새 버전의 내용을 주세요: --file PATH, --text, 표준 입력, 또는 기반 버전 번호.",
                            "Give the new version's text: --file PATH, --text, stdin, or a version to copy."),
    "cli_unknown_setting": ("{name}의 설정 {setting!r}은(는) 모릅니다: temperature, max_output_tokens 중에서 고르세요.",
                            "{name}: unknown setting {setting!r}; use temperature or max_output_tokens."),
    "cli_setting_not_number": ("{name}의 {setting}는 숫자여야 합니다 ({value!r} 받음).",
                               "{name}: {setting} must be a number, not {value!r}."),
    "cli_setting_out_of_range": ("{name}의 {field} 값이 허용 범위를 벗어났습니다: {error}.",
                                 "{name}: {field} is out of range: {error}."),
}
register(CLI_MESSAGES)


def lang_from(argv: Sequence[str], environ: Mapping[str, str] | None = None) -> Lang | None:
    """The language asked for (see the module's note); a bad ``--lang`` or PLAYGROUND_LANG is refused by name."""
    environ = os.environ if environ is None else environ
    chosen = _flag(argv)
    if chosen is not None:
        return _checked("--lang", chosen)
    if environ.get(LANG_ENV, "").strip():
        return _checked(LANG_ENV, environ[LANG_ENV])
    return terminal_lang(environ)


def _flag(argv: Sequence[str]) -> str | None:
    """The last ``--lang X`` / ``--lang=X`` before a bare ``--`` (read before argparse, so its own errors follow it)."""
    found = None
    for i, item in enumerate(argv):
        if item == "--":
            break
        if item == "--lang":
            found = argv[i + 1] if i + 1 < len(argv) else ""
        elif item.startswith("--lang="):
            found = item.split("=", 1)[1]
    return found


def _checked(source: str, value: str) -> Lang:
    lang = value.strip().lower()
    if lang not in LANGS:
        raise PlaygroundError(say("cli_bad_lang", source=source, value=value[:40]), code="bad_argument")
    return "ko" if lang == "ko" else "en"


def shown(message: str, lang: Lang | None) -> str:
    """A refusal as written to the terminal: in ``lang``, or both languages when none was named."""
    return message if lang is None else in_lang(message, lang)


def label(lang: Lang | None, key: str, **values: object) -> str:
    """A label of the human-readable output: in ``lang``; English when none was named (as it always was)."""
    return one(key, lang or "en", **values)


def needs_id(command: str, action: str, what: str) -> PlaygroundError:
    """``playground alerts read`` without the id it needs (``what``: action, conversation, alert)."""
    return PlaygroundError(say("cli_needs_id", command=command, action=action, what_ko=one(f"cli_what_{what}", "ko"),
                               what_en=one(f"cli_what_{what}", "en")), code="missing_id")


def needs_agent(command: str, action: str) -> PlaygroundError:
    """``playground prompts list`` without the agent it is about: the refusal names the agents there are."""
    from agents.core.agent import list_agents

    known = ", ".join(spec.id for spec in list_agents())
    return PlaygroundError(say("cli_needs_agent", command=command, action=action, known=known), code="missing_agent")


def without_lang(argv: Sequence[str]) -> list[str]:
    """``argv`` without its ``--lang`` options (read by ``lang_from``): the flag is global, valid anywhere."""
    out: list[str] = []
    skip = False
    for i, item in enumerate(argv):
        if item == "--":
            return [*out, *argv[i:]]
        if skip:
            skip = False
        elif item == "--lang":
            skip = True
        elif not item.startswith("--lang="):
            out.append(item)
    return out


def speaking(base: type[argparse.ArgumentParser], lang: Lang | None) -> type[argparse.ArgumentParser]:
    """``base`` whose usage errors (a bad --port, an unknown choice) say the option's own refusal in ``lang``,
    and whose own words (usage, help, "invalid choice", "required") are argparse's in ``lang``
    (agents/cli/argparse_texts.py): built, parsed, helped and refused inside that language."""

    class Speaking(base):  # type: ignore[misc,valid-type]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            with argparse_lang(lang):
                super().__init__(*args, **kwargs)

        def parse_known_args(self, *args: Any, **kwargs: Any) -> Any:
            with argparse_lang(lang):
                return super().parse_known_args(*args, **kwargs)

        def parse_args(self, *args: Any, **kwargs: Any) -> Any:
            with argparse_lang(lang):
                return super().parse_args(*args, **kwargs)

        def format_usage(self) -> str:
            with argparse_lang(lang):
                return str(super().format_usage())

        def format_help(self) -> str:
            with argparse_lang(lang):
                return str(super().format_help())

        def error(self, message: str) -> NoReturn:
            head, sep, rest = message.partition(": ")
            ours = sep and head.startswith((translated_head("en"), translated_head(lang)))
            text = f"{head}{sep}{shown(rest, lang)}" if ours else shown(message, lang)
            with argparse_lang(lang):
                super().error(text)
            raise AssertionError("unreachable")  # ArgumentParser.error exits (RelayParser's raises)

    return Speaking


def translated_head(lang: Lang | None) -> str:
    """How argparse starts an option's own error ("argument --port: ..."), in ``lang``."""
    with argparse_lang(lang):
        return translated("argument %(argument_name)s: %(message)s").split("%", 1)[0]
