"""The tutor's sandbox data: stocks, generated prices, education cases, portfolio and screen vocabulary."""

from __future__ import annotations

import json
import re
from datetime import date, timedelta
from itertools import combinations, pairwise
from typing import Annotated, Literal

import jsonschema
import numpy as np
import pandas as pd
import pytest
from pydantic import BaseModel, ConfigDict, Field, model_validator

from data.tutor import (
    CASES_PATH,
    GLOSSARY_PATH,
    HERE,
    PORTFOLIO_PATH,
    PRICES_PATH,
    SCREENS_PATH,
    STOCKS_PATH,
    build_prices,
    load_prices,
)

CODE = r"^[0-9]{6}$"
SLUG = r"^[a-z0-9]+(-[a-z0-9]+)*$"
HANGUL = re.compile(r"[가-힣]")
WORD = re.compile(r"[0-9A-Za-z가-힣]")
English = Annotated[str, Field(min_length=2, pattern=r"^[^가-힣]*$")]  # an English field holds no Hangul


class Stock(BaseModel):
    model_config = ConfigDict(extra="forbid")
    code: str = Field(pattern=CODE)
    name: str
    name_en: str
    aliases: list[str]
    sector: str
    sector_en: English
    market: Literal["KOSPI", "KOSDAQ"]
    kind: Literal["stock", "etf"]
    homepage: str = Field(pattern=r"^https://")
    description: str = Field(min_length=80)


class Period(BaseModel):
    model_config = ConfigDict(extra="forbid")
    start: date
    end: date

    @model_validator(mode="after")
    def ordered(self) -> Period:
        assert self.start <= self.end, "period starts after it ends"
        return self


class SandboxEpisode(Period):
    id: str
    codes: list[str] = Field(min_length=1)
    note: str


class KeyTerm(BaseModel):
    model_config = ConfigDict(extra="forbid")
    term: str
    definition: str = Field(min_length=15)
    term_en: English
    definition_en: English


class Quiz(BaseModel):
    model_config = ConfigDict(extra="forbid")
    question: str
    choices: list[str] = Field(min_length=2, max_length=4)
    answer: str
    explanation: str
    question_en: English
    choices_en: list[English]  # the same choices in the same order (the answer's English is at its index)

    @model_validator(mode="after")
    def answer_is_a_choice(self) -> Quiz:
        assert self.answer in self.choices, f"answer {self.answer!r} is not among the choices"
        assert len(set(self.choices)) == len(self.choices), "duplicate choices"
        assert len(self.choices_en) == len(self.choices) and len(set(self.choices_en)) == len(self.choices_en)
        return self


class Case(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str = Field(pattern=SLUG)
    title: str
    title_en: str
    category: Literal["market", "concept", "habit"]
    period: Period
    period_kind: Literal["historical", "sandbox"]
    related_codes: list[str] = Field(min_length=1)
    sandbox_episode: SandboxEpisode | None
    summary: str = Field(min_length=60)
    summary_en: English
    body: str
    key_terms: list[KeyTerm] = Field(min_length=3)
    quiz: list[Quiz] = Field(min_length=2, max_length=3)
    tags: list[str] = Field(min_length=2)


class Holding(BaseModel):
    model_config = ConfigDict(extra="forbid")
    code: str = Field(pattern=CODE)
    quantity: int = Field(gt=0)
    avg_price: int = Field(gt=0)


class Portfolio(BaseModel):
    model_config = ConfigDict(extra="forbid")
    sandbox: Literal[True]
    notice: str
    name: str
    currency: Literal["KRW"]
    as_of: date
    cash: int = Field(ge=0)
    holdings: list[Holding] = Field(min_length=5, max_length=6)


def _json(path):
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def stocks() -> list[Stock]:
    doc = _json(STOCKS_PATH)
    assert doc["sandbox"] is True and "실제 시세가 아닙니다" in doc["notice"]
    return [Stock.model_validate(item) for item in doc["stocks"]]


@pytest.fixture(scope="module")
def cases() -> list[Case]:
    doc = _json(CASES_PATH)
    assert doc["sandbox"] is True and "가상의 데이터" in doc["notice"]
    return [Case.model_validate(item) for item in doc["cases"]]


@pytest.fixture(scope="module")
def prices() -> pd.DataFrame:
    return load_prices()


@pytest.fixture(scope="module")
def closes(prices) -> pd.DataFrame:
    return prices.pivot(index="date", columns="code", values="close")


# --- stocks ---------------------------------------------------------------------------------------

def test_stocks_are_real_krx_codes_and_unique(stocks):
    assert len(stocks) >= 12
    codes = [s.code for s in stocks]
    assert len(set(codes)) == len(codes)
    assert len({s.name for s in stocks}) == len(stocks)
    by_code = {s.code: s.name for s in stocks}
    for code, name in {"005930": "삼성전자", "000660": "SK하이닉스", "035420": "NAVER", "035720": "카카오",
                       "005380": "현대차", "373220": "LG에너지솔루션"}.items():
        assert by_code[code] == name
    assert {s.market for s in stocks} == {"KOSPI", "KOSDAQ"}
    assert all(HANGUL.search(s.description) for s in stocks)


def test_nicknames_resolve_to_one_stock(stocks):
    seen: dict[str, str] = {}
    for s in stocks:
        for key in [s.name.lower(), s.name_en.lower(), *(a.lower() for a in s.aliases)]:
            assert seen.setdefault(key, s.code) == s.code, f"{key!r} names two stocks"
    assert seen["삼전"] == "005930" and seen["하닉"] == "000660" and seen["네이버"] == "035420"


def test_generator_covers_exactly_the_listed_stocks(stocks):
    assert set(build_prices.PARAMS) == {s.code for s in stocks}
    assert {s.sector for s in stocks} <= set(build_prices.SECTORS)


# --- prices ---------------------------------------------------------------------------------------

def test_prices_cover_three_years_of_trading_days(prices, stocks):
    days = sorted(prices["date"].dt.date.unique())
    assert days[0] == date(2023, 11, 1) and days[-1] == date(2026, 10, 30)
    assert 700 <= len(days) <= 760
    assert days == build_prices.trading_days()
    assert len(prices) == len(days) * len(stocks)
    assert not prices.duplicated(["date", "code"]).any()
    assert prices.groupby("code").size().nunique() == 1  # every stock trades every day


def test_no_gaps_beyond_weekends_and_holidays(prices):
    days = sorted(prices["date"].dt.date.unique())
    assert all(day.weekday() < 5 and day not in build_prices.HOLIDAYS for day in days)
    assert all(day.weekday() < 5 for day in build_prices.HOLIDAYS), "a listed closure falls on a weekend"
    for before, after in pairwise(days):
        skipped = [before + timedelta(n) for n in range(1, (after - before).days)]
        assert all(d.weekday() >= 5 or d in build_prices.HOLIDAYS for d in skipped), (before, after)
    assert date(2025, 1, 28) not in days and date(2025, 12, 31) not in days  # Seollal, year-end closing


def test_ohlc_is_consistent_and_on_tick(prices):
    assert (prices[["open", "high", "low", "close", "volume"]] > 0).all().all()
    assert (prices["high"] >= prices[["open", "close"]].max(axis=1)).all()
    assert (prices[["open", "close"]].max(axis=1) >= prices[["open", "close"]].min(axis=1)).all()
    assert (prices[["open", "close"]].min(axis=1) >= prices["low"]).all()
    etf = prices["code"] == "069500"
    for column in ("open", "high", "low", "close"):
        ticks = [build_prices.tick_size(p, e) for p, e in zip(prices[column], etf, strict=True)]
        assert (prices[column] % np.array(ticks) == 0).all(), column


def test_daily_moves_are_realistic(prices, closes):
    moves = closes.pct_change().dropna()
    assert (moves.abs() < 0.30).all().all()  # the KRX daily limit
    vol = np.log(closes).diff().std()
    assert vol.between(0.007, 0.045).all(), vol.to_dict()
    assert vol["069500"] == vol.min()  # the index ETF is the calmest
    assert vol["086520"] > 2 * vol["005930"]  # battery names swing much more than Samsung
    big_days = moves.abs() > 0.04
    volume = prices.pivot(index="date", columns="code", values="volume").loc[moves.index]
    assert volume[big_days].stack().median() > volume[~big_days].stack().median()


def test_returns_are_sector_correlated(stocks, closes):
    returns = np.log(closes).diff().dropna()
    corr = returns.corr()
    sector = {s.code: s.sector for s in stocks if s.kind == "stock"}
    same = [corr.loc[a, b] for a, b in combinations(sector, 2) if sector[a] == sector[b]]
    other = [corr.loc[a, b] for a, b in combinations(sector, 2) if sector[a] != sector[b]]
    assert np.mean(same) > np.mean(other) + 0.2
    assert corr.loc["005930", "000660"] > 0.5


def test_regeneration_is_deterministic_and_committed_file_is_current():
    first, second = build_prices.build_rows(), build_prices.build_rows()
    assert first == second
    assert build_prices.render_csv(first) == PRICES_PATH.read_text(encoding="utf-8")
    assert build_prices.main(["--check"]) == 0


def test_repo_addition_is_small():
    assert sum(p.stat().st_size for p in HERE.iterdir() if p.is_file()) < 3_000_000


def _change(closes: pd.DataFrame, code: str, start: str, end: str) -> float:
    """Close on `end` (or the last day before) over the close before `start`, minus one."""
    series = closes[code]
    before = series[series.index < pd.Timestamp(start)].iloc[-1]
    return series[series.index <= pd.Timestamp(end)].iloc[-1] / before - 1


def test_scripted_episodes_show_in_the_prices(closes):
    # A sharp fall over five sessions and a recovery of most of it (V shape).
    crash = _change(closes, "069500", "2024-08-01", "2024-08-07")
    assert crash < -0.12
    assert _change(closes, "069500", "2024-08-01", "2024-10-31") > crash * 0.3
    assert all(_change(closes, c, "2024-08-01", "2024-08-07") < -0.05 for c in closes.columns)
    assert all(_change(closes, c, "2024-08-01", "2024-08-07") < crash for c in ("086520", "247540"))  # etf-basics
    # Memory down-cycle then up-cycle.
    for code in ("005930", "000660"):
        assert _change(closes, code, "2024-04-01", "2024-11-29") < -0.15
        assert _change(closes, code, "2025-01-02", "2025-12-30") > 0.30
    # Growth de-rates while banks hold up.
    for code in ("035420", "035720", "373220"):
        assert _change(closes, code, "2025-02-03", "2025-06-30") < -0.20
    for code in ("105560", "055550"):
        assert _change(closes, code, "2025-02-03", "2025-06-30") > 0
    # A weak won: the index slips, carmakers beat it.
    index = _change(closes, "069500", "2026-03-03", "2026-04-10")
    assert index < 0
    assert all(_change(closes, c, "2026-03-03", "2026-04-10") > index + 0.05 for c in ("005380", "000270"))
    # A frenzy and its unwinding; a long slide.
    assert _change(closes, "086520", "2024-01-02", "2024-03-29") > 0.50  # stop-loss-take-profit: "50% 넘게"
    assert _change(closes, "086520", "2024-04-01", "2024-06-28") < -0.30
    assert _change(closes, "086520", "2024-01-02", "2024-06-28") < 0  # gave back more than the rise
    assert _change(closes, "035720", "2024-01-02", "2025-06-30") < -0.25


# --- cases ----------------------------------------------------------------------------------------

def test_cases_are_complete_and_reference_real_codes(cases, stocks):
    assert len(cases) >= 10
    assert len({c.id for c in cases}) == len(cases)
    codes = {s.code for s in stocks}
    for case in cases:
        assert set(case.related_codes) <= codes, case.id
        if case.sandbox_episode:
            assert set(case.sandbox_episode.codes) <= codes, case.id
        assert HANGUL.search(case.title) and not HANGUL.search(case.title_en)
        assert len({t.term for t in case.key_terms}) == len(case.key_terms)
    assert {c.category for c in cases} == {"market", "concept", "habit"}
    wanted = ("코로나", "금리", "반도체", "환율", "공매도", "분산", "물타기", "배당", "ETF", "손절")
    assert all(any(w in c.title for c in cases) for w in wanted)


def test_case_bodies_are_300_to_600_korean_words_and_not_advice(cases):
    for case in cases:
        words = [w for w in case.body.split() if WORD.search(w)]
        assert 300 <= len(words) <= 600, (case.id, len(words))
        assert case.body.lstrip().startswith(("##", ">")), case.id  # markdown
        assert "권하지 않습니다" in case.body, case.id
        assert not re.search(r"(사세요|매수하세요|추천 종목|목표가)", case.body), case.id


def test_sandbox_periods_point_at_scripted_price_windows(cases):
    begins: dict[str, date] = {}
    for episode in build_prices.EPISODES:
        begins[episode.id] = min(begins.get(episode.id, episode.start), episode.start)
    for case in cases:
        if case.period_kind == "sandbox":
            assert build_prices.START <= case.period.start <= case.period.end <= build_prices.END, case.id
            assert "가상" in case.body, f"{case.id} must say its numbers are sandbox data"
        episode = case.sandbox_episode
        if episode:
            assert episode.start <= begins[episode.id] <= episode.end, f"{case.id} misses where {episode.id} begins"
            assert build_prices.START <= episode.start <= episode.end <= build_prices.END, case.id
            assert "가상" in episode.note, case.id


# --- portfolio and screens ------------------------------------------------------------------------

def test_portfolio_holds_listed_stocks(stocks, closes):
    portfolio = Portfolio.model_validate(_json(PORTFOLIO_PATH))
    codes = [h.code for h in portfolio.holdings]
    assert len(set(codes)) == len(codes)
    assert set(codes) <= {s.code for s in stocks}
    assert portfolio.as_of == closes.index[-1].date()
    value = sum(h.quantity * closes[h.code].iloc[-1] for h in portfolio.holdings)
    assert 5_000_000 < value + portfolio.cash < 50_000_000
    assert portfolio.cash < value  # mostly invested, so the allocation chart has something to show


BRIEF_ACTIONS = {"nav_home": "low", "nav_stock": "low", "nav_education": "low", "nav_my": "low",
                 "open_archive": "low", "set_period": "low", "set_tab": "low", "set_keyword": "low",
                 "open_case": "low", "open_order": "high", "open_external_link": "high",
                 "remove_holding": "high", "reset_portfolio": "high"}


def test_screen_vocabulary_and_action_schemas():
    screens = _json(SCREENS_PATH)
    assert {a["id"]: a["risk"] for a in screens["actions"]} == BRIEF_ACTIONS
    assert [s["route"] for s in screens["screens"]] == ["/home", "/stock/{code}", "/education", "/my"]
    schemas = {a["id"]: a["params_schema"] for a in screens["actions"]}
    for schema in schemas.values():
        jsonschema.Draft202012Validator.check_schema(schema)
    tabs = [tab for s in screens["screens"] for tab in s["tabs"]]
    assert len(set(tabs)) == len(tabs)
    assert schemas["set_tab"]["properties"]["tab"]["enum"] == tabs
    assert schemas["set_period"]["properties"]["period"]["enum"] == screens["periods"]
    assert all(s["default_tab"] in s["tabs"] for s in screens["screens"])
    assert all(list(s["tabs_en"]) == list(s["tabs"]) and s["label_en"] for s in screens["screens"])
    assert all(a["label_en"] and not HANGUL.search(a["label_en"]) for a in screens["actions"])
    education = next(s for s in screens["screens"] if s["mode"] == "education")
    assert set(education["tabs"]) - {"all"} == {"market", "concept", "habit"}  # the case categories
    assert set(screens["external_links"]) == set(schemas["open_external_link"]["properties"]["link"]["enum"])
    validator = jsonschema.Draft202012Validator(schemas["open_order"])
    assert validator.is_valid({"side": "buy", "code": "005930"})
    assert not validator.is_valid({"side": "buy"}) and not validator.is_valid({"side": "hold", "code": "005930"})


def test_glossary_complements_the_case_terms(cases):
    terms = _json(GLOSSARY_PATH)["terms"]
    assert len(terms) >= 20
    names = [t["term"] for t in terms]
    assert len(set(names)) == len(names)
    assert not set(names) & {k.term for c in cases for k in c.key_terms}, "a term is defined twice"
    keys = [key.lower() for t in terms for key in (t["term"], *t["aliases"])]
    assert len(set(keys)) == len(keys)
    assert all(len(t["definition"]) >= 20 and HANGUL.search(t["definition"]) for t in terms)
    # and in English, for a learner who writes English
    assert all(t["term_en"] and len(t["definition_en"]) >= 20 and not HANGUL.search(t["term_en"] + t["definition_en"])
               for t in terms)
