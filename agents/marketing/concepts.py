"""Advertising terms that are no metric of the account ("학습 기간이 뭐예요?", "what is a lookalike audience?"):
explained in text like the metrics of ``glossary``, never read as a request for figures. A short "X가 뭐야?"
about a word this agent does not know is answered as such (which words it can explain), not with a quiz of
unrelated actions."""

from __future__ import annotations

import re

from agents.marketing.glossary import TERMS, asks_word, weighs_words
from agents.nlu import normalise
from agents.nlu.language import reply_english
from agents.nlu.patterns import compiled

# term -> (how it is typed, its meaning in Korean, in English)
CONCEPTS: dict[str, tuple[str, str, str]] = {
    "학습 기간": (r"(?:광고\s*)?학습\s*(?:기간|단계)|러닝\s*페이즈|learning\s+(?:phase|period)",
              "학습 기간은 캠페인을 새로 켜거나 크게 바꾼 직후, 광고 플랫폼이 누구에게 보여줄지 배우는 기간이에요. 보통 전환이 "
              "50건 정도 쌓일 때까지 성과가 들쭉날쭉하니, 이 기간엔 예산·타깃을 자주 바꾸지 않는 게 좋아요.",
              "The learning phase is the period right after a campaign starts or changes a lot, while the ad platform "
              "learns whom to show it to. Results swing until about 50 conversions have come in, so avoid frequent "
              "budget or targeting edits during it."),
    "광고 피로도": (r"(?:광고\s*)?피로도|ad\s+fatigue|creative\s+fatigue",
               "광고 피로도는 같은 사람에게 같은 소재가 너무 자주 보여 반응이 식는 현상이에요. 빈도(1인당 노출 수)가 오르면서 "
               "CTR이 떨어지고 CPA가 오르면 소재를 바꿀 때라는 신호예요.",
               "Ad fatigue is when the same people see the same creative too often and stop responding. Rising "
               "frequency with a falling CTR and a rising CPA is the sign to refresh the creative."),
    "유사 타겟": (r"룩\s*어\s*라이크|유사\s*(?:타깃|타겟|잠재\s*고객|오디언스)|look-?alike",
              "유사 타겟(룩어라이크)은 기존 고객·전환자와 특성이 비슷한 새 사람들을 플랫폼이 찾아 만든 타깃이에요. 신규 고객을 "
              "넓힐 때 써요.",
              "A lookalike audience is one the platform builds from new people who resemble your existing customers "
              "or converters; it is used to reach new customers."),
    "리타겟팅": (r"리\s*타(?:겟|깃)팅|리마케팅|re-?targeting|re-?marketing",
             "리타겟팅은 사이트 방문·장바구니 담기처럼 이미 관심을 보인 사람에게 다시 광고를 보여주는 방식이에요. 전환율이 "
             "높은 대신 대상이 작아요.",
             "Retargeting shows ads again to people who already showed interest (visited the site, added to the "
             "cart). It converts well but reaches fewer people."),
    "도달": (r"도달(?:\s*수)?|리치|\breach\b",
           "도달(리치)은 광고를 한 번 이상 본 사람의 수예요. 노출은 보인 횟수라서, 한 사람이 세 번 보면 도달 1·노출 3이에요.",
           "Reach is the number of people who saw an ad at least once; impressions count every showing, so one "
           "person seeing it three times is a reach of 1 and 3 impressions."),
    "노출": (r"노출(?:\s*수)?|임프레션|impressions?",
           "노출은 광고가 화면에 보인 횟수예요. 같은 사람에게 여러 번 보이면 그만큼 세요.",
           "Impressions are the number of times an ad was shown, counting repeat showings to the same person."),
    "빈도": (r"빈도|프리퀀시|frequency(?:\s+cap)?",
           "빈도(프리퀀시)는 한 사람이 광고를 평균 몇 번 봤는지예요: 노출 ÷ 도달. 빈도 제한(frequency cap)은 그 횟수의 "
           "상한을 두어 피로도를 막는 설정이에요.",
           "Frequency is how many times one person saw an ad on average: impressions ÷ reach. A frequency cap "
           "limits that number to keep ad fatigue down."),
    "어트리뷰션": (r"어트리뷰션|기여\s*(?:기간|모델|윈도우)|attribution(?:\s+window)?|conversion\s+window|전환\s*(?:기간|윈도우)",
              "어트리뷰션은 전환을 어느 광고의 성과로 셀지 정하는 규칙이에요. 어트리뷰션 기간(예: 클릭 후 7일)이 길수록 더 "
              "많은 전환이 광고 덕으로 잡혀요.",
              "Attribution is the rule for which ad a conversion is credited to. The longer the attribution window "
              "(say 7 days after a click), the more conversions count for the ads."),
    "입찰": (r"입찰(?:\s*전략)?|비딩|\bbid(?:ding)?(?:\s+strategy)?\b",
           "입찰은 광고 자리를 두고 얼마까지 낼지 정하는 방식이에요. 최저 비용·목표 CPA·목표 ROAS 같은 전략에 따라 플랫폼이 "
           "노출마다 값을 불러요.",
           "Bidding is how much you offer for an ad placement; with a strategy such as lowest cost, target CPA or "
           "target ROAS, the platform bids for each impression."),
    "A/B 테스트": (r"a\s*/?\s*b\s*테스트|ab\s*테스트|분할\s*테스트|a/?b\s+test(?:ing)?|split\s+test(?:ing)?",
                "A/B 테스트는 소재·문구·타깃 하나만 다르게 한 광고 두 개를 나눠 보여주고, 어느 쪽 성과가 나은지 비교하는 "
                "실험이에요.",
                "An A/B test shows two ads that differ in one thing (creative, copy, audience) to split audiences "
                "and compares which performs better."),
    "픽셀": (r"픽셀|전환\s*추적\s*코드|tracking\s+pixel|\bpixel\b",
           "픽셀은 웹사이트에 심는 추적 코드예요. 방문·장바구니·구매 같은 행동을 광고 플랫폼에 알려줘서 전환 집계와 "
           "리타겟팅에 쓰여요.",
           "A pixel is a tracking code on your website that reports visits, carts and purchases to the ad platform, "
           "for counting conversions and for retargeting."),
    "소재": (r"광고\s*소재|소재|크리에이티브|creatives?",
           "소재(크리에이티브)는 광고에 실제로 보이는 이미지·영상·문구예요. 같은 타깃이라도 소재에 따라 CTR이 크게 달라져요.",
           "A creative is what the ad actually shows: the image, video and copy. With the same audience, the "
           "creative alone can move the CTR a lot."),
    "LTV": (r"\bltv\b|고객\s*생애\s*가치|lifetime\s+value",
            "LTV(고객 생애 가치)는 한 고객이 거래하는 동안 가져다주는 총매출(또는 이익)이에요. CPA를 LTV보다 낮게 유지하면 "
            "광고가 남는 장사예요.",
            "LTV (lifetime value) is the total revenue (or profit) one customer brings over the relationship. Keeping "
            "CPA below LTV keeps the ads profitable."),
    "객단가": (r"객단가|\baov\b|average\s+order\s+value",
            "객단가(AOV)는 주문 한 건의 평균 금액이에요: 매출 ÷ 주문 수.",
            "AOV (average order value) is the average amount of one order: revenue ÷ orders."),
    "전환": (r"전환(?!\s*(?:율|률|당|기간|윈도우))|conversions?(?!\s+(?:rate|window))",
           "전환은 광고를 본 사람이 구매·회원가입·앱 설치처럼 광고가 노린 행동을 끝낸 것이에요. 무엇을 전환으로 셀지는 "
           "캠페인 목적에 따라 정해요.",
           "A conversion is the action an ad aims for, completed: a purchase, a sign-up, an app install. What counts "
           "as one is set by the campaign's objective."),
    "퍼널": (r"퍼널|깔때기|\bfunnel\b",
           "퍼널은 고객이 광고를 보고(인지) 관심을 갖고(고려) 구매하기(전환)까지 거치는 단계를 깔때기 모양으로 본 거예요. "
           "단계마다 캠페인 목적과 보는 지표가 달라요.",
           "The funnel is the path from seeing an ad (awareness) through interest (consideration) to buying "
           "(conversion); each stage has its own campaign objective and metrics."),
}
# the English name of each term, for the list an English reply gives
NAMES_EN = {"학습 기간": "learning phase", "광고 피로도": "ad fatigue", "유사 타겟": "lookalike audience",
            "리타겟팅": "retargeting", "도달": "reach", "노출": "impressions", "빈도": "frequency",
            "어트리뷰션": "attribution", "입찰": "bidding", "A/B 테스트": "A/B test", "픽셀": "pixel", "소재": "creative",
            "LTV": "LTV", "객단가": "AOV", "전환": "conversion", "퍼널": "funnel"}
MAX_CONCEPT_TEXT = 300  # a hostile paragraph is no vocabulary question
# a generic noun said after the term belongs to it: "룩어라이크 타겟이 뭐야", "frequency cap", "학습 기간"
_TAIL = r"(?:\s*(?:타깃|타겟|오디언스|잠재\s*고객|기간|단계|설정|제한|전략|코드|모델|윈도우|캡|audiences?|window|cap|strategy|phase))?"

# "X가 뭐야?", "X란?", "what is X?": a short question about one word, X being anything
_UNKNOWN_KO = re.compile(r"^(?:근데\s*|그럼\s*|혹시\s*)?(?P<w>[가-힣A-Za-z0-9/ ]{2,20}?)\s*(?:가|이|는|은|란|이란|라는\s*게|이라는\s*게)\s*"
                         r"(?:정확히\s*|대체\s*|도대체\s*)?(?:뭐야|뭔가요|뭐예요|뭐에요|뭐지|뭐임|뭐냐|뭔데|무슨\s*뜻(?:이야|이에요|인가요)?)"
                         r"\s*[?？!.]*$")
_UNKNOWN_EN = re.compile(r"^(?:what\s+is|what's|whats|define)\s+(?:an?\s+|the\s+)?(?P<w>[a-z][a-z\- ]{1,30}?)\s*[?.!]*$", re.I)
# words that ask for the account's own things, however short the question: never a vocabulary question
_ACCOUNT = re.compile(r"캠페인|제일|가장|젤|최고|우리|저희|성과|실적|예산|얼마|몇|이번|지난|오늘|어제|campaign|best|worst|our|my|"
                      r"budget|spend|today|week|month|status|plan|name|weather|time", re.I)


def concept(text: str) -> str | None:
    """The meaning of an advertising term the text asks about as a word (or of two weighed against each other),
    or None when it names none or asks about the account."""
    t = normalise(text)[:MAX_CONCEPT_TEXT]
    named = [name for name, (pattern, _, _) in CONCEPTS.items() if compiled(rf"(?:{pattern})", re.I).search(t)]
    if not named:
        return None
    metrics = [name for name, (pattern, _) in TERMS.items() if compiled(rf"(?:{pattern})", re.I).search(t)]
    asked = [name for name in named if asks_word(f"(?:{CONCEPTS[name][0]}){_TAIL}", t)]
    if len(named) + len(metrics) >= 2 and weighs_words(t):
        asked = named  # "리치랑 노출 차이가 뭐야?": both words, side by side
    if not asked:
        return None
    en = reply_english(text)
    return "\n".join(CONCEPTS[name][2 if en else 1] for name in asked)


def unknown_term(text: str) -> str | None:
    """For "X가 뭐야?" about a word neither glossary holds: say so and name the words that are explained."""
    t = normalise(text)[:MAX_CONCEPT_TEXT].strip()
    m = _UNKNOWN_KO.match(t) or _UNKNOWN_EN.match(t)
    if m is None or _ACCOUNT.search(m.group("w")):
        return None
    word = m.group("w").strip()
    patterns = [pattern for pattern, _ in TERMS.values()] + [pattern for pattern, _, _ in CONCEPTS.values()]
    if any(compiled(rf"(?:{pattern})", re.I).search(word) for pattern in patterns):
        return None  # a known word: its own explanation reads it
    if reply_english(text):
        known = ", ".join([*TERMS, *(NAMES_EN.get(name, name) for name in CONCEPTS)])
        return (f"\"{word}\" is not among the terms I can explain offline. I can explain: {known}. For your account's "
                "figures, ask e.g. \"how did we do this week?\"")
    known = ", ".join([*TERMS, *CONCEPTS])
    return (f"'{word}'은(는) 제가 설명해 드릴 수 있는 용어 목록에 없어요. 설명 가능한 용어: {known}. "
            "계정 성과가 궁금하시면 \"이번 주 성과 어때?\"처럼 물어봐 주세요.")
