"""Round M2 (tune half), marketing: four kinds of message the blind set found misread, each shown with sentences of
our own as real Session turns.

- an action said as a bare noun that ends the request ("X 정지 요청드립니다") is that action on the campaign named;
- "what do the letters stand for" about a metric is answered with the words, then the meaning, in text;
- "is a figure like this high or low?" (a figure said, often about one just shown) is weighed in text, no data read;
- an ad copy request that names no product asks which one, and the product said alone then completes it."""

from __future__ import annotations

import re

import pytest

from agents.core.session import Session
from tests.marketing.turns import CONFIRM, campaign_ids, given, last_events, shown
from tests.support.helpers import one, text_of

HANGUL = re.compile(r"[가-힣]")


# --- an action said as a bare noun at the end of the request --------------------------------------------------------
@pytest.mark.parametrize(("text", "name"), [
    ("봄 시즌 세일 정지 요청드립니다", "봄 시즌 세일"),
    ("리타겟팅 - 장바구니 중단 부탁해요", "리타겟팅 - 장바구니"),
    ("카카오 채널 유입 광고 일시 중단", "카카오 채널 유입"),
    ("앱 설치 프로모션 중지!", "앱 설치 프로모션"),
    ("신규회원전환 캠페인 중지 ㄱㄱ", "신규 회원 전환"),
    ("브랜드 인지도 캠페인 노출 정지 처리", "브랜드 인지도 캠페인"),
])
def test_an_action_noun_ending_the_request_pauses_the_campaign_named(mkt: Session, text: str, name: str) -> None:
    events = mkt.run(text)
    assert shown(events) == CONFIRM, text
    call = one(events, "tool_call")
    assert (call.name, call.args["campaignId"]) == ("pauseCampaign", campaign_ids(mkt)[name]), text


@pytest.mark.parametrize(("text", "tool"), [
    ("봄 시즌 세일 중지 상태야?", "getCampaignDetail"),  # a state asked about
    ("봄 시즌 세일 중지?", "getCampaignDetail"),  # a bare question may ask about the state: no change on a guess
    ("중지된 캠페인 보여줘", "listCampaigns"),
    ("봄 시즌 세일 영구 중단", "deleteCampaign"),
    ("봄 시즌 세일 정지 해제", "resumeCampaign"),
    ("캠페인 중지", "askClarification"),  # which one is not said
])
def test_the_same_nouns_elsewhere_keep_their_reading(mkt: Session, text: str, tool: str) -> None:
    assert one(mkt.run(text), "tool_call").name == tool, text


# --- what a metric's letters stand for --------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "words"), [
    ("ROAS는 무슨 말의 줄임말이에요?", "Return On Ad Spend"),
    ("cpc 풀네임이 뭐지", "Cost Per Click"),
    ("CPM 원래 단어가 뭐였더라", "Cost Per Mille"),
    ("what is CVR short for?", "Conversion Rate"),
    ("CPA is an abbreviation of what exactly", "Cost Per Acquisition"),
    ("full form of ROI?", "Return On Investment"),
    ("CTR 약어 풀어서 알려줘", "Click-Through Rate"),
])
def test_the_letters_of_a_metric_are_answered_with_its_words(mkt: Session, text: str, words: str) -> None:
    events = mkt.run(text)
    assert "tool_call" not in shown(events), text
    reply = text_of(events)
    assert reply.startswith(words.split()[0]) or reply.split("\n")[0].find(words) >= 0, reply
    assert bool(HANGUL.search(reply)) != text.isascii() or "(또는" in reply, reply  # English asked, English answered


# --- a figure weighed: is it high or low? ----------------------------------------------------------------------------
@pytest.mark.parametrize(("before", "text"), [
    ("이번 달 실적 알려줘", "ROAS 3.1이면 높은 건가?"),
    ("show me this week's numbers", "is a 1.8% CTR low?"),
    ("오늘 성과", "CPA 2만원 정도면 괜찮은 수준이야?"),
    ("2주 성과 어때", "CPC 800원 나온 거 높아?"),
    ("", "ROAS 250%면 낮은 편인지 궁금해요"),
    ("", "CVR 1.2%는 낮나요"),
])
def test_a_figure_weighed_is_answered_in_text(mkt: Session, before: str, text: str) -> None:
    events = last_events(mkt, *[m for m in (before, text) if m])
    assert "tool_call" not in shown(events), text
    assert text_of(events).strip(), text


@pytest.mark.parametrize(("text", "tool"), [
    ("CTR 2% 이하로 낮은 캠페인 보여줘", "listCampaigns"),
    ("ROAS 높은 캠페인 순으로", "listCampaigns"),
    ("이번 주 CTR 알려줘", "getPerformanceKPI"),
])
def test_a_figure_asked_for_still_reads_the_account(mkt: Session, text: str, tool: str) -> None:
    assert one(mkt.run(text), "tool_call").name == tool, text


# --- ad copy for what? ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["광고 카피 하나 부탁해", "슬로건 좀 부탁해", "write an ad", "헤드라인 몇 개 뽑아줘"])
def test_a_copy_request_naming_nothing_asks_for_the_product(mkt: Session, text: str) -> None:
    events = mkt.run(text)
    call = one(events, "tool_call")
    assert (call.name, call.args["slot"]) == ("askClarification", "product"), text
    assert bool(HANGUL.search(text_of(events))) != text.isascii(), text_of(events)


@pytest.mark.parametrize(("before", "text", "args"), [
    ("광고 문구 좀 만들어줄래?", "캠핑 의자요", {"product": "캠핑 의자"}),
    ("헤드라인 몇 개 뽑아줘", "수제 그래놀라", {"product": "수제 그래놀라"}),
    ("write me some ad copy", "for our bamboo toothbrushes", {"product": "bamboo toothbrushes"}),
    ("카피 하나 재밌게 써줘", "고양이 모래로 해줘", {"product": "고양이 모래", "tone": "유머러스한"}),
    ("슬로건 좀 부탁해", "상품은 무선 충전기야", {"product": "무선 충전기"}),
    ("광고 카피 세 개 써줘", "비건 쿠키", {"product": "비건 쿠키", "count": 3}),
])
def test_the_product_said_alone_completes_the_copy_request(mkt: Session, before: str, text: str,
                                                           args: dict[str, object]) -> None:
    call = one(last_events(mkt, before, text), "tool_call")
    assert call.name == "generateAdCopy", text
    assert {k: given(call.args).get(k) for k in args} == args, text


def test_a_campaign_said_alone_is_the_copy_for_that_campaign(mkt: Session) -> None:
    call = one(last_events(mkt, "광고 문안이 필요해요", "봄 시즌 세일"), "tool_call")
    assert (call.name, call.args["campaignId"]) == ("generateAdCopy", campaign_ids(mkt)["봄 시즌 세일"])


@pytest.mark.parametrize(("text", "tool"), [("아 그냥 이번 주 성과나 보여줘", "getPerformanceKPI"),
                                            ("what campaigns do we have", "listCampaigns")])
def test_another_request_after_the_product_question_is_read_afresh(mkt: Session, text: str, tool: str) -> None:
    assert one(last_events(mkt, "카피 좀 뽑아줄래?", text), "tool_call").name == tool, text
