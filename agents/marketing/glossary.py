"""What an ad metric means, for a question about the word rather than the account's figures:
"ROAS가 정확히 뭐야?", "what does CTR mean" are answered in text; "이번 주 ROAS 어때?", "what's our ROAS"
still read the data (``nlu.understand``)."""

from __future__ import annotations

import re

from agents.nlu import normalise
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
    "CVR": (r"cvr|전환율|conversion rate",
            "CVR(전환율)은 클릭한 사람 중 구매·가입 같은 전환까지 간 비율이에요: 전환 ÷ 클릭 × 100."),
}
# "X가 (정확히) 뭐야", "X란?", "X 뜻", "what is X", "what does X mean", "define X": the word is asked about
_KO_ASK = r"\s*(?:가|이|는|은|란|이란|라는\s*게|이라는\s*게)\s*(?:정확히|대체|도대체)?\s*(?:뭐야|뭔가요|뭐예요|뭐에요|뭐지|뭐임|무엇|뭔데|뭐냐)" \
          r"|\s*(?:가|이|는|은)?\s*(?:정확히)\s*뭐|\s*(?:의|이|가|는|은)?\s*(?:무슨\s*)?(?:뜻|의미|정의|말이)|\s*(?:가|이)?\s*뭔지|\s*(?:란|이란)\s*[?？]|\s*(?:은|는)?\s*어떻게\s*계산"
_EN_ASK = r"(?:what\s+is|what's|whats|what\s+does|define|meaning\s+of|explain)\s+(?:a\s+|an\s+)?(?:{t})\b(?!\s+(?:for|of|on|in|over|this|last))" \
          r"|(?:{t})\s+(?:means?|stands?\s+for)\b"
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
    named = [(name, meaning) for name, (pattern, meaning) in TERMS.items() if compiled(rf"(?:{pattern})", re.I).search(t)]
    if len(named) >= 2 and _DIFFERENCE.search(t):
        return (f"{' / '.join(n for n, _ in named)}는 서로 다른 지표예요.\n"
                + "\n".join(f"- {meaning}" for _, meaning in named))
    for pattern, meaning in TERMS.values():
        if compiled(rf"(?:{pattern})(?:{_KO_ASK})", re.I).search(t) or compiled(_EN_ASK.format(t=pattern), re.I).search(t):
            return meaning
    return None
