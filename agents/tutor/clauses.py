"""The request clause of a long, polite message ("카카오 보고 있는데요, 네이버 페이지로 넘어가 주실 수 있을까요?",
"I was reading this case..., so could you open the Kakao page?"): the message is cut at clause
connectives and punctuation, and the clause in a request form (주세요, 주실래요, could you, please) is
what is asked; the other clauses say what the learner is looking at, just read, or why they ask.

The cut and the pointers are here; ``reading.read`` reads the request clause first and falls back to the
whole message."""

from __future__ import annotations

import re

from agents.tutor.charts import name as stock_label
from agents.tutor.names import find_stocks, find_term

# Korean clause endings that join a context clause to the next one. The polite forms (는데요, 고요, 서요)
# always end a clause; the plain 는데 / 다가 / 길래 / 니까 / 지만 end one before a space. A plain 고 or 서 is
# left alone: it also joins two verbs of one request ("비교해서 그려", "넣어서 걸러", "보고 싶어").
_KO_END = re.compile(r"(?<=[가-힣])(?:다가요?|길래요?|니까요?|으니|고요|서요|지만|더니|데도|데요|데)(?=\s)")
# "so" joins clauses before a request or a subject ("..., so could you", "so I want"), not in "up so much".
_EN_JOIN = re.compile(r"\s(?:so(?=\s(?:could|can|would|will|please|plz|i|i'm|you|what|why|how|let|maybe|now)\b)|"
                      r"but|because|cause|since|and then|then)\s", re.I)
_PUNCT = re.compile(r"\s*(?:\.{2,}|…+|[,;:!?~]+|\.(?=\s))\s*")
# The forms that ask for something: a clause in one of them is the request.
_REQUEST_KO = re.compile(r"주세요|주실|주시겠|주시면|주시나요|주시고|주십|주셨으면|주시기|줘|줄래|줄 수|주라|주면|부탁|해 ?봐|가자|보자|"
                         r"가능할까|가능한가|가능하실")
_REQUEST_EN = re.compile(r"\b(?:could you|would you|can you|will you|would you mind|you could|you can|you would|please|plz|"
                         r"pls|take me|show me|bring me|mind|is it possible|would it be possible|any chance|appreciate it|"
                         r"be so kind)\b", re.I)
# A wish (싶어요, I want, let's) asks too, but less than a request to the tutor: "could you take me to the
# lessons? I want to learn before I buy anything" asks for the lessons, not an order.
_WISH = re.compile(r"싶어요|싶은데|싶습니다|싶네요|좋겠|\b(?:i want|i'd like|i'd love|would like|let me|let's|"
                   r"i was wondering|i wonder if)\b", re.I)


# A request with nothing of its own ("can you explain?", "설명 부탁드려요"): it asks for what the clause before says.
_BARE = re.compile(r"(?:(?:can|could|would|will) you|would you mind|please|plz|maybe)?\s*(?:explain(?: it| that| why)?|"
                   r"tell me(?: why)?|help(?: me)?|do (?:it|that))?\s*(?:please|plz|for me)?[?.!]*|"
                   r"(?:혹시\s*)?(?:좀\s*)?(?:설명|부탁|알려|도와)[가-힣 ]{0,10}[?.!]*", re.I)
# A request for later ("이유도 나중에 알려 주세요") gives way to the one for now.
_LATER = re.compile(r"나중에|이따가|다음에|\b(?:later|afterwards|next time)\b", re.I)
# A request added on to an earlier one ("..., 그리고 가능하면 X도 같이 보여 주세요", "and also show me X"): the
# earlier request is the main one and is done first (one screen action a turn).
_ADDED = re.compile(r"^(?:그리고|또|아울러|덧붙여|and(?: also)?|also|plus)\b|도\s?(?:같이|함께)|\b(?:as well|too)\b", re.I)


def _ending(m: re.Match[str]) -> str:
    """A 데 ending cuts only after a syllable that closes in ㄴ (는데, 은데, 그런데, 궁금한데), not 어디데."""
    if m.group(0).startswith("데") and (ord(m.string[m.start() - 1]) - 0xAC00) % 28 != 4:
        return m.group(0)
    return m.group(0) + "\n"


def clauses(text: str) -> list[str]:
    """The message cut into clauses (empty pieces dropped)."""
    marked = _KO_END.sub(_ending, text)
    marked = _EN_JOIN.sub("\n", marked)
    marked = _PUNCT.sub(lambda m: m.group(0).strip() + "\n", marked)
    return [p.strip() for p in marked.split("\n") if p.strip(" ,.?!~…")]


def request_clause(text: str) -> str | None:
    """The last clause in a request form (one for now before one for later), else the last wish, else a last
    clause that is a question; None when the message is one clause or none of its clauses asks ("ecopro
    tanked today?? explain" is read whole). A bare request ("can you explain?") keeps the clause before it."""
    parts = clauses(text)
    if len(parts) < 2:
        return None
    asking = [i for i, p in enumerate(parts) if _REQUEST_KO.search(p) or _REQUEST_EN.search(p)] or \
        [i for i, p in enumerate(parts) if _WISH.search(p)]
    if not asking:
        # "..., but I'm curious about this one: why did it go up?" (a last question asks)
        return parts[-1] if parts[-1].endswith("?") else None
    now = [i for i in asking if not _LATER.search(parts[i])]  # "..., 이유도 나중에 알려 주세요" is for later
    last = (now or asking)[-1]
    earlier = [i for i in range(last) if _REQUEST_KO.search(parts[i]) or _REQUEST_EN.search(parts[i])
               or _WISH.search(parts[i])]
    if earlier and _ADDED.search(parts[last].strip()):
        return parts[earlier[-1]]  # "A 바꾸고 싶은데요, 그리고 B도 같이 보여 주세요": A first
    if last > 0 and _BARE.fullmatch(parts[last].strip()):
        start = text.find(parts[last - 1])  # "..., I want to know why the market fell, can you explain?"
        end = text.find(parts[last], start)
        return text[start:end + len(parts[last])] if start >= 0 and end >= 0 else parts[last]
    return parts[last]


# What points back at a context clause: a term (그게, 그 말, that word) or a stock (그 종목, that stock).
_TERM_REF = re.compile(r"그게|그건|그거|그것|그\s?말|그\s?단어|그\s?용어|\bthat (?:word|term)\b", re.I)
_STOCK_REF = re.compile(r"그\s?종목|그\s?회사|그\s?주식|\bthat (?:stock|company)(?:'s)?", re.I)


def resolve(clause: str, context: str) -> str:
    """The request clause with "그게" / "그 종목" / "that stock" replaced by the term or the one stock the
    context clauses name ("PER이라는 말이 나오는데요, 그게 무슨 뜻인지..."): context only fills a gap."""
    if _TERM_REF.search(clause) and find_term(clause) is None and (term := find_term(context)):
        return _TERM_REF.sub(term, clause, count=1)
    named = find_stocks(context).codes
    if _STOCK_REF.search(clause) and not find_stocks(clause).codes and len(named) == 1:
        return _STOCK_REF.sub(stock_label(named[0], "ko" if re.search(r"[가-힣]", clause) else "en"), clause, count=1)
    return clause
