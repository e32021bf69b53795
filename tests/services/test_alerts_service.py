"""agents/services/alerts.py: owner-scoped alert operations with Korean+English refusals."""

from __future__ import annotations

import pytest

from agents.core.agent import get_agent
from agents.core.inputs import InvalidInput
from agents.services import alerts


def test_lifecycle_owner_check_and_refusals(store, clock):
    created = alerts.check(get_agent("marketing"), "ann", clock())
    assert len(created) == 4 and alerts.unread_count(store, "ann", "marketing") == 4
    assert alerts.check(get_agent("marketing"), "ann", clock()) == []  # an open alert is never made twice
    first = created[0]
    with pytest.raises(alerts.AlertNotFound) as caught:
        alerts.set_status(store, "bob", first.id, "DISMISSED", clock())
    assert caught.value.message == (f"알림 {first.id!r}이(가) 사용자 'bob'에게 없습니다. 알림 목록에서 id를 확인하세요. "
                                    f"(No alert {first.id!r} for user 'bob'; list yours to find its id.)")
    assert alerts.get(store, "ann", first.id).status == "UNREAD"  # untouched
    with pytest.raises(InvalidInput) as bad:
        alerts.set_status(store, "ann", first.id, "DELETED", clock())
    assert bad.value.field == "status" and bad.value.message.startswith("알림 상태는 READ, DISMISSED, ACTED_ON 중")
    assert alerts.set_status(store, "ann", first.id, "DISMISSED", clock()).status == "DISMISSED"
    with pytest.raises(alerts.AlertClosed, match=r"이미 DISMISSED 상태입니다.*\(Alert .* is already DISMISSED"):
        alerts.set_status(store, "ann", first.id, "READ", clock())
    assert [a.id for a in alerts.open_alerts(store, "ann", "marketing")] == [a.id for a in
                                                                             alerts.list_alerts(store, "ann")
                                                                             if a.id != first.id]
    assert alerts.mark_read(store, "bob", [a.id for a in created], clock()) == []  # nobody else's
    assert len(alerts.mark_read(store, "ann", [a.id for a in created], clock())) == 3


def test_only_agents_with_alerts_are_checked(store, clock):
    with pytest.raises(alerts.NoAlerts) as caught:
        alerts.alert_agents("notes")
    assert caught.value.code == "no_alerts" and caught.value.message.startswith("notes 에이전트에는 선제 알림이 없습니다")
    assert [s.id for s in alerts.alert_agents(None)] == ["marketing"]
    with pytest.raises(alerts.NoAlerts):
        alerts.check(get_agent("notes"), "ann", clock())
