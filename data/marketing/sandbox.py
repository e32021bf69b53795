"""Deterministic sandbox ad account for the marketing agent (seed 000).

Each user gets 8-12 campaigns with 90 days of daily metrics ending yesterday (relative to
the injected clock). Figures look like Korean commerce accounts: CTR 0.8-3%, CPA around
₩12,000, ROAS 1.2-4.5, a weekly pattern. Three situations are planted so the alerts and
scenarios have something to find:
- a ROAS drop of more than 30% day over day (anomaly),
- a campaign that spent 90%+ of its daily budget on the last day (budget),
- a campaign whose 7-day ROAS crossed 3.0 (milestone).
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Any

OBJECTIVES = ("OUTCOME_AWARENESS", "OUTCOME_TRAFFIC", "OUTCOME_ENGAGEMENT", "OUTCOME_LEADS",
              "OUTCOME_APP_PROMOTION", "OUTCOME_SALES")
DAYS = 90
# Weekly pattern (Mon..Sun): weekend shoppers convert better, and spend a little more.
DOW_SPEND = (0.96, 0.97, 0.98, 1.0, 1.02, 1.06, 1.04)
DOW_CONV = (0.94, 0.95, 0.97, 1.0, 1.04, 1.12, 1.08)

# name, objective, base ROAS, daily budget, role
_CATALOGUE: list[tuple[str, str, float, int, str]] = [
    ("봄 시즌 세일", "OUTCOME_SALES", 3.6, 150_000, "roas_drop"),
    ("신규 회원 전환", "OUTCOME_SALES", 2.4, 100_000, "budget_hot"),
    ("리타겟팅 - 장바구니", "OUTCOME_SALES", 2.6, 80_000, "milestone"),
    ("브랜드 인지도 캠페인", "OUTCOME_AWARENESS", 1.3, 120_000, ""),
    ("여름 신상품 런칭", "OUTCOME_SALES", 4.1, 200_000, ""),
    ("앱 설치 프로모션", "OUTCOME_APP_PROMOTION", 1.6, 70_000, ""),
    ("카카오 채널 유입", "OUTCOME_TRAFFIC", 1.9, 50_000, ""),
    ("VIP 재구매", "OUTCOME_SALES", 4.4, 60_000, "paused"),
    ("리드 수집 - 무료 샘플", "OUTCOME_LEADS", 2.1, 90_000, ""),
    ("인스타그램 트래픽", "OUTCOME_TRAFFIC", 1.5, 40_000, ""),
    ("주말 특가", "OUTCOME_SALES", 3.9, 110_000, ""),
    ("블랙프라이데이 사전 알림", "OUTCOME_ENGAGEMENT", 2.2, 30_000, "paused"),
]

AUDIENCES = [
    {"ageMin": 25, "ageMax": 44, "genders": ["female"], "locations": ["서울", "경기"], "interests": ["육아", "쇼핑"]},
    {"ageMin": 20, "ageMax": 39, "locations": ["전국"], "interests": ["패션"]},
    {"ageMin": 30, "ageMax": 54, "genders": ["male", "female"], "locations": ["서울"], "interests": ["리빙"]},
    None,
]


@dataclass
class Sandbox:
    campaigns: list[dict[str, Any]] = field(default_factory=list)
    metrics: list[tuple[Any, ...]] = field(default_factory=list)  # campaign_id, user_id, date, imp, clk, spend, conv, rev


def _rng(user_id: str) -> random.Random:
    from agents.core.sandbox import seed_identity  # both sides of a comparison get the same account

    return random.Random(int(hashlib.sha256(seed_identity(user_id).encode()).hexdigest()[:16], 16))


def generate(user_id: str, now: datetime, campaigns: int | None = None, days: int = DAYS) -> Sandbox:
    """The same user and clock always give the same account."""
    rng = _rng(user_id)
    count = campaigns or 8 + rng.randrange(5)
    last_day = (now - timedelta(days=1)).date()
    first_day = last_day - timedelta(days=days - 1)
    sandbox = Sandbox()
    for index in range(count):
        name, objective, roas, budget, role = _CATALOGUE[index % len(_CATALOGUE)]
        if index >= len(_CATALOGUE):
            name = f"{name} {index // len(_CATALOGUE) + 1}"
            role = ""
        campaign_id = f"cmp_{hashlib.sha1(f'{user_id}:{index}'.encode()).hexdigest()[:10]}"
        start = first_day + timedelta(days=rng.randrange(0, 20) if index > 2 else 0)
        created = datetime.combine(start, datetime.min.time()) + timedelta(hours=9)
        sandbox.campaigns.append({
            "id": campaign_id, "user_id": user_id, "name": name, "objective": objective,
            "status": "PAUSED" if role == "paused" else "ACTIVE", "daily_budget": budget,
            "start_date": start, "end_date": None, "target_audience": AUDIENCES[index % len(AUDIENCES)],
            "created_at": created, "updated_at": created,
        })
        sandbox.metrics.extend(_series(rng, campaign_id, user_id, start, last_day, budget, roas, role,
                                       paused=role == "paused"))
    return sandbox


def _series(rng: random.Random, campaign_id: str, user_id: str, start: date, last_day: date, budget: int,
            roas: float, role: str, paused: bool) -> list[tuple[Any, ...]]:
    rows = []
    ctr = rng.uniform(0.011, 0.026)
    cpm = rng.uniform(5_500, 8_500)
    utilisation = rng.uniform(0.64, 0.74)
    pause_from = last_day - timedelta(days=rng.randrange(8, 20)) if paused else None
    day = start
    while day <= last_day:
        if pause_from is not None and day >= pause_from:
            break
        dow = day.weekday()
        days_left = (last_day - day).days
        spend = budget * utilisation * DOW_SPEND[dow] * rng.uniform(0.97, 1.03)
        day_roas = roas * DOW_CONV[dow] * rng.uniform(0.96, 1.04)
        if role == "budget_hot" and days_left == 0:
            spend = budget * 0.96  # planted: 96% of the daily budget consumed
        if role == "milestone":
            day_roas = (3.35 if days_left < 7 else 2.55) * DOW_CONV[dow] * rng.uniform(0.98, 1.02)
        if role == "roas_drop" and days_left == 0:
            day_roas = roas * 0.6  # planted: ROAS -40% against the day before
        if role == "roas_drop" and days_left == 1:
            day_roas = roas * DOW_CONV[dow]
        impressions = int(spend / cpm * 1000)
        clicks = int(impressions * ctr * rng.uniform(0.95, 1.05))
        revenue = spend * day_roas
        conversions = max(1, round(revenue / rng.uniform(32_000, 38_000)))
        rows.append((campaign_id, user_id, day, impressions, clicks, round(spend), conversions,
                     round(revenue)))
        day += timedelta(days=1)
    return rows
