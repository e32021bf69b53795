"""``python:`` code assertions over HTTP (issue 31): refused in shared mode with the reason, Korean then English,
before anything is imported; stored and run in local mode."""

from __future__ import annotations

import sys

from tests.api.test_evals_http import wait_done
from tests.evals.test_code_assertions import CHECKS, SUITE


def test_shared_mode_refuses_code_assertions_and_local_mode_runs_them(shared, alice, local, tmp_path,
                                                                       monkeypatch) -> None:
    module = "http_suite_checks"
    (tmp_path / f"{module}.py").write_text(CHECKS, encoding="utf-8")
    monkeypatch.chdir(tmp_path)  # over HTTP the module is found from the server's folder
    text = SUITE.format(module=module)
    refused = shared.put("/api/v1/evals/suites/coded", json={"yaml": text}, headers=alice)
    assert refused.status_code == 422
    error = refused.json()["error"]
    assert error["code"] == "bad_suite" and error["field"] == "yaml"
    assert "공유 모드의 서버는 방문자가 보낸 코드를 가져오지도 실행하지도 않습니다" in error["message"]
    assert "a server in shared mode never imports or runs code a visitor names" in error["message"]
    started = shared.post("/api/v1/evals/runs", json={"yaml": text}, headers=alice)
    assert started.status_code == 422 and "code assertions run only from the CLI and in local mode" in \
        started.json()["error"]["message"]
    assert module not in sys.modules
    saved = local.put("/api/v1/evals/suites/coded", json={"yaml": text})
    assert saved.status_code == 200 and saved.json() == {"name": "coded", "agent": "notes", "cases": 3}
    run_id = local.post("/api/v1/evals/runs", json={"suite": "coded"}).json()["run_ids"][0]
    detail = wait_done(local, run_id)
    assert [c["status"] for c in sorted(detail["cases"], key=lambda c: c["case_index"])] == \
        ["passed", "failed", "failed"]
    sys.modules.pop(module, None)
