"""Dialogue state shared by every agent: what the conversation last pointed at.

A follow-up ("그 중에 두번째 거", "that one", "한달 기준으로 다시", "거기서 라멘만") means nothing on its own.
``Dialogue`` keeps the last tool and its arguments, the entities recently named (campaigns, places,
products, cases, stocks) and the last list shown, in its order. The runtime persists it in the
conversation state (``state["dialogue"]``) and renders it into the system prompt, so a real model and
the offline model read the same lines; ``pointer`` reads how a message points back and ``referent``
resolves it, returning every candidate when more than one reading remains (the agent then asks).
Pure data: no turns, no store."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, MutableMapping, Sequence
from dataclasses import dataclass, field

from pydantic import JsonValue

from agents.nlu.slots import find_ordinals
from agents.nlu.text import compact, normalise

STATE_KEY = "dialogue"
HEADER = "[dialogue state: what earlier turns referred to; resolve 그거 / 거기 / 다시 / 두번째 거 / that one / again with it]"
MAX_FOCUS = 6  # recently named entities kept, newest first
MAX_LISTED = 20  # positions of the last list kept
MAX_TEXT = 120  # an id, name or argument string is cut here: the state is bounded whatever a user typed
MAX_ARGS = 12


@dataclass(frozen=True)
class Mention:
    """One entity a turn referred to: ``kind`` is the agent's word for it (campaign, place, product...)."""

    kind: str
    id: str
    name: str = ""

    def to_json(self) -> dict[str, JsonValue]:
        return {"kind": self.kind, "id": self.id, "name": self.name}


def _mention(raw: object) -> Mention | None:
    if not isinstance(raw, dict):
        return None
    kind, id_, name = raw.get("kind"), raw.get("id"), raw.get("name")
    if not isinstance(kind, str) or not isinstance(id_, str):
        return None
    return Mention(kind[:MAX_TEXT], id_[:MAX_TEXT], (name if isinstance(name, str) else "")[:MAX_TEXT])


def _cut(m: Mention) -> Mention:
    return Mention(m.kind[:MAX_TEXT], m.id[:MAX_TEXT], m.name[:MAX_TEXT])


def _bounded(value: object, depth: int = 0) -> JsonValue:
    """A JSON-safe copy of a tool argument, cut to a small size (strings, lists and nesting)."""
    if isinstance(value, str):
        return value[:MAX_TEXT]
    if isinstance(value, bool | int | float) or value is None:
        return value
    if depth >= 2:
        return None
    if isinstance(value, list | tuple):
        return [_bounded(v, depth + 1) for v in list(value)[:MAX_LISTED]]
    if isinstance(value, dict):
        return {str(k)[:40]: _bounded(v, depth + 1) for k, v in list(value.items())[:MAX_ARGS]}
    return str(value)[:MAX_TEXT]


def _bounded_args(args: Mapping[str, object]) -> dict[str, JsonValue]:
    """Tool arguments as ``_bounded`` keeps a mapping: at most MAX_ARGS keys, each cut."""
    return {str(k)[:40]: _bounded(v, 1) for k, v in list(args.items())[:MAX_ARGS]}


@dataclass
class Dialogue:
    """The last tool (a query or a proposal, not a clarification), its arguments, the entities named
    recently (newest first), those named by the last turn, and the last list shown."""

    tool: str | None = None
    args: dict[str, JsonValue] = field(default_factory=dict)
    focus: list[Mention] = field(default_factory=list)
    recent: list[Mention] = field(default_factory=list)  # named by the last turn that named any
    listed: list[Mention] = field(default_factory=list)
    choices: list[str] = field(default_factory=list)  # the options of the question the last turn asked

    # --- persistence -------------------------------------------------------------

    @classmethod
    def from_state(cls, state: Mapping[str, object] | None) -> Dialogue:
        """Read ``state["dialogue"]``; anything malformed reads as an empty dialogue, never an error."""
        raw = (state or {}).get(STATE_KEY)
        return cls.from_json(raw) if isinstance(raw, dict) else cls()

    @classmethod
    def from_json(cls, raw: Mapping[str, object]) -> Dialogue:
        def mentions(key: str, limit: int) -> list[Mention]:
            found = raw.get(key)
            items = found if isinstance(found, list) else []
            return [m for m in (_mention(x) for x in items[:limit]) if m is not None]

        found_tool, found_args = raw.get("tool"), raw.get("args")
        tool = found_tool if isinstance(found_tool, str) else None
        args = _bounded_args(found_args) if isinstance(found_args, dict) else {}
        found_choices = raw.get("choices")
        choices = [c[:MAX_TEXT] for c in (found_choices if isinstance(found_choices, list) else [])[:MAX_LISTED]
                   if isinstance(c, str) and c.strip()]
        return cls(tool, args, mentions("focus", MAX_FOCUS), mentions("recent", MAX_FOCUS),
                   mentions("listed", MAX_LISTED), choices)

    def to_json(self) -> dict[str, JsonValue]:
        return {"tool": self.tool, "args": dict(self.args), "focus": [m.to_json() for m in self.focus],
                "recent": [m.to_json() for m in self.recent], "listed": [m.to_json() for m in self.listed],
                "choices": list(self.choices)}

    def save(self, state: MutableMapping[str, object]) -> None:
        state[STATE_KEY] = self.to_json()

    def render(self) -> str:
        """The lines added to the system prompt (one JSON line: user text inside stays escaped)."""
        if self.tool is None and not self.focus and not self.listed and not self.choices:
            return ""
        return HEADER + "\n" + json.dumps(self.to_json(), ensure_ascii=False, sort_keys=True)

    @classmethod
    def parse(cls, system: str) -> Dialogue:
        """The dialogue ``render`` put in a system prompt (empty when there is none)."""
        at = system.rfind(HEADER)
        if at < 0:
            return cls()
        line = system[at + len(HEADER):].lstrip("\n").split("\n", 1)[0]
        try:
            raw = json.loads(line)
        except json.JSONDecodeError:
            return cls()
        return cls.from_json(raw) if isinstance(raw, dict) else cls()

    # --- updates -----------------------------------------------------------------

    def remember(self, tool: str | None, args: Mapping[str, object] | None = None, *, mentions: Sequence[Mention] = (),
                 listed: list[Mention] | None = None) -> None:
        """Fold one tool call into the state: ``tool`` None keeps the last tool (a clarification or a
        plain reply changes no referent); ``listed`` replaces the list shown when given."""
        if tool is not None:
            self.tool, self.args = tool[:MAX_TEXT], _bounded_args(args or {})
        named = list(dict.fromkeys(_cut(m) for m in list(mentions)[:MAX_LISTED]))[:MAX_FOCUS]
        if named:
            self.recent = named
            keep = [m for m in self.focus if m not in named]
            self.focus = (named + keep)[:MAX_FOCUS]
        if listed is not None:
            self.listed = [_cut(m) for m in list(listed)[:MAX_LISTED]]

    # --- reading -----------------------------------------------------------------

    def last(self, kind: str) -> Mention | None:
        return next((m for m in self.focus if m.kind == kind), None)

    def answer(self, text: str) -> str:
        """A bare position ("2", "2번", "두번째 거", "the second one") sent right after a question with choices is
        that choice, by its text; any other message is itself."""
        at = bare_position(text)
        if at is None or not self.choices:
            return text
        if at == -1:
            return self.choices[-1]
        return self.choices[at - 1] if 1 <= at <= len(self.choices) else text

    def at(self, position: int, kind: str | None = None) -> Mention | None:
        """The list entry at 1-based ``position`` (-1: the last one), of ``kind`` when given."""
        rows = [m for m in self.listed if kind is None or m.kind == kind]
        if position == -1:
            return rows[-1] if rows else None
        return rows[position - 1] if 1 <= position <= len(rows) else None


# How a message points back. Korean forms match without spaces; English ones as whole words.
_PRONOUNS_KO = ("그거", "그것", "그건", "그걸", "이거", "이것", "이건", "이걸", "저거", "저것", "요거", "요것", "요건", "요걸", "그꺼", "이꺼", "걔",
                "거기", "여기", "그곳", "이곳", "저기", "그캠페인", "이캠페인", "해당캠페인", "방금그", "방금거", "아까그",
                "방금말한", "방금알려준", "방금본", "방금보여준", "아까말한", "아까본", "위에거", "그중에", "그중", "이중에", "그페이지", "그화면",
                "그사례", "이사례", "해당사례", "그종목", "이종목", "해당종목", "그회사", "그주식", "그제품", "이제품", "그장소")
_PRONOUNS_EN = re.compile(r"\b(?:that one|this one|that campaign|this campaign|the same one|it|its|there|that place|"
                          r"that case|that stock|this stock|that company|"
                          r"those|them|the one you (?:showed|listed|mentioned))\b")
# Spoken "this / that one" (얘, 쟤: "이 아이"), never the 얘 of 얘기 (a talk).
_PRONOUN_KO_SPOKEN = re.compile(r"(?:얘|쟤)(?!기)")
# "The two" with no number of its own: the two entities named last ("둘이 비교해줘", "both of them").
_PAIR_KO = re.compile(r"(?<![가-힣])(?:둘|두\s*(?:개|제품|상품|가지|곳|캠페인|종목))(?=이|다|을|를|중|의|만|\s|$)")
_PAIR_EN = re.compile(r"\b(?:both|the two|these two|those two|the pair)\b")
_AGAIN_KO = ("다시", "한번더", "한번만더", "또해", "또뽑", "또보여", "말고", "바꿔서", "바꿔줘", "바꿔봐", "로바꿔", "으로바꿔",
             "기준으로", "로늘려", "으로늘려", "만으로", "도같이", "같은걸로", "똑같이", "그럼", "하나더", "하나만더", "한개더",
             "한개만더", "더써", "또써", "또만들", "더만들어", "다른버전", "새로써", "새로하나")
_AGAIN_EN = re.compile(r"\b(?:again|same but|the same|one more|once more|redo|instead|rather|another version|"
                       r"what about|how about|and (?:for|over|during|across)|only|another one|one more|write another|new version)\b|"
                       # "and near the hotel?", "also in Shinjuku?": a message opening on "and" + a place or time word
                       r"^\s*(?:and|also|then)\s+(?:near|around|in|at|on|by|with|without|from|closer to)\b")
# A message that opens by taking the last one back: "ㄴㄴ 맛집으로", "아니 1일차", "nope, cafes" (the last request, changed)
_TAKE_BACK = re.compile(r"^\s*(?:(?:아|앗|음|어|헉|oh|ah|hmm)[\s,.~!]+)?(?:[ㄴᄂ]{2,}|아니(?:요|오|야|다)?(?=[\s,.!]|$)|아냐|아뇨|놉|no+(?=[\s,.!]|$)|nope|nah|not that)",
                        re.I)
# "A 말고 B", "not A but B", "A instead of B" / "B instead": what follows 말고 / but, what precedes "instead of"
_INSTEAD = re.compile(r"말고|대신(?:에)?|\bbut\b|\brather\b|\bi\s+meant\b", re.I)
# Positions the shared ``find_ordinals`` does not read: ranks (1등), top and bottom of a list.
_RANK = re.compile(r"(\d{1,2})\s*등")
_TOP = ("맨위", "제일위", "젤위", "가장위", "맨앞", "맨처음", "1위", "top one", "the top", "first one", "one at the top")
_BOTTOM = ("맨아래", "맨밑", "맨끝", "제일아래", "마지막거", "마지막것", "마지막꺼", "마지막캠페인", "마지막곳", "the last one",
           "bottom one", "last one")
# Not list positions: day numbers and the like ("2일차", "첫날", "두번째 날").
_NOT_POSITION = re.compile(r"(?:\d+\s*(?:일\s*차|일째|박|일)|첫\s*날|(?:첫|두|둘|세|셋|네|넷|다섯)\s*번?\s*째\s*날|"
                           r"\b(?:first|second|third|last)\s+day\b|\bday\s*\d+)")


@dataclass(frozen=True)
class Pointer:
    """How a message refers back: a pronoun (그거, 거기, that one), a list position (1-based, -1 the
    last one), "again" (다시, 말고, same but: the last request with a change), "among them" (그 중에)."""

    pronoun: bool = False
    position: int | None = None
    again: bool = False
    among: bool = False
    pair: bool = False  # "둘이", "both": the two entities named last

    @property
    def points(self) -> bool:
        return self.pronoun or self.position is not None or self.among


def _has(c: str, words: tuple[str, ...]) -> bool:
    return any(compact(w) in c for w in words)


def position(text: str) -> int | None:
    """The list position a message names ("두번째 거", "2등", "맨 위", "the last one"); day numbers don't count."""
    t = _NOT_POSITION.sub(" ", normalise(text))
    c = compact(t)
    if _has(c, _BOTTOM):
        return -1
    if (rank := _RANK.search(t)) is not None:
        return int(rank.group(1)) or None
    found = find_ordinals(t)
    if found:
        return found[0]
    return 1 if _has(c, _TOP) else None


# A message that is only a position: "2", "2번", "2번이요", "두번째 거", "둘째요", "the second one", "option 2", "#2".
_BARE_KO = re.compile(r"(?:(\d{1,2})(?:번째|번|등)?|(첫|두|세|네|다섯|여섯)번?째|(둘|셋|넷)째|(마지막|맨끝|맨아래))"
                      r"(?:거|꺼|것|걸로|껄로|거요|꺼요|요|이요|으로|로|으로요|로요|이|가|할게요|할게|요\.)?")
_BARE_EN = re.compile(r"(?:(?:the|option|number|no\.?|#)\s*)?(?:(\d{1,2})(?:st|nd|rd|th)?|(first|second|third|fourth|fifth|"
                      r"sixth|last))(?:\s*(?:one|option|choice))?(?:\s*please)?")
_KO_WORD = {"첫": 1, "두": 2, "세": 3, "네": 4, "다섯": 5, "여섯": 6, "둘": 2, "셋": 3, "넷": 4}
_EN_WORD = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "last": -1}


def bare_position(text: str) -> int | None:
    """The 1-based position a message that says nothing else names (-1: the last one), else None."""
    t = normalise(text).strip(" .!?~,")
    if len(t) > 24:
        return None
    if (m := _BARE_KO.fullmatch(compact(t))) is not None:
        digits, ko, ko2, last = m.groups()
        return int(digits) if digits else _KO_WORD[ko or ko2] if (ko or ko2) else -1 if last else None
    if (m := _BARE_EN.fullmatch(t.lower())) is not None:
        digits, word = m.groups()
        return int(digits) if digits else _EN_WORD[word]
    return None


def pointer(text: str) -> Pointer:
    t = normalise(text)
    c = compact(t)
    return Pointer(pronoun=_has(c, _PRONOUNS_KO) or _PRONOUN_KO_SPOKEN.search(c) is not None
                   or _PRONOUNS_EN.search(t) is not None, position=position(text),
                   again=_has(c, _AGAIN_KO) or _AGAIN_EN.search(t) is not None or _TAKE_BACK.search(t) is not None,
                   among=_has(c, ("그중", "이중", "그가운데")) or "among them" in t or "of those" in t,
                   pair=_PAIR_KO.search(t) is not None or _PAIR_EN.search(t) is not None)


# A message that changes the last request rather than making a new one: the value to use now, said with a change
# word ("make it 3pm", "change it to day 2", "actually the evening", "오후로 바꿔", "3일로 해줘", "둘째 날로").
_CHANGE_EN = re.compile(r"\b(?:make\s+(?:it|that|this)|change\s+(?:it|that|this)\s+to|switch\s+(?:it|that|this)?\s*to|"
                        r"move\s+(?:it|that|this)\s+to|actually|instead|rather|go\s+with|let'?s\s+(?:do|say))\b")
_CHANGE_KO = re.compile(r"(?:로|으로)\s*(?:해|하자|할게|할래|하죠|바꿔|바꾸|변경|고쳐|수정|옮겨|가자|해\s*줘|해\s*주세요|부탁|요)?"
                        r"[^가-힣a-z0-9]*$|(?:로|으로)\s*(?:바꿔|바꾸|변경|고쳐|수정|옮겨)")


def corrects(text: str) -> bool:
    """A correction of the last request: it opens by taking it back ("아니 4일로", "nope, cafes", "ㄴㄴ 오후"), says
    what to use instead ("3일차 말고 첫날", "day 3 instead", "make it 3pm", "actually the evening"), or ends on the new
    value as the one to use ("오후로", "8시로 바꿔줘", "이틀로 해줘"). Whether the new value fits the last request is the
    agent's to say."""
    t = normalise(text)
    return bool(_TAKE_BACK.search(t) or _INSTEAD.search(t) or _CHANGE_EN.search(t) or _CHANGE_KO.search(t))


def instead(text: str) -> str:
    """The part of a correction that says the new value: "셋째 날 말고 첫날" -> "첫날", "not day 2 but day 3" ->
    "day 3"; "day 1 instead of day 2" -> "day 1" (and "day 1 rather than day 2"); the whole text when it has no
    such turn."""
    t = normalise(text)
    if (m := re.search(r"\b(?:instead\s+of|rather\s+than)\b", t)) is not None:
        return t[:m.start()]
    parts = _INSTEAD.split(t)
    return parts[-1] if len(parts) > 1 and compact(parts[-1]) else t


def referent(dialogue: Dialogue, p: Pointer, kind: str) -> list[Mention]:
    """What ``p`` points at among the ``kind`` entities: one mention, several when two readings remain
    (the agent asks with them as choices), or none (nothing to point at)."""
    if p.position is not None:
        hit = dialogue.at(p.position, kind)
        return [hit] if hit is not None else []
    if not p.pronoun:
        return []
    recent = [m for m in dialogue.recent if m.kind == kind]
    if len(recent) > 1:
        return recent  # "그거" after two campaigns were named: which one is not said
    last = dialogue.last(kind)
    return [last] if last is not None else []
