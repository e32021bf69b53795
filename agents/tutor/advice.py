"""Advice and predictions asked of the tutor ("사도 돼?", "지금 들어가도 늦지 않았나요", "should I average down?",
"will it go up?"): the tutor gives neither, says so and offers what it can show, and no clause of such a
message may open an order screen (``reading.read`` checks this first; the pipeline's guard refuses a
high-risk action a real model proposes for one). Negated requests ("사지는 말고요", "don't sell it") are cut
before anything is read, here and in ``reading``."""

from __future__ import annotations

import re

from agents.nlu import normalise
from agents.tutor.catalog import hit
from agents.tutor.names import find_stocks, find_term

# A negated request is not asked for: "X 같은 건 하지 말고" (back to the last comma), "사지는 말고요", "don't
# sell it", "without leaving this page".
NEGATED = re.compile(r"[^,.?!]*?[가-힣]+지(?:는|도)?\s?(?:말고|마시고)요?|[가-힣]+지(?:는|도)?\s?(?:마세요|말아|마|않아도)요?|"
                      r"\b(?:don't|do not|without)\s+(?:go|move|open|switch|leave|navigate|change|sell|buy|remove|delete|"
                      r"reset|going|moving|opening|switching|leaving|changing|selling|buying|removing|deleting)\b"
                      r"(?:\s+(?:the|this|my|any)?\s*(?:page|screen|tab|it|them|anything|stock|holding|portfolio))?", re.I)


# "will Hyundai go up next week?": a prediction, whatever stands between the will and the move.
_WILL_MOVE = re.compile(r"\b(?:will|going to|gonna)\b.{0,40}\b(?:go up|go down|rise|fall|drop|recover|rebound|bounce back|climb)\b")


# A trade decision put to the tutor to judge: a buy/sell/hold word, then a word asking which way is better
# ("지금 사면 손해일까", "팔지 말지 골라줘", "10년 들고 갈 종목 찍어줘"); asking to open a screen is not one.
_TRADE_KO = r"(?:사면|사는\s?게|담는\s?게|들어가는\s?게|진입하는\s?게|타는\s?게|살지|팔면|파는\s?게|팔지|매수하면|매도하면|들고\s?갈|들고\s?가|가져갈|보유할|물타면|물탈지|손절할지|익절할지)"
_JUDGE_KO = r"(?:손해|이득|이익|손실\s?(?:볼|날)|나을|좋을|맞을|낫|나아|추천|찍어|골라|말지|어떨까|어때)"
_TRADE_JUDGE = re.compile(
    rf"{_TRADE_KO}.{{0,20}}?{_JUDGE_KO}|(?:종목|주식)\s?(?:하나|한\s?개|몇\s?개)?(?:만)?\s?(?:찍어|골라)|"
    # 살까 말까, 팔아 말아, 손절각, 계속 가져가도 될까, 지금 들어가면 늦었나
    r"(?:손절|익절|매수|매도|줍줍|탈출|존버|추매|물타기|불타기|풀매수|진입)\s?각|"
    r"(?:가져가|들고\s?가|들고\s?있어|보유해|갖고\s?있어|버텨)도\s?(?:될까|돼|되나|괜찮)|들어가(?:면|기엔)\s?늦")
# The learner's own dilemma ("살까 말까", "팔아 말아?") put to the tutor; not when the message asks for a screen
# ("팔까 말까 고민 중인데 주문 화면 열어 줘": the screen is the request).
_DILEMMA = re.compile(r"(?:살|팔|있을|가져갈|버틸|물탈|손절할|익절할|매수할|매도할|들어갈)까\s?말까|(?:사|팔아?)\s?말아")
# "들어가도 됨?", "지금 사도 되냐", "팔아도 ㄱㅊ?": permission asked for a trade is a judgement asked for.
_MAY_TRADE = re.compile(r"(?:사|팔|팔아|줍줍해|주워|들어가|매수해|매도해|투자해|담아|물타|손절해|익절해|추매해|정리해|넣어|박아|태워|올인해|"
                        r"몰빵해)도\s?"
                        r"(?:돼|될까|되나|됨|되냐|되려나|되겠|될지|괜찮|ㄱㅊ|ᄀᄎ|무방)")
# "걍 팔까", "지금 살까?": the learner's own trade put as a question to the tutor (no screen asked for)
_SHALL_I = re.compile(r"(?:살|팔|들어갈|손절할|익절할|정리할|매수할|매도할|물탈|추매할|털|던질)까(?:요|용)?(?:\s*[?ㅠㅜ.!~]|\s*$)")
_SCREEN_ASKED = re.compile(r"화면|창\s?(?:좀\s?)?(?:열|띄)|열어|띄워|\bopen\b|\bscreen\b")
# "would it be wise to sell", "good idea to buy more here?": a trade judged good or bad.
_TRADE_EN = (r"(?:buy|sell|hold|invest|average down|add more|double down|get in|get out|cash out|keep it|dump|"
             r"take (?:my )?profits?|cut (?:my |the )?loss(?:es)?|exit|enter)")
_JUDGE_EN = re.compile(rf"\b(?:good|bad|smart|wise|right|safe|better|ok|okay|fine)\s+(?:idea|time|move|call|choice)?\s*(?:to|if i)\s+"
                       rf"{_TRADE_EN}\b|\b(?:should|shall|do)\s+i\s+(?:still\s+)?{_TRADE_EN}\b|"
                       rf"\bis\s+it\s+(?:still\s+)?(?:wise|smart|worth|safe)\b|"
                       rf"\b(?:what\s+)?would\s+you\s+(?:buy|sell|hold|pick|invest)\b|\bgood\s+(?:entry|exit)\s+point\b|"
                       rf"\bis\s+[a-z0-9&.\s]{{1,30}}?\s+a\s+(?:buy|sell|good investment)\b(?!\s*(?:screen|page|order|button|tab))")

# "지금 사기엔 늦은 거 아닐까", "진입해도 안 늦음?", "is it too late to get in", "did I miss the boat": whether it is
# too late to buy is a judgement of the timing asked for.
_LATE = re.compile(r"(?:사기|사는\s?건|사도|들어가기|들어가도|들어가는\s?건|진입하기|진입해도|진입|올라타기|올라타도|타기|타도|"
                   r"탑승하기|탑승해도|담기|담아도|매수하기|매수해도|투자하기|투자해도)[^.?!]{0,12}?늦|"
                   r"\btoo late\b|\b(?:missed|miss) the (?:boat|bus|train|rally|run|bottom)\b|\blate to (?:buy|get in|invest|enter|join)\b")
# "올라타야 하나요", "손절해야 되나", "should be buying": a trade put as a duty the tutor should confirm.
_MUST_TRADE = re.compile(r"(?:사|팔아|매수해|매도해|들어가|올라타|타|담아|정리해|손절해|익절해|물타|추매해|갈아타)야\s?"
                         r"(?:하나|할까|하냐|하는|해요|합니까|돼|되나|될까|겠)")
# "물타면 본전 올까", "원금 회복될까요", "손실 만회 가능할까", "will I break even if I buy more": a recovery predicted.
_RECOVER = re.compile(r"(?:본전|원금|손실|손해|평단)[^.?!]{0,10}?(?:회복|만회|복구|찾|뽑|메꾸|메우|건지|올|오려|돌아|될)[^.?!]{0,12}?"
                      r"(?:까|나요|나\b|려나|가능|수 있|겠|지\s?않|ㄹ지)|"
                      r"\b(?:will|would|can|could|if)\b.{0,40}\b(?:break even|get (?:my |the )?money back|"
                      r"recover (?:my |the )?loss(?:es)?|make (?:it|my money|my loss(?:es)?) back|back to even)\b")
# "물타기 ㄱㄱ?", "지금 매수 ㄱ?": a trade the learner means to go for, put as a question (a "go?" asks for a nod).
_GO_ASKED = re.compile(r"(?:매수|매도|물타기|물타|손절|익절|풀매수|추매|존버|진입|탈출|줍줍)\s?(?:ㄱ|ᄀ){1,2}\s?(?:\?|할까|하까)")
# "buy samsung now or wait?", "지금 살까 아니면 기다릴까", "what do you think, sell or hold?": a timing to pick.
_OR_WAIT = re.compile(r"\b(?:buy|sell|get in|invest)\b.{0,30}\bor\s+(?:wait|not|hold|sell|buy|later|keep)\b|"
                      r"\bwhat do you think\b.{0,40}\b(?:buy|sell|hold|invest)\b|"
                      r"(?:사|살|팔|매수|매도|들어가|진입)[^.?!]{0,10}?(?:아니면|혹은|or)\s?(?:좀\s?|조금\s?|그냥\s?|더\s?)?(?:기다|존버|볼|관망|말|참)")
# A verdict on a stock's price or future put to the tutor: a profit foreseen ("들어가면 수익 볼 수 있을까"), a bottom
# or a top ("이제 바닥 아님?"), cheap or dear ("이 가격이면 싼 거 맞지?", "is Kakao undervalued?"), how far it can go
# ("how high can Hynix go", "어디까지 떨어질까"), what to buy or sell ("뭘 팔아야 할지", "tips on what to buy").
_VERDICT = re.compile(
    r"(?:수익|이익|이득|돈)\s?(?:을|이)?\s?(?:볼|날|낼|벌)\s?(?:수\s?있|까|려나|지)|"
    r"(?:바닥|저점|고점|꼭지|천장)\s?(?:아님|아니야|아닌가|아닐까|아닐지|아냐|인가|일까|인\s?듯|같|찍었|맞|이야\?|임\?)|"
    r"(?:싼|싸|비싼|비싸|저평가|고평가)\s?(?:거|건|게|된|된\s?거)?\s?(?:맞|인가|일까|아닌가|아님|같|냐|지\s?[?]|야\s?[?])|"
    r"(?:얼마|어디)까지\s?(?:오를|올라갈\s?(?:까|지|수)|갈\s?(?:까|지|수)|떨어질|빠질|내려갈)|"
    r"(?:뭘|뭐|무엇을|어떤\s?걸|어느\s?걸|어떤\s?종목을?)\s?(?:팔아야|사야|정리해야|손절해야|담아야)|"
    r"\b(?:undervalued|overvalued|cheap enough|too expensive|a bargain|good value|fairly valued)\b|"
    r"\bhow (?:high|low|far) (?:can|will|could|might)\b|\b(?:near|at|close to|around) (?:the |its )?bottom\b|\bbottomed out\b|\bwhat (?:to|should i) (?:buy|sell)\b|"
    r"\bwhich (?:one|stock|stocks|shares?) (?:to|should i) (?:buy|sell|dump|keep)\b|\b(?:stock )?tips? on (?:what|which)\b|"
    r"전 재산|몰빵|올인")
# Averaging down put as a question ("더 사서 평균 낮추면 괜찮을까", "물타기 하면 어때"): a judgement of the trade,
# not its case or its meaning ("물타기 사례 열어줄까", "물타기가 뭐야").
_ABOUT_IT = re.compile(r"사례|케이스|뜻|의미|뭐야|뭔가|\b(?:case|lesson|mean|meaning|what is)\b")
_JUDGED = re.compile(r"(?:될까|할까|좋을까|나을까|괜찮|맞을까|어때|어떨까|될지|낫|올까|"
                     r"\b(?:should|worth|good idea|smart|wise|does it make sense)\b)")


def asks_advice(text: str) -> bool:
    """The learner asks for advice or a prediction (사도 돼?, 반등 언제 와요?, will it go up?, should I buy?)."""
    said = NEGATED.sub(" ", text)
    n = normalise(said)
    return (hit(said, "advice") or _WILL_MOVE.search(n) is not None or _TRADE_JUDGE.search(n) is not None
            or ((_MAY_TRADE.search(n) is not None or _SHALL_I.search(n) is not None) and not _SCREEN_ASKED.search(n))
            or _JUDGE_EN.search(n) is not None or (_DILEMMA.search(n) is not None and not _SCREEN_ASKED.search(n))
            or _LATE.search(n) is not None or _RECOVER.search(n) is not None or _GO_ASKED.search(n) is not None
            or _OR_WAIT.search(n) is not None
            or (_VERDICT.search(n) is not None and not _ABOUT_IT.search(n) and not _term_only(said))
            or (_MUST_TRADE.search(n) is not None and not _SCREEN_ASKED.search(n))
            or (hit(said, "averaging") and _JUDGED.search(n) is not None and not _ABOUT_IT.search(n)
                and not _SCREEN_ASKED.search(n)))


def _term_only(text: str) -> bool:
    """A term asked about with no stock named ("PER이 몇 퍼센트면 싼 거야?"): how the ratio reads, not a verdict."""
    return find_term(text) is not None and not find_stocks(text).codes
