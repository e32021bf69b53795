"""The review queue over HTTP: list, label, save as case, dismiss; named 422s and 404s; bob's token never reads
or changes alice's items (shared mode)."""

from __future__ import annotations

from agents.core.providers.offline import OfflineProvider, say
from agents.core.session import Session
from agents.services.evals.loader import parse_suite
from agents.services.evals.runner import run_suite
from tests.services.test_review import FAILING


def _disliked(store, user: str) -> str:
    session = Session("notes", user_id=user, provider=OfflineProvider.scripted(say("hi")))
    turn_id = session.run("hello there")[-1].turn_id
    store.feedback.rate(turn_id, user, "down", "too short", session.clock())
    return f"fb-{turn_id}"


def test_label_save_dismiss_through_the_api(shared, alice, store):
    fb_id = _disliked(store, "alice")
    [run] = run_suite(parse_suite(FAILING, "notes.yaml"), owner="alice", store=store)
    ev_id = f"ev-{run.id}-0"
    listed = shared.get("/api/v1/review", headers=alice)
    assert listed.status_code == 200
    assert [(i["id"], i["source"], i["status"]) for i in listed.json()["items"]] == [
        (ev_id, "eval", "open"), (fb_id, "feedback", "open")]
    assert [i["id"] for i in shared.get("/api/v1/review", params={"source": "eval"}, headers=alice).json()["items"]] \
        == [ev_id]
    labelled = shared.post(f"/api/v1/review/{fb_id}/label", headers=alice,
                           json={"label": "incorrect", "wrong_step": 1, "note": "greet back"})
    assert labelled.status_code == 200
    item = labelled.json()["item"]
    assert (item["status"], item["label"], item["wrong_step"], item["note"]) == ("labelled", "incorrect", 1,
                                                                                 "greet back")
    saved = shared.post(f"/api/v1/review/{fb_id}/save-case", headers=alice, json={"suite": "from-review"})
    assert saved.status_code == 200
    assert (saved.json()["suite"], saved.json()["cases"], saved.json()["item"]["status"]) == ("from-review", 1,
                                                                                            "saved")
    suite = shared.get("/api/v1/evals/suites/from-review", headers=alice)
    assert suite.status_code == 200 and "greet back" in suite.text
    assert shared.post(f"/api/v1/review/{ev_id}/dismiss", headers=alice).json()["item"]["status"] == "dismissed"
    assert shared.get("/api/v1/review", headers=alice).json() == {"items": []}
    everything = shared.get("/api/v1/review", params={"status": "all"}, headers=alice).json()["items"]
    assert {i["id"]: i["status"] for i in everything} == {fb_id: "saved", ev_id: "dismissed"}


def test_bobs_token_never_reaches_alices_items(shared, alice, bob, store):
    fb_id = _disliked(store, "alice")
    [run] = run_suite(parse_suite(FAILING, "notes.yaml"), owner="alice", store=store)
    assert shared.get("/api/v1/review", headers=bob).json() == {"items": []}
    for item_id in (fb_id, f"ev-{run.id}-0"):
        for op, body in (("label", {"label": "correct"}), ("save-case", {}), ("dismiss", {})):
            response = shared.post(f"/api/v1/review/{item_id}/{op}", headers=bob, json=body)
            assert response.status_code == 404, (op, response.text)
            assert response.json()["error"]["code"] == "review_item_not_found"
            assert response.json()["error"]["message"].startswith(f"리뷰 항목 {item_id!r}을(를) 사용자 'bob'의 큐에서")
        naming = shared.post(f"/api/v1/review/{item_id}/dismiss", headers=bob, json={"user": "alice"})
        assert naming.status_code == 403
    assert store.db.fetchall("SELECT count(*) FROM review_items") == [(0,)]
    assert [i["status"] for i in shared.get("/api/v1/review", headers=alice).json()["items"]] == ["open", "open"]


def test_bad_input_gets_a_named_422(local, store):
    fb_id = _disliked(store, "demo")
    cases = [
        ("GET", "/api/v1/review", {"status": "closed"}, None, "status"),
        ("GET", "/api/v1/review", {"limit": 10**6}, None, "limit"),
        ("GET", "/api/v1/review", {"source": "x" * 10_000}, None, "source"),
        ("POST", f"/api/v1/review/{fb_id}/label", None, {"label": "meh"}, "label"),
        ("POST", f"/api/v1/review/{fb_id}/label", None, {"label": "incorrect", "wrong_step": 0}, "wrong_step"),
        ("POST", f"/api/v1/review/{fb_id}/label", None, {"label": "incorrect", "wrong_step": 9}, "wrong_step"),
        ("POST", f"/api/v1/review/{fb_id}/label", None, {"label": "incorrect", "note": "x" * 100_000}, "note"),
        ("POST", f"/api/v1/review/{fb_id}/save-case", None, {"suite": "../../etc"}, "suite"),
        ("POST", "/api/v1/review/fb-bad%20id%27--/dismiss", None, {}, "item_id"),
    ]
    for method, url, query, body, field in cases:
        response = local.request(method, url, params=query, json=body)
        assert response.status_code == 422, (url, body, response.text)
        assert response.json()["error"]["field"].endswith(field), response.json()
    missing = local.post("/api/v1/review/fb-turn_nothing/dismiss")
    assert (missing.status_code, missing.json()["error"]["code"]) == (404, "review_item_not_found")
    assert store.db.fetchall("SELECT count(*) FROM review_items") == [(0,)]


def test_the_operations_are_documented(local):
    paths = local.get("/api/openapi.json").json()["paths"]
    assert set(paths["/api/v1/review"]) == {"get"}
    for op in ("label", "save-case", "dismiss"):
        documented = paths[f"/api/v1/review/{{item_id}}/{op}"]["post"]["responses"]
        assert {"200", "404", "422"} <= set(documented)
