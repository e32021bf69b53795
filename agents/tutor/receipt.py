"""What a screen action did, said to the learner in their words: "종목 화면으로 이동 (삼성전자) 완료했어요.",
"Done: change the chart period (1 year · 1Y)." -- the stock's name, the period, tab and case as the app labels
them, never a raw parameter ("code=005930") or a route."""

from __future__ import annotations

from collections.abc import Mapping

from agents.tutor.charts import name as stock_label
from agents.tutor.sandbox_data import cases, screens, stocks

PERIODS = {"1M": ("1개월", "1 month"), "3M": ("3개월", "3 months"), "1Y": ("1년", "1 year")}
SIDES = {"buy": ("매수", "buy"), "sell": ("매도", "sell")}


def _pick(pair: tuple[str, str], en: bool) -> str:
    return pair[1] if en else pair[0]


def _tab(tab: str, en: bool) -> str:
    for spec in screens()["screens"]:
        labels = spec["tabs_en"] if en else spec["tabs"]
        if tab in labels:
            return str(labels[tab])
    return tab


def _value(key: str, value: object, en: bool) -> str:
    lang = "en" if en else "ko"
    text = str(value)
    if key == "code" and text in stocks():
        return stock_label(text, lang)
    if key == "period" and text in PERIODS:
        return f"{_pick(PERIODS[text], en)} · {text}"
    if key == "tab":
        return _tab(text, en)
    if key == "case_id" and text in cases():
        return str(cases()[text]["title_en" if en else "title"])
    if key == "side" and text in SIDES:
        return _pick(SIDES[text], en)
    if key == "link" and text in screens()["external_links"]:
        return str(screens()["external_links"][text]["label_en" if en else "label"])
    if key == "keyword":
        return f"“{text}”"
    return text


def action_label(action_id: str, en: bool) -> str:
    spec = next((a for a in screens()["actions"] if a["id"] == action_id), None)
    if spec is None:
        return "the action" if en else "요청한 동작"
    return str(spec["label_en"] if en else spec["label"])


def described(action_id: str, params: Mapping[str, object], en: bool) -> str:
    """"종목 화면으로 이동 (삼성전자)", "Change the chart period (1 year · 1Y)"."""
    shown = ", ".join(_value(k, v, en) for k, v in params.items())
    return f"{action_label(action_id, en)}{f' ({shown})' if shown else ''}"


def done(action_id: str, params: Mapping[str, object], en: bool) -> str:
    """The line a low-risk action leaves in the chat."""
    what = described(action_id, params, en)
    return f"Done: {what[:1].lower()}{what[1:]}." if en else f"{what} 완료했어요."
