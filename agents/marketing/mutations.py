"""The six mutation tools of seed 000 §9: each becomes a confirmation card first."""

from __future__ import annotations

import hashlib
from datetime import date
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, Field, model_validator

from agents.core.events import Detail
from agents.core.ids import new_id
from agents.core.tools import Confirmation, ToolContext, ToolOutput
from agents.marketing.format import STATUS_LABELS, objective_label
from agents.marketing.lang import conversation_english
from agents.marketing.queries import CampaignNotResolved, resolve
from agents.marketing.store import MarketingStore
from agents.nlu import with_josa
from agents.nlu.korean_money import format_krw

SANDBOX = "샌드박스 광고 계정에만 반영됩니다 (Meta 계정 동기화는 이 플레이그라운드 범위 밖입니다)"
SANDBOX_EN = "Applies to the sandbox ad account only (syncing with Meta is outside this playground)"
STATUS_LABELS_EN = {"ACTIVE": "Active", "PAUSED": "Paused", "DELETED": "Deleted"}
Objective = Literal["OUTCOME_AWARENESS", "OUTCOME_TRAFFIC", "OUTCOME_ENGAGEMENT", "OUTCOME_LEADS",
                    "OUTCOME_APP_PROMOTION", "OUTCOME_SALES"]


# The sandbox's documented ceiling for a daily budget (README): larger values are typos.
MAX_DAILY_BUDGET = 1_000_000_000
MIN_DAILY_BUDGET = 5_000


# The Modify form offers a campaign argument as the person's campaigns by name, holding the id
# (``AgentUI.choices["campaigns"]``; the tools take an id or a name alike).
CAMPAIGN_CHOICES = {"x-choices": "campaigns"}


def campaign_choices(store: Any, user_id: str) -> list[tuple[str, str]]:
    """(id, "name · status") of the person's campaigns that are not deleted, oldest first."""
    return [(c["id"], f"{c['name']} · {STATUS_LABELS.get(c['status'], c['status'])}")
            for c in MarketingStore(store).campaigns(user_id)]


def _detail(label: str, value: str, before: str | None = None) -> Detail:
    return Detail(label=label, value=value, changed=before is not None and before != value)


def _campaign(ctx: ToolContext, ref: str) -> dict[str, Any]:
    try:
        return resolve(ctx, ref)
    except CampaignNotResolved as exc:
        raise ValueError(str(exc)) from exc


# --- createCampaign ---------------------------------------------------------------------


def repr_name(name: str) -> str:
    return f"'{name}'"


class Audience(BaseModel):
    ageMin: int | None = Field(None, ge=13, le=65)
    ageMax: int | None = Field(None, ge=13, le=65)
    genders: list[Literal["male", "female"]] | None = None
    locations: list[str] | None = None
    interests: list[str] | None = None


class CreateArgs(BaseModel):
    name: str = Field(min_length=1, max_length=80, description="캠페인 이름")
    objective: Objective = Field(description="캠페인 목적")
    dailyBudget: int = Field(ge=5000, le=MAX_DAILY_BUDGET, description="일일 예산 (원), 5,000원 ~ 10억원")
    startDate: date | None = Field(None, description="시작일 (YYYY-MM-DD)")
    endDate: date | None = Field(None, description="종료일 (YYYY-MM-DD)")
    targetAudience: Audience | None = None

    @model_validator(mode="after")
    def _dates(self) -> CreateArgs:
        if self.startDate and self.endDate and self.endDate < self.startDate:
            raise ValueError("endDate must be on or after startDate")
        return self


def _audience_text(audience: Audience | None) -> str:
    if audience is None:
        return "Advantage+ (자동)"
    parts = []
    if audience.ageMin or audience.ageMax:
        parts.append(f"{audience.ageMin or 13}-{audience.ageMax or 65}세")
    if audience.genders:
        parts.append("/".join({"male": "남성", "female": "여성"}[g] for g in audience.genders))
    parts += audience.locations or []
    parts += audience.interests or []
    return ", ".join(parts) or "Advantage+ (자동)"


OBJECTIVES_EN = {"OUTCOME_AWARENESS": "Awareness", "OUTCOME_TRAFFIC": "Traffic", "OUTCOME_ENGAGEMENT": "Engagement",
                 "OUTCOME_LEADS": "Leads", "OUTCOME_APP_PROMOTION": "App promotion", "OUTCOME_SALES": "Sales"}


def _audience_text_en(audience: Audience | None) -> str:
    if audience is None:
        return "Advantage+ (automatic)"
    parts = []
    if audience.ageMin or audience.ageMax:
        parts.append(f"ages {audience.ageMin or 13}-{audience.ageMax or 65}")
    if audience.genders:
        parts.append("/".join(audience.genders))
    parts += audience.locations or []
    parts += audience.interests or []
    return ", ".join(parts) or "Advantage+ (automatic)"


def _create_confirmation_en(args: CreateArgs, ctx: ToolContext, before: CreateArgs) -> Confirmation:
    def objective(a: CreateArgs) -> str:
        return f"{OBJECTIVES_EN.get(a.objective, a.objective)} ({a.objective})"

    details = [
        _detail("Campaign name", args.name, before.name),
        _detail("Objective", objective(args), objective(before)),
        _detail("Daily budget", format_krw(args.dailyBudget), format_krw(before.dailyBudget)),
        _detail("Start date", (args.startDate or ctx.now.date()).isoformat(),
                (before.startDate or ctx.now.date()).isoformat()),
        _detail("End date", args.endDate.isoformat() if args.endDate else "none",
                before.endDate.isoformat() if before.endDate else "none"),
        _detail("Audience", _audience_text_en(args.targetAudience), _audience_text_en(before.targetAudience)),
    ]
    return Confirmation(summary=f"Create the {OBJECTIVES_EN.get(args.objective, args.objective)} campaign "
                                f"'{args.name}' with a daily budget of {format_krw(args.dailyBudget)}",
                        details=details, warnings=[SANDBOX_EN, "The budget may start being spent at once"])


def create_confirmation(args: CreateArgs, ctx: ToolContext, previous: CreateArgs | None) -> Confirmation:
    before = previous or args
    if conversation_english(ctx):
        return _create_confirmation_en(args, ctx, before)
    start = (args.startDate or ctx.now.date()).isoformat()
    details = [
        _detail("캠페인 이름", args.name, before.name),
        _detail("목적", f"{objective_label(args.objective)} ({args.objective})",
                f"{objective_label(before.objective)} ({before.objective})"),
        _detail("일일 예산", format_krw(args.dailyBudget), format_krw(before.dailyBudget)),
        _detail("시작일", start, (before.startDate or ctx.now.date()).isoformat()),
        _detail("종료일", args.endDate.isoformat() if args.endDate else "없음",
                before.endDate.isoformat() if before.endDate else "없음"),
        _detail("타겟", _audience_text(args.targetAudience), _audience_text(before.targetAudience)),
    ]
    name = f"'{args.name}'"
    return Confirmation(summary=f"{objective_label(args.objective)} 캠페인 {with_josa(name, '을')} 일일 예산 "
                                f"{format_krw(args.dailyBudget)}으로 생성합니다",
                        details=details, warnings=[SANDBOX, "예산이 즉시 소진되기 시작할 수 있습니다"])


def create_campaign(args: CreateArgs, ctx: ToolContext) -> ToolOutput:
    ms = MarketingStore(ctx.store)
    campaign_id = new_id("cmp")
    ms.insert_campaign({
        "id": campaign_id, "user_id": ctx.user_id, "name": args.name, "objective": args.objective, "status": "ACTIVE",
        "daily_budget": args.dailyBudget, "start_date": args.startDate or ctx.now.date(), "end_date": args.endDate,
        "target_audience": args.targetAudience.model_dump(exclude_none=True) if args.targetAudience else None,
        "created_at": ctx.now, "updated_at": ctx.now,
    })
    if conversation_english(ctx):  # the outcome a person reads after [Confirm], in the conversation's language
        return ToolOutput(summary=(f"Created the {OBJECTIVES_EN.get(args.objective, args.objective)} campaign "
                                   f"'{args.name}' (daily budget {format_krw(args.dailyBudget)}) in the sandbox account. "
                                   "Expect its performance to vary during the learning period (3-5 days)."),
                          data={"campaign_id": campaign_id, "name": args.name})
    return ToolOutput(
        summary=(f"{objective_label(args.objective)} 캠페인 {with_josa(repr_name(args.name), '이')} 생성되었습니다 "
                 f"(일일 예산 {format_krw(args.dailyBudget)}). 샌드박스 계정에 반영했습니다. "
                 "캠페인 학습 기간(3-5일) 동안은 성과 변동이 있을 수 있습니다."),
        data={"campaign_id": campaign_id, "name": args.name})


# --- updateCampaignBudget -------------------------------------------------------------------


class BudgetArgs(BaseModel):
    campaignId: str = Field(min_length=1, description="캠페인 (id 또는 이름)", json_schema_extra=CAMPAIGN_CHOICES)
    dailyBudget: int | None = Field(None, ge=5000, le=MAX_DAILY_BUDGET, description="새 일일 예산 (원), 최대 10억원")
    changePercent: float | None = Field(None, ge=-90, le=500, description="현재 예산 대비 변경 비율 (%)")
    # Modify sends only what changed: a new amount replaces a stored percentage and the other way round.
    exclusive_fields: ClassVar[tuple[tuple[str, ...], ...]] = (("dailyBudget", "changePercent"),)

    @model_validator(mode="after")
    def _one_of(self) -> BudgetArgs:
        if (self.dailyBudget is None) == (self.changePercent is None):
            raise ValueError("새 일일 예산(원)과 변경 비율(%) 중 하나만 주세요 (give exactly one of dailyBudget or changePercent)")
        return self


def _new_budget(args: BudgetArgs, current: int, en: bool = False) -> int:
    if args.dailyBudget is not None:
        return args.dailyBudget
    value = int(round(current * (1 + (args.changePercent or 0) / 100) / 1000) * 1000)
    if value < 5000:
        raise ValueError(f"The new budget of {format_krw(value)} is below the minimum of ₩5,000" if en else
                         f"변경 후 예산 {with_josa(format_krw(value), '은')} 최소 예산 ₩5,000보다 작습니다")
    if value > MAX_DAILY_BUDGET:
        raise ValueError(f"The new budget of {format_krw(value)} is above the maximum daily budget of "
                         f"{format_krw(MAX_DAILY_BUDGET)}" if en else
                         f"변경 후 예산 {with_josa(format_krw(value), '은')} 최대 일일 예산 {format_krw(MAX_DAILY_BUDGET)}보다 큽니다")
    return value


def budget_confirmation(args: BudgetArgs, ctx: ToolContext, previous: BudgetArgs | None) -> Confirmation:
    campaign = _campaign(ctx, args.campaignId)
    new = _new_budget(args, campaign["daily_budget"], conversation_english(ctx))
    change = (new - campaign["daily_budget"]) / campaign["daily_budget"] * 100
    now_text, new_text = format_krw(campaign["daily_budget"]), format_krw(new)
    if conversation_english(ctx):
        details = [_detail("Campaign", campaign["name"]), _detail("Current daily budget", now_text),
                   Detail(label="New daily budget", value=f"{new_text} ({change:+.0f}%)", changed=True)]
        warnings = [SANDBOX_EN] + (["Raising a budget by 50% or more may restart the learning phase"]
                                   if change >= 50 else [])
        return Confirmation(summary=f"Change the daily budget of '{campaign['name']}' from {now_text} to {new_text}",
                            details=details, warnings=warnings)
    details = [_detail("캠페인", campaign["name"]),
               _detail("현재 일일 예산", now_text),
               Detail(label="새 일일 예산", value=f"{new_text} ({change:+.0f}%)", changed=True)]
    warnings = [SANDBOX]
    if change >= 50:
        warnings.append("예산을 50% 이상 늘리면 학습 단계가 다시 시작될 수 있습니다")
    return Confirmation(summary=f"'{campaign['name']}' 일일 예산을 {now_text}에서 "
                                f"{new_text}으로 변경합니다", details=details, warnings=warnings)


def update_budget(args: BudgetArgs, ctx: ToolContext) -> ToolOutput:
    campaign = _campaign(ctx, args.campaignId)
    new = _new_budget(args, campaign["daily_budget"], conversation_english(ctx))
    en = conversation_english(ctx)
    if not MarketingStore(ctx.store).set_budget(ctx.user_id, campaign["id"], new, ctx.now):
        return ToolOutput(ok=False, summary=f"The campaign '{campaign['name']}' was deleted, so its budget cannot change."
                          if en else f"'{campaign['name']}' 캠페인은 삭제되어 예산을 바꿀 수 없습니다.")
    return ToolOutput(summary=f"Changed the daily budget of '{campaign['name']}' from "
                              f"{format_krw(campaign['daily_budget'])} to {format_krw(new)}." if en else
                              f"'{campaign['name']}' 일일 예산을 {format_krw(campaign['daily_budget'])} → "
                              f"{format_krw(new)}으로 변경했습니다.",
                      data={"campaign_id": campaign["id"], "from": campaign["daily_budget"], "to": new})


# --- pause / resume / delete -----------------------------------------------------------------


class CampaignRef(BaseModel):
    campaignId: str = Field(min_length=1, description="캠페인 (id 또는 이름)", json_schema_extra=CAMPAIGN_CHOICES)


_TRANSITIONS = {
    "pause": ("PAUSED", ("ACTIVE",), "일시정지", "일시정지하면 광고 노출과 지출이 즉시 멈춥니다"),
    "resume": ("ACTIVE", ("PAUSED",), "재개", "재개하면 예산이 다시 소진되기 시작합니다"),
    "delete": ("DELETED", ("ACTIVE", "PAUSED"), "삭제", "삭제한 캠페인은 복구할 수 없습니다 (성과 기록은 보관)"),
}
_TRANSITIONS_EN = {  # (verb, warning) for a marketer who writes English
    "pause": ("Pause", "Pausing stops the ads' delivery and spend at once"),
    "resume": ("Resume", "Resuming starts spending the budget again"),
    "delete": ("Delete", "A deleted campaign cannot be restored (its performance records are kept)"),
}


_DONE_EN = {"pause": "paused", "resume": "resumed", "delete": "deleted"}


def status_confirmation(op: str):  # noqa: ANN201 - returns a confirmation builder
    target, allowed, verb, warning = _TRANSITIONS[op]

    def build(args: CampaignRef, ctx: ToolContext, previous: CampaignRef | None) -> Confirmation:
        campaign = _campaign(ctx, args.campaignId)
        if campaign["status"] not in allowed:
            if conversation_english(ctx):
                raise ValueError(f"The campaign '{campaign['name']}' is {STATUS_LABELS_EN[campaign['status']].lower()} "
                                 f"now, so it cannot be {_DONE_EN[op]}")
            raise ValueError(f"'{campaign['name']}' 캠페인은 현재 {STATUS_LABELS[campaign['status']]} 상태라 {verb}할 수 없습니다")
        if conversation_english(ctx):
            verb_en, warning_en = _TRANSITIONS_EN[op]
            return Confirmation(
                summary=f"{verb_en} the campaign '{campaign['name']}'",
                details=[_detail("Campaign", campaign["name"]),
                         _detail("Current status", STATUS_LABELS_EN[campaign["status"]]),
                         Detail(label="Status after", value=STATUS_LABELS_EN[target], changed=True),
                         _detail("Daily budget", format_krw(campaign["daily_budget"]))],
                warnings=[SANDBOX_EN, warning_en])
        return Confirmation(
            summary=f"'{campaign['name']}' 캠페인을 {verb}합니다",
            details=[_detail("캠페인", campaign["name"]), _detail("현재 상태", STATUS_LABELS[campaign["status"]]),
                     Detail(label="변경 후 상태", value=STATUS_LABELS[target], changed=True),
                     _detail("일일 예산", format_krw(campaign["daily_budget"]))],
            warnings=[SANDBOX, warning])

    return build


def status_handler(op: str):  # noqa: ANN201 - returns a tool handler
    target, allowed, verb, _ = _TRANSITIONS[op]

    def run(args: CampaignRef, ctx: ToolContext) -> ToolOutput:
        campaign = _campaign(ctx, args.campaignId)
        en = conversation_english(ctx)
        if not MarketingStore(ctx.store).set_status(ctx.user_id, campaign["id"], target, ctx.now, expected=allowed):
            return ToolOutput(ok=False, summary=f"The campaign '{campaign['name']}' is already "
                                                f"{STATUS_LABELS_EN[campaign['status']].lower()}, so it was not {_DONE_EN[op]}."
                              if en else f"'{campaign['name']}' 캠페인은 이미 {STATUS_LABELS[campaign['status']]} "
                                         f"상태라 {verb}하지 않았습니다.")
        return ToolOutput(summary=f"{_DONE_EN[op].capitalize()} the campaign '{campaign['name']}'." if en else
                          f"'{campaign['name']}' 캠페인을 {verb}했습니다.",
                          data={"campaign_id": campaign["id"], "status": target})

    return run


# --- generateAdCopy ----------------------------------------------------------------------------


class AdCopyArgs(BaseModel):
    product: str = Field(min_length=1, max_length=60, description="광고할 상품이나 서비스")
    campaignId: str | None = Field(None, description="카피를 붙일 캠페인 (id 또는 이름)",
                                   json_schema_extra=CAMPAIGN_CHOICES)
    tone: Literal["친근한", "고급스러운", "긴급한", "유머러스한"] = "친근한"
    count: int = Field(3, ge=1, le=5)


_HEADLINES = {
    "친근한": ["{p}, 오늘부터 더 편하게", "매일 쓰는 {p}, 이제 바꿀 때", "{p} 하나로 충분해요", "고민 끝! {p}", "{p}와 함께하는 하루"],
    "고급스러운": ["당신을 위한 {p}", "품격이 다른 {p}", "{p}, 디테일의 차이", "오래 남는 선택, {p}", "한정된 {p} 컬렉션"],
    "긴급한": ["오늘만! {p} 특가", "{p} 마감 임박", "단 24시간, {p} 최저가", "품절 전에 {p}", "{p} 재고 소진 시 종료"],
    "유머러스한": ["{p} 없이 살았던 과거의 나에게", "{p}, 안 사면 손해(진짜)", "엄마가 {p} 사래요", "{p} 보고 가실게요~", "통장은 울어도 {p}는 웃어요"],
}
_BODIES = ["지금 {p}를 만나보세요. 첫 구매 고객 무료배송.", "후기 평점 4.8점, 많은 분들이 선택한 {p}.",
           "{p}, 이번 주 한정 혜택으로 준비했어요.", "더 나은 하루를 위한 {p}. 지금 확인하세요.", "{p}의 새로운 기준, 직접 경험해보세요."]


def ad_copies(args: AdCopyArgs) -> list[dict[str, str]]:
    """Deterministic templates (the offline model writes no free text of its own)."""
    start = int(hashlib.sha1(args.product.encode()).hexdigest(), 16) % 5
    heads, out = _HEADLINES[args.tone], []
    for i in range(args.count):
        out.append({"headline": heads[(start + i) % 5].format(p=args.product),
                    "body": _BODIES[(start + i) % 5].format(p=args.product)})
    return out


def adcopy_confirmation(args: AdCopyArgs, ctx: ToolContext, previous: AdCopyArgs | None) -> Confirmation:
    campaign = _campaign(ctx, args.campaignId) if args.campaignId else None
    preview = ad_copies(args)
    if conversation_english(ctx):  # the labels; the copies themselves are the Korean templates (a Korean ad account)
        tones = {"친근한": "friendly", "고급스러운": "premium", "긴급한": "urgent", "유머러스한": "humorous"}
        details = [_detail("Product", args.product), _detail("Tone", tones[args.tone]), _detail("Count", str(args.count)),
                   _detail("Campaign", campaign["name"] if campaign else "none")]
        details += [_detail(f"Copy {i + 1}", f"{c['headline']} — {c['body']}") for i, c in enumerate(preview)]
        return Confirmation(summary=f"Save {args.count} ad copies for '{args.product}' as drafts",
                            details=details, warnings=[SANDBOX_EN])
    details = [_detail("상품", args.product), _detail("톤", args.tone), _detail("개수", f"{args.count}개"),
               _detail("캠페인", campaign["name"] if campaign else "지정 안 함")]
    details += [_detail(f"카피 {i + 1}", f"{c['headline']} — {c['body']}") for i, c in enumerate(preview)]
    return Confirmation(summary=f"'{args.product}' 광고 카피 {args.count}개를 초안으로 저장합니다",
                        details=details, warnings=[SANDBOX])


def generate_ad_copy(args: AdCopyArgs, ctx: ToolContext) -> ToolOutput:
    campaign = _campaign(ctx, args.campaignId) if args.campaignId else None
    copies = ad_copies(args)
    rows = [{"id": new_id("copy"), "user_id": ctx.user_id, "campaign_id": campaign and campaign["id"],
             "product": args.product, "created_at": ctx.now, **c} for c in copies]
    MarketingStore(ctx.store).save_copies(rows)
    listing = "\n".join(f"{i + 1}. {c['headline']} — {c['body']}" for i, c in enumerate(copies))
    head = (f"Saved {len(copies)} ad copies for '{args.product}':" if conversation_english(ctx) else
            f"'{args.product}' 광고 카피 {len(copies)}개를 저장했습니다:")
    return ToolOutput(summary=f"{head}\n{listing}",
                      data={"copies": copies})
