"""``POST /api/v1/evals/suites/{name}/import`` (issue 31): a promptfoo config, JSONL samples or a CSV becomes one of
the caller's suites, with what could not be converted listed; a bad row is a 422 naming its line; in shared mode
the suite is the token owner's only."""

from __future__ import annotations

from pathlib import Path

from tests.api.test_evals_http import wait_done

DATA = Path(__file__).resolve().parents[1] / "evals" / "data"


def test_a_promptfoo_config_is_imported_as_a_suite_of_yours_and_runs(local) -> None:
    text = (DATA / "promptfooconfig.yaml").read_text(encoding="utf-8")
    answer = local.post("/api/v1/evals/suites/pf-notes/import", json={"format": "promptfoo", "text": text})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert (body["name"], body["agent"], body["cases"]) == ("pf-notes", "notes", 8)
    # Over HTTP no file is read: the file:// prompts are listed.
    assert body["not_converted"][:2] == [
        "promptfooconfig.yaml:11: prompts[2]: file://prompts/ask.txt: prompts in files are not read: paste the "
        "prompt's text",
        "promptfooconfig.yaml:12: prompts[3]: file://prompts/chat.json: prompts in files are not read: paste the "
        "prompt's text"]
    assert len(body["not_converted"]) == 8 and body["yaml"].startswith("# Imported from promptfooconfig.yaml")
    assert local.get("/api/v1/evals/suites/pf-notes").text == body["yaml"]
    run_id = local.post("/api/v1/evals/runs", json={"suite": "pf-notes", "configs": [{"provider": "offline"}]}
                        ).json()["run_ids"][0]
    detail = wait_done(local, run_id)
    assert detail["run"]["cases_total"] == 8 and detail["run"]["cases_passed"] == 4  # prose is not JSON; no judge key


def test_samples_become_cases_and_a_bad_row_is_named_by_its_line(local) -> None:
    text = (DATA / "samples.csv").read_text(encoding="utf-8")
    answer = local.post("/api/v1/evals/suites/csv-notes/import", json={
        "format": "csv", "text": text, "agent": "notes", "input_field": "question", "ideal_field": "answer",
        "match": "contains"})
    assert answer.status_code == 200 and answer.json()["cases"] == 2 and answer.json()["not_converted"] == []
    bad = local.post("/api/v1/evals/suites/bad/import", json={"format": "jsonl", "agent": "notes",
                                                              "text": '{"input": "hi", "ideal": "x"}\n{"input": 5}\n'})
    assert bad.status_code == 422
    assert bad.json()["error"]["code"] == "bad_suite" and "samples.jsonl:2: no 'ideal' field" in \
        bad.json()["error"]["message"]
    missing = local.post("/api/v1/evals/suites/x/import", json={"format": "jsonl", "text": "{}"})
    assert missing.status_code == 422 and missing.json()["error"]["field"] == "agent"
    nameless = local.post("/api/v1/evals/suites/x/import", json={"format": "promptfoo", "text": "prompts: [hi]\n"})
    assert nameless.status_code == 422 and nameless.json()["error"]["field"] == "agent"
    assert local.get("/api/v1/evals/suites/bad").status_code == 404  # nothing was saved


def test_in_shared_mode_an_imported_suite_is_the_token_owners(shared, alice, bob) -> None:
    text = (DATA / "samples.jsonl").read_text(encoding="utf-8")
    answer = shared.post("/api/v1/evals/suites/mine/import", json={"format": "jsonl", "text": text, "agent": "notes",
                                                                  "match": "normalised"}, headers=alice)
    assert answer.status_code == 200 and answer.json()["cases"] == 3
    assert shared.get("/api/v1/evals/suites/mine", headers=alice).status_code == 200
    assert shared.get("/api/v1/evals/suites/mine", headers=bob).status_code == 404
