"""What an ad metric means, for a question about the word rather than the account's figures:
"ROAS가 정확히 뭐야?", "what does CTR mean" are answered in text; "이번 주 ROAS 어때?", "what's our ROAS"
still read the data (``nlu.understand``)."""

from __future__ import annotations

import re

from agents.nlu import normalise
from agents.nlu.language import reply_english
from agents.nlu.patterns import compiled

# term -> (how it is typed, what it means)
TERMS: dict[str, tuple[str, str]] = {
    "ROAS": (r"roas|로아스|광고\s*수익률|return on ad spend",
             "ROAS(광고 수익률)는 광고비 1원당 얻은 매출이에요: 매출 ÷ 광고비. 예를 들어 광고비 10만원으로 매출 40만원이면 "
             "ROAS 4.0(400%)입니다. 높을수록 광고비가 효율적으로 매출을 만든 거예요."),
    "CPA": (r"cpa|전환\s*당\s*비용|전환\s*단가|cost per acquisition",
            "CPA(전환당 비용)는 전환 한 건을 얻는 데 든 광고비예요: 광고비 ÷ 전환수. 낮을수록 좋습니다."),
    "CTR": (r"ctr|클릭률|클릭율|click[- ]?through rate",
            "CTR(클릭률)은 광고가 노출된 횟수 중 클릭된 비율이에요: 클릭 ÷ 노출 × 100. 소재가 눈길을 끄는지 보여줘요."),
    "CPC": (r"cpc|클릭\s*당\s*비용|클릭\s*단가|cost per click",
            "CPC(클릭당 비용)는 클릭 한 번에 든 광고비예요: 광고비 ÷ 클릭."),
    "CPM": (r"cpm|천\s*회\s*노출\s*당\s*비용|cost per mille",
            "CPM은 광고가 1,000번 노출되는 데 든 광고비예요: 광고비 ÷ 노출 × 1,000."),
    "ROI": (r"roi|투자\s*수익률|return on investment",
            "ROI(투자 수익률)는 들인 비용 대비 남긴 이익의 비율이에요: (매출 − 비용) ÷ 비용 × 100. ROAS가 광고비 대비 매출만 "
            "보는 것과 달리 ROI는 원가·비용을 뺀 이익을 봐요."),
    "CVR": (r"cvr|전환율|conversion rate",
            "CVR(전환율)은 클릭한 사람 중 구매·가입 같은 전환까지 간 비율이에요: 전환 ÷ 클릭 × 100."),
}
# The same meanings for a marketer who writes English.
MEANINGS_EN: dict[str, str] = {
    "ROAS": "ROAS (return on ad spend) is the revenue each won of ad spend brings: revenue ÷ ad spend. For example, "
            "₩400,000 of revenue from ₩100,000 of ads is a ROAS of 4.0 (400%). The higher, the harder the ad spend works.",
    "CPA": "CPA (cost per acquisition) is the ad spend one conversion costs: ad spend ÷ conversions. Lower is better.",
    "CTR": "CTR (click-through rate) is the share of impressions that were clicked: clicks ÷ impressions × 100. "
           "It shows whether the creative catches the eye.",
    "CPC": "CPC (cost per click) is the ad spend one click costs: ad spend ÷ clicks.",
    "CPM": "CPM is the ad spend for 1,000 impressions: ad spend ÷ impressions × 1,000.",
    "ROI": "ROI (return on investment) is the profit made per cost spent: (revenue − costs) ÷ costs × 100. Unlike "
           "ROAS, which weighs revenue against ad spend only, ROI counts what is left after costs.",
    "CVR": "CVR (conversion rate) is the share of clicks that went on to a conversion such as a purchase or a sign-up: "
           "conversions ÷ clicks × 100.",
}
# "X는 뭐의 약자야", "X 풀네임이 뭐지", "X 풀어서 쓰면?": the words the letters stand for
_KO_SHORT_FOR = r"|\s*(?:가|이|는|은|의)?\s*(?:뭐의|무엇의|무슨\s*(?:말|단어|영어)의|뭘|뭐를|무슨\s*(?:말|단어)을?)?\s*(?:약자|약어|줄임\s*말|준말|줄인\s*(?:거|말))" \
    r"|\s*(?:가|이|는|은|의)?\s*(?:풀\s*네임|full\s*name|원래\s*(?:말|이름|단어)|풀어서|풀면|풀어\s*쓰면|영어\s*(?:원문|풀이))"
# what the letters of each term stand for, said first when the letters are what is asked
FULL_NAMES: dict[str, str] = {"ROAS": "Return On Ad Spend", "CPA": "Cost Per Acquisition (또는 Cost Per Action)",
                              "CTR": "Click-Through Rate", "CPC": "Cost Per Click", "CPM": "Cost Per Mille",
                              "ROI": "Return On Investment", "CVR": "Conversion Rate"}
_ASKS_LETTERS = re.compile(r"약자|약어|줄임\s*말|준말|줄인\s*(?:거|말)|풀\s*네임|원래\s*(?:말|이름|단어)|풀어서|풀면|풀어\s*쓰|영어\s*(?:원문|풀이)|"
                           r"stands?\s+for|short\s+for|abbreviation|acronym|full\s+(?:form|name)|expansion|spelled\s+out|written\s+out",
                           re.I)
# "X가 (정확히) 뭐야", "X란?", "X 뜻", "what is X", "what does X mean", "define X": the word is asked about
_KO_ASK = r"\s*(?:가|이|는|은|란|이란|라는\s*게|이라는\s*게)\s*(?:정확히|대체|도대체)?\s*(?:뭐야|뭔가요|뭐예요|뭐에요|뭐지|뭐임|무엇|뭔데|뭐냐|뭐고|뭐구" \
          r"|뭐였더라|뭐였지|뭐였죠|뭐였어|뭐더라|뭐라고|(?:뭘|뭐를|무엇을)\s*(?:뜻|의미|말)하)" \
          r"|\s*(?:가|이|는|은|을|를)?\s*(?:왜\s*(?:중요|봐야|보는)|중요한\s*이유|보는\s*이유)" \
          r"|\s*(?:가|이|는|은)?\s*(?:정확히)\s*뭐|\s*(?:의|이|가|는|은)?\s*(?:정확히|정확한|대체)?\s*(?:무슨\s*)?(?:뜻|의미|정의|말이)|\s*(?:가|이)?\s*뭔지|\s*(?:란|이란)\s*[?？]|\s*(?:은|는)?\s*어떻게\s*계산" + _KO_SHORT_FOR
_EN_ASK = r"(?:what\s+is|what's|whats|what\s+does|define|meaning\s+of|explain)\s+(?:a\s+|an\s+)?(?:{t})\b(?!\s+(?:for|of|on|in|over|this|last))" \
          r"|(?:{t})\s+(?:means?|stands?\s+for)\b|(?:{t})\s+(?:is\s+)?(?:short|an?\s+abbreviation|an?\s+acronym)\s+(?:for|of)\b" \
          r"|(?:full\s+(?:form|name)|abbreviation|acronym|expansion)\s+(?:of|for)\s+(?:the\s+)?(?:{t})\b|(?:{t})\s+(?:spelled|written)\s+out|why\s+(?:does|is|should)\s+(?:the\s+)?(?:{t})\s+(?:matter|important)"
# "CPA 높으면 나쁜 거지? 정확히 뭔데", "cpm 이게 정확히 뭐임": the ask comes a clause after the word
_KO_LATER = r"(?:{t}).{{0,30}}?(?:정확히|정확하게|도대체)\s*(?:뭐|뭔|무슨\s*(?:뜻|의미))"
# words that ask about the account's own figures, not about the word
_OWN = re.compile(r"우리|저희|내\s|제\s|our\b|my\b|\bthe\s+(?:roas|cpa|ctr|cpc|cpm|cvr)\b|캠페인|campaign|얼마|몇|how\s+much", re.I)


# "A랑 B 차이가 뭐야", "what's the difference between A and B": two words weighed, not two figures
_DIFFERENCE = re.compile(r"차이|다른\s*점|뭐가\s*달라|어떻게\s*(?:달라|다른|다르)|다른\s*(?:거|건|것)|구별|구분|differ|difference|"
                         r"\bvs\.?\b|versus|same thing", re.I)


def definition(text: str) -> str | None:
    """The meaning of the metric the text asks about as a word, or None when it asks for figures."""
    t = normalise(text)
    if _OWN.search(t):
        return None
    en = reply_english(text)
    named = [name for name, (pattern, _) in TERMS.items() if compiled(rf"(?:{pattern})", re.I).search(t)]
    if len(named) >= 2 and _DIFFERENCE.search(t):
        head = (f"{', '.join(named)} are different metrics." if en else f"{' / '.join(named)}는 서로 다른 지표예요.")
        return head + "\n" + "\n".join(f"- {_meaning(n, en)}" for n in named)
    for name, (pattern, _) in TERMS.items():
        if compiled(rf"(?:{pattern})(?:{_KO_ASK})", re.I).search(t) or compiled(_EN_ASK.format(t=pattern), re.I).search(t) \
                or compiled(_KO_LATER.format(t=pattern), re.I).search(t):
            if _MATTERS.search(t):  # "CPM은 왜 중요해?": what it tells, and how its figures are read
                return _meaning(name, en) + "\n" + (RULES_OF_THUMB_EN if en else RULES_OF_THUMB)[name]
            if _ASKS_LETTERS.search(t):  # "CTR은 뭐의 약자야?": the words first, then what the metric is
                full = FULL_NAMES[name].split(" (또는")[0] if en else FULL_NAMES[name]
                return (f"{name} stands for {full}." if en else f"{name}{'은' if name in ('CTR', 'CPM', 'CVR') else '는'} {full}의 약자예요.") + "\n" + _meaning(name, en)
            return _meaning(name, en)
    return None


def asks_word(pattern: str, t: str) -> bool:
    """Does normalised ``t`` ask what the word typed as ``pattern`` means ("X가 뭐야", "what is X", "X 뜻")?"""
    return bool(compiled(rf"(?:{pattern})(?:{_KO_ASK})", re.I).search(t) or compiled(_EN_ASK.format(t=pattern), re.I).search(t)
                or compiled(_KO_LATER.format(t=pattern), re.I).search(t))


def weighs_words(t: str) -> bool:
    """"A랑 B 차이가 뭐야": two words weighed against each other."""
    return _DIFFERENCE.search(t) is not None


_MATTERS = re.compile(r"왜\s*(?:중요|봐야|보는)|중요한\s*이유|보는\s*이유|\bmatter|\bimportant\b", re.I)


# "how do you compute that?", "그거 무슨 뜻이야?": how a figure just asked about is worked out, with no metric named
_EXPLAIN = re.compile(r"계산|공식|구하|산출|무슨\s*뜻|뭔\s*뜻|의미|calculat|comput|formula|worked\s+out|"
                      r"what\s+does\s+(?:that|it|this)\s+mean|what\s+is\s+that\s+metric", re.I)


def explain_pointed(text: str, earlier: str) -> str | None:
    """The meaning of the one metric the message before named, when this one asks how "that" is worked out
    and names none itself; None otherwise (no metric before, or two: which one is not said)."""
    t = normalise(text)
    if not _EXPLAIN.search(t) or _OWN.search(t):
        return None
    if any(compiled(rf"(?:{pattern})", re.I).search(t) for pattern, _ in TERMS.values()):
        return None  # the message names its metric: ``definition`` reads it
    before = normalise(earlier)
    named = [name for name, (pattern, _) in TERMS.items() if compiled(rf"(?:{pattern})", re.I).search(before)]
    return _meaning(named[0], reply_english(text, (earlier,))) if len(named) == 1 else None


def _meaning(name: str, en: bool) -> str:
    return MEANINGS_EN[name] if en else TERMS[name][1]


# How a figure of each metric is usually read; rules of thumb, said as such (no account figure is invented).
RULES_OF_THUMB: dict[str, str] = {
    "ROAS": "ROAS 1 미만이면 광고비보다 매출이 적은 손해이고, 보통 3~4 이상이면 양호하다고 봐요. 다만 마진율에 따라 손익분기점이 "
            "달라요(마진 25%면 ROAS 4가 본전).",
    "CPA": "CPA는 전환 한 건의 가치(객단가 × 마진)보다 낮아야 이익이에요. 업종마다 달라서 고정된 기준은 없어요.",
    "CTR": "CTR은 검색 광고는 보통 2~5%, 디스플레이·SNS 피드 광고는 0.5~1.5% 정도면 평균 수준으로 봐요.",
    "CPC": "CPC는 업종과 경쟁에 따라 크게 달라요. 같은 캠페인의 지난 기간과 비교해 오르는지를 보는 게 좋아요.",
    "CPM": "CPM은 타깃이 좁을수록, 성수기일수록 높아져요. 지난 기간과 비교해 보는 게 좋아요.",
    "ROI": "ROI가 0% 아래면 손해이고, 광고만의 효율은 ROAS로, 사업 전체의 이익은 ROI로 보는 게 보통이에요.",
    "CVR": "CVR(전환율)은 쇼핑몰이면 보통 1~3%, 리드 수집형이면 그보다 높게 나오는 편이에요.",
}
RULES_OF_THUMB_EN: dict[str, str] = {
    "ROAS": "A ROAS below 1 means less revenue than ad spend (a loss); usually 3 to 4 or more is healthy. The break-even "
            "point depends on the margin, though (at a 25% margin, a ROAS of 4 only breaks even).",
    "CPA": "A CPA is profitable below what one conversion is worth (order value × margin). It differs by industry, so "
           "there is no fixed benchmark.",
    "CTR": "A CTR of about 2-5% is average for search ads, and about 0.5-1.5% for display and social feed ads.",
    "CPC": "CPC varies widely with the industry and the competition. Comparing it with the same campaign's earlier "
           "periods to see whether it rises is the better test.",
    "CPM": "CPM rises with a narrower audience and in peak season. Comparing it with earlier periods is the better test.",
    "ROI": "An ROI below 0% is a loss; ROAS is the usual test of the ads alone, ROI of the business's profit.",
    "CVR": "A CVR (conversion rate) of about 1-3% is usual for an online shop; lead-collection campaigns tend to run higher.",
}
# "ROAS 2면 괜찮아?", "is a CTR of 1% good or bad?", "what's a good CPA": a figure weighed, not read from the account
_JUDGE = re.compile(r"괜찮|잘\s*하고\s*있|선방|나쁘지\s*않|손해|손실|이득|본전|적자|흑자|\b(?:loss|losing|profitable|break[- ]even)\b|좋은\s*(?:편|거|건|수준)|나쁜|높은\s*편|낮은\s*편|"
                    r"(?:높은|낮은|괜찮은|양호한)\s*(?:거|건|것|수준)\s*(?:야|지|가|이야|예요|에요|인가|인지|임|냐|일까|맞)|"
                    r"(?:높|낮)(?:아|나|니|은가|은지|을까)\s*[?？]|(?:높|낮)(?:아요|나요|습니까|은가요)|정상|양호|적당|평균|기준이|잘\s*나(?:온|오는|와)\s*(?:거|건|편)|"
                    r"\b(?:good|bad|ok|okay|decent|healthy|normal|high|low|average|benchmark|acceptable)\b", re.I)
# a figure said in digits or in words ("만오천원이면"), or a good one asked for
_FIGURE_OR_GOOD = re.compile(r"\d|[일이삼사오육칠팔구십백천만]\s*(?:원|퍼센트|프로)|\b(?:good|healthy|decent|normal|average)\b|"
                             r"좋은|적당한|평균", re.I)


def benchmark(text: str) -> str | None:
    """How a figure of one metric is usually judged, for "is a ROAS of 2 good?", or None when the text
    asks about the account's own figures or names no single metric."""
    t = normalise(text)
    if _OWN.search(t) or not _JUDGE.search(t) or not _FIGURE_OR_GOOD.search(t):
        return None
    named = [name for name, (pattern, _) in TERMS.items() if re.search(rf"(?:{pattern})", t, re.I)]
    if len(named) != 1:
        return None
    if reply_english(text):
        return MEANINGS_EN[named[0]] + "\n" + RULES_OF_THUMB_EN[named[0]]
    return TERMS[named[0]][1] + "\n" + RULES_OF_THUMB[named[0]]


# "방금 CPA 높은 거 맞아?", "is that CPA high?" right after figures were shown: how such a figure is judged
_SHOWN_JUDGE = re.compile(r"(?:높은|낮은|괜찮은|좋은|나쁜|양호한|정상인?|평균인?)\s*(?:편|거|건|수준)|괜찮아|괜찮나|괜찮은지|"
                          r"\b(?:high|low|good|bad|ok|okay|normal|healthy|decent)\b", re.I)
_NOT_JUDGED = re.compile(r"\d|캠페인|campaign|우리|저희|\bour\b|\bmy\b|제일|젤|가장|순위|어디|어느|which|most|least|이번|지난|오늘|어제|한\s*달|"
                         r"\b(?:this|last)\s+(?:week|month)\b|\btoday\b|왜|why|올려|내려|줄여|늘려|raise|lower|cut", re.I)


def judge_shown(text: str) -> str | None:
    """How the one metric the text names is usually judged, for a short high-or-low question about a figure just
    shown (no figure, period or campaign of its own); None otherwise."""
    t = normalise(text)
    if len(t) > 60 or not _SHOWN_JUDGE.search(t) or _NOT_JUDGED.search(t):
        return None
    named = [name for name, (pattern, _) in TERMS.items() if compiled(rf"(?:{pattern})", re.I).search(t)]
    if len(named) != 1:
        return None
    name = named[0]
    if reply_english(text):
        return f"Here is how a {name} like the one just shown is judged.\n{MEANINGS_EN[name]}\n{RULES_OF_THUMB_EN[name]}"
    return f"방금 본 {name} 수치는 이렇게 판단해요.\n{TERMS[name][1]}\n{RULES_OF_THUMB[name]}"
