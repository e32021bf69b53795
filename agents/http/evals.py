"""Evaluation suites and runs over HTTP (``/api/v1/evals``): what CI or a script calls when it has a token
rather than a shell. A run starts at once and answers 202 with its ids; poll ``GET /runs/{id}`` (its
``progress``) or fetch its JUnit XML when it is done. Every run, suite and conversation is the caller's own:
another user's reads as 404."""

# No `from __future__ import annotations`: FastAPI must resolve the local `Who` alias at runtime.

from collections.abc import Callable
from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Path, Query
from fastapi.responses import PlainTextResponse, Response
from pydantic import Field, JsonValue, ValidationError, model_validator
from typing_extensions import TypedDict  # pydantic reads typing's TypedDict only from Python 3.12

from agents.core.inputs import InvalidInput
from agents.core.messages import say
from agents.core.session import runtime_store
from agents.http.auth import Caller
from agents.http.body_limit import document_route
from agents.http.errors import COMMON, documented
from agents.http.models import ID_PATTERN, JsonObject, Text, UserId, _Body, json_object, json_rows
from agents.http.texts import HTTP_MESSAGES  # noqa: F401 -- registers the words said here
from agents.services.evals import library, spec
from agents.services.evals.compare import compare_runs, matrix_grid
from agents.services.evals.from_chat import suggest_case
from agents.services.evals.import_rows import from_rows
from agents.services.evals.imports import from_promptfoo
from agents.services.evals.loader import MAX_SUITE_BYTES, parse_suite
from agents.services.evals.report import export_text, junit_xml, run_detail
from agents.services.evals.runner import MAX_CONCURRENCY, start_suite
from agents.services.evals.store import EvalRepo

SUITE_NAME = r"^[\w.-]{1,100}$"
MAX_IMPORT_CHARS = 1_000_000  # under the document routes' body cap; a suite made from it is capped again
SuiteName = Annotated[str, Path(pattern=SUITE_NAME, description="the suite's name (suite: in its YAML)")]
RunId = Annotated[str, Path(pattern=ID_PATTERN, description="run id (evr_…)")]


class ConfigBody(_Body):
    provider: Literal["offline", "openai", "gemini"] = "offline"
    model: Annotated[Text, Field(min_length=1, max_length=200)] | None = None
    prompt_version: int | None = Field(None, ge=0)


class RunBody(_Body):
    suite: Annotated[Text, Field(pattern=SUITE_NAME)] | None = Field(
        None, description="a shipped suite or one of yours, by name")
    yaml: Annotated[Text, Field(max_length=MAX_SUITE_BYTES)] | None = Field(None, description="or a suite's YAML text")
    configs: list[ConfigBody] | None = Field(None, min_length=1, max_length=12,
                                             description="one run per configuration (a matrix); default: the suite's")
    concurrency: int = Field(4, ge=1, le=MAX_CONCURRENCY)
    user: UserId | None = None

    @model_validator(mode="after")
    def _one_source(self) -> "RunBody":
        if (self.suite is None) == (self.yaml is None):
            raise ValueError("give either 'suite' (a name) or 'yaml' (a suite's text), not both and not neither")
        return self


class SuiteBody(_Body):
    yaml: Annotated[Text, Field(max_length=MAX_SUITE_BYTES, description="the suite file's text")]
    user: UserId | None = None


class ImportBody(_Body):
    format: Literal["promptfoo", "jsonl", "csv"] = Field(description="promptfoo (a promptfooconfig.yaml), jsonl "
                                                                     "(OpenAI evals' samples) or csv (with a header)")
    text: Annotated[Text, Field(min_length=1, max_length=MAX_IMPORT_CHARS, description="the file's text")]
    agent: Annotated[Text, Field(pattern=r"^[A-Za-z0-9_-]{1,40}$")] | None = Field(
        None, description="the agent the cases run against (promptfoo: default its tags.agent; required otherwise)")
    input_field: Annotated[Text, Field(min_length=1, max_length=200)] = "input"
    ideal_field: Annotated[Text, Field(min_length=1, max_length=200)] = "ideal"
    match: Literal["exact", "normalised", "contains", "judge"] = "exact"
    user: UserId | None = None


class DraftBody(_Body):
    conversation_id: Annotated[Text, Field(pattern=ID_PATTERN)]
    name: Annotated[Text, Field(min_length=1, max_length=200)] | None = None
    user: UserId | None = None


class AddCaseBody(_Body):
    case: JsonObject = Field(description="a case as in a suite file: {name, tags?, turns: [...]}")
    agent: Annotated[Text, Field(pattern=r"^[A-Za-z0-9_-]{1,40}$")]
    user: UserId | None = None


class SuiteSaved(TypedDict):
    name: str
    agent: str
    cases: int


class SuiteImported(SuiteSaved):
    not_converted: list[str]  # each item that could not be converted, with its line
    yaml: str


class SuiteDeleted(TypedDict):
    deleted: str


class RunsStarted(TypedDict):
    run_ids: list[str]
    matrix_id: str | None
    cases: int


def _repo() -> EvalRepo:
    return EvalRepo(runtime_store().db)


def _text(status: int, media: str, description: str) -> dict[int | str, dict[str, object]]:
    """A route answering text: its own media type, and errors still documented as the JSON error body."""
    return {status: {"description": description, "content": {media: {"schema": {"type": "string"}}}},
            **documented(*COMMON, stream=True)}


def evals_routes(caller: Callable[..., Caller]) -> APIRouter:
    router = APIRouter(prefix="/api/v1/evals", tags=["evals"], responses=documented(*COMMON))
    Who = Annotated[Caller, Depends(caller)]
    User = Annotated[UserId | None, Query(description="local mode: whose (default demo)")]

    @router.get("/suites", summary="The shipped suites and yours")
    def suites(who: Who, user: User = None) -> list[dict[str, JsonValue]]:
        return json_rows(library.listing(runtime_store(), who.user(user)))

    @router.get("/suites/{name}", summary="One suite's YAML (a download with ?download=true)",
                response_class=PlainTextResponse, responses=_text(200, "application/yaml", "the suite file's text"))
    def suite(who: Who, name: SuiteName, user: User = None, download: bool = False) -> Response:
        loaded = library.get(runtime_store(), who.user(user), name, allow_code=who.mode == "local")
        headers = {"Content-Disposition": f'attachment; filename="{name}.yaml"'} if download else {}
        return PlainTextResponse(loaded.text, media_type="application/yaml", headers=headers)

    @router.put("/suites/{name}", summary="Create or replace one of your suites (checked first)",
                openapi_extra=document_route("/api/v1/evals/suites/{name}"))
    def save_suite(who: Who, name: SuiteName, body: SuiteBody) -> SuiteSaved:
        user = who.user(body.user)
        code = who.mode == "local"  # python: assertions run only where their author runs the app
        if parse_suite(body.yaml, f"{name}.yaml", allow_code=code).suite.suite != name:
            raise InvalidInput("yaml", say("http_suite_name_mismatch", name=name))
        loaded = library.save(runtime_store(), user, body.yaml, allow_code=code)
        return {"name": loaded.suite.suite, "agent": loaded.suite.agent, "cases": len(loaded.suite.cases)}

    @router.post("/suites/{name}/import", summary="Make one of your suites from a promptfoo config, JSONL samples or "
                                                  "a CSV; lists what could not be converted",
                 openapi_extra=document_route("/api/v1/evals/suites/{name}/import"))
    def import_suite(who: Who, name: SuiteName, body: ImportBody) -> SuiteImported:
        user = who.user(body.user)
        if body.format == "promptfoo":
            imported = from_promptfoo(body.text, agent=body.agent, name=name, file="promptfooconfig.yaml",
                                      agent_field="agent")
        elif body.agent is None:
            raise InvalidInput("agent", say("http_import_needs_agent"))
        else:
            imported = from_rows(body.text.encode("utf-8"), body.format, agent=body.agent,
                                 file=f"samples.{body.format}", input_field=body.input_field,
                                 ideal_field=body.ideal_field, match=body.match, name=name)
        loaded = library.save(runtime_store(), user, imported.text)
        return {"name": loaded.suite.suite, "agent": loaded.suite.agent, "cases": len(loaded.suite.cases),
                "not_converted": imported.report(), "yaml": imported.text}

    @router.delete("/suites/{name}", summary="Delete one of your suites")
    def delete_suite(who: Who, name: SuiteName, user: User = None) -> SuiteDeleted:
        library.delete(runtime_store(), who.user(user), name)
        return {"deleted": name}

    @router.post("/suites/{name}/cases", summary="Add a case (e.g. a reviewed draft) to one of your suites",
                 openapi_extra=document_route("/api/v1/evals/suites/{name}/cases"))
    def add_case(who: Who, name: SuiteName, body: AddCaseBody) -> SuiteSaved:
        user = who.user(body.user)
        try:
            case = spec.Case.model_validate(body.case)
        except ValidationError as exc:
            first = exc.errors()[0]
            field = ".".join(["case", *(str(p) for p in first["loc"])])
            raise InvalidInput(field, say("http_bad_case", field=field, error=first["msg"],
                                          n=exc.error_count())) from exc
        loaded = library.add_saved_case(runtime_store(), user, name, case, body.agent)
        return {"name": loaded.suite.suite, "agent": loaded.suite.agent, "cases": len(loaded.suite.cases)}

    @router.post("/drafts", summary="Save as test case: a conversation of yours as a case with suggested assertions")
    def draft(who: Who, body: DraftBody) -> dict[str, JsonValue]:
        user = who.user(body.user)
        made = suggest_case(runtime_store(), body.conversation_id, user, name=body.name)
        case = made.to_case().model_dump(mode="json", by_alias=True, exclude_none=True, exclude_defaults=True)
        return {**made.model_dump(mode="json"), "case": case}

    @router.post("/runs", status_code=202, summary="Start a run (or a matrix of runs); answers with their ids",
                 openapi_extra=document_route("/api/v1/evals/runs"))
    def start(who: Who, body: RunBody) -> RunsStarted:
        user = who.user(body.user)
        store = runtime_store()
        code = who.mode == "local"
        loaded = (library.get(store, user, body.suite, allow_code=code) if body.suite
                  else parse_suite(body.yaml or "", "suite.yaml", allow_code=code))
        configs = None
        if body.configs:
            base = loaded.suite.defaults
            configs = [spec.Config(provider=c.provider, model=c.model, prompt_version=c.prompt_version, user=base.user)
                       for c in body.configs]
        handle = start_suite(loaded, configs=configs, concurrency=body.concurrency, owner=user, store=store)
        return {"run_ids": handle.run_ids, "matrix_id": handle.matrix_id, "cases": handle.total}

    @router.get("/runs", summary="Your runs, newest first")
    def runs(who: Who, user: User = None, suite: Annotated[str | None, Query(pattern=SUITE_NAME)] = None,
             limit: Annotated[int, Query(ge=1, le=200)] = 50) -> list[dict[str, JsonValue]]:
        return json_rows(_repo().runs(who.user(user), suite=suite, limit=limit))

    @router.get("/runs/{run_id}", summary="A run: its cases, steps (trace ids) and assertions; progress while running")
    def run(who: Who, run_id: RunId, user: User = None) -> dict[str, JsonValue]:
        detail = run_detail(_repo(), run_id, who.user(user))
        progress = {"done": len(detail["cases"]), "total": detail["run"]["cases_total"]}
        return json_object({**detail, "progress": progress})

    @router.get("/runs/{run_id}/junit", summary="A finished run as JUnit XML", response_class=PlainTextResponse,
                responses=_text(200, "application/xml", "JUnit XML: a testsuite with a testcase per case"))
    def junit(who: Who, run_id: RunId, user: User = None) -> PlainTextResponse:
        return PlainTextResponse(junit_xml([run_detail(_repo(), run_id, who.user(user))]), media_type="application/xml")

    @router.get("/runs/{run_id}/export", summary="A run's assertions as CSV or JSON Lines",
                response_class=PlainTextResponse,
                responses=_text(200, "text/csv", "one row per assertion (application/x-ndjson for jsonl)"))
    def export(who: Who, run_id: RunId, user: User = None,
               format: Annotated[Literal["csv", "jsonl"], Query()] = "csv") -> PlainTextResponse:
        text = export_text(_repo(), run_id, format, who.user(user))
        media = "text/csv" if format == "csv" else "application/x-ndjson"
        return PlainTextResponse(text, media_type=media, headers={
            "Content-Disposition": f'attachment; filename="{run_id}.{format}"'})

    @router.get("/compare", summary="Two of your runs side by side: regressions first, metric deltas")
    def compare(who: Who, a: Annotated[str, Query(pattern=ID_PATTERN)], b: Annotated[str, Query(pattern=ID_PATTERN)],
                user: User = None) -> dict[str, JsonValue]:
        return json_object(compare_runs(_repo(), a, b, who.user(user)))

    @router.get("/matrices/{matrix_id}", summary="A matrix run as a grid of cases × configurations")
    def matrix(who: Who, matrix_id: Annotated[str, Path(pattern=ID_PATTERN)], user: User = None) -> dict[str, JsonValue]:
        owner = who.user(user)
        return json_object(matrix_grid(_repo(), matrix_id, owner))

    return router
