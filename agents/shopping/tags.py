"""Natural-language tag mapping (seed 003 idea #1): "세척 쉬운 걸로" -> hygiene-easy."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from agents.nlu.patterns import compiled

# (pattern, tag, polarity): "pro" adds a wanted pro, "con" adds a con to avoid.
_RULES: list[tuple[str, str, str]] = [
    (r"세척\s*(이|하기|도)?\s*(쉬|편|간편|간단)|씻기\s*(쉬|편)|관리\s*(쉬|편)", "hygiene-easy", "pro"),
    (r"세척\s*(이|하기)?\s*(번거|어려|힘들)", "hard-clean", "con"),
    (r"조용|소음\s*(이|은)?\s*(적|없|작)|시끄럽지\s*않|저소음", "quiet", "pro"),
    (r"시끄러운|소음\s*(이|은)?\s*(큰|크|심)|소음.{0,6}(싫|빼|별로)", "noise-loud", "con"),
    (r"온도.{0,6}(정확|정밀)|정확한\s*온도", "temp-precise", "pro"),
    (r"빨리\s*끓|빠르게\s*끓|끓는\s*속도", "fast-boil", "pro"),
    (r"보온", "keep-warm", "pro"),
    (r"디자인|예쁜|이쁜", "design", "pro"),
    (r"대용량|용량\s*(이|은)?\s*(큰|크|넉넉|많)|넉넉한", "large-capacity", "pro"),
    (r"휴대|여행|외출용|들고\s*다니", "portable", "pro"),
    (r"uv|자외선", "uv-sterilize", "pro"),
    (r"건조\s*(가|도)?\s*(빠|빨리)", "dry-fast", "pro"),
    (r"건조\s*(가|도)?\s*(느|오래)", "slow-dry", "con"),
    (r"냄새", "smell", "con"),
    (r"화질|선명", "clear-video", "pro"),
    (r"야간|밤에도?\s*잘\s*보|적외선", "night-vision", "pro"),
    (r"앱.{0,4}(쉬|편|간단)|연동.{0,4}(쉬|편)", "app-easy", "pro"),
    (r"앱.{0,4}(복잡|어려)", "app-complex", "con"),
    (r"배터리.{0,4}(오래|길)", "long-battery", "pro"),
    (r"배터리.{0,4}(빨리|금방)\s*닳", "short-battery", "con"),
    (r"온습도|온도\s*센서|습도", "temp-sensor", "pro"),
    (r"양방향|대화|말\s*걸", "two-way-talk", "pro"),
    (r"끊기|끊김|연결.{0,4}(불안|안\s*좋)", "wifi-unstable", "con"),
    (r"착용감|편안한|편한\s*걸", "comfortable", "pro"),
    (r"허리", "back-support", "pro"),
    (r"혼자.{0,4}(착용|메)|착용.{0,4}(쉬|간편|편한)", "easy-wear", "pro"),
    (r"착용.{0,4}(어려|복잡)", "hard-wear", "con"),
    (r"통기성|시원|덜\s*더운|메쉬", "breathable", "pro"),
    (r"더운\s*(건|거)|더워서", "hot", "con"),
    (r"가벼운|가볍", "lightweight", "pro"),
    (r"무거운\s*(건|거|것)|안\s*무거운|무겁지\s*않", "heavy", "con"),
    (r"여러\s*자세|앞보기|자세.{0,4}(다양|바꿀)", "multi-position", "pro"),
    (r"어깨.{0,6}(아프|안\s*아픈|편한)", "shoulder-pain", "con"),
    (r"부피|자리.{0,4}(차지|작은)|작은\s*거|컴팩트", "bulky", "con"),
]
_REMOVE = re.compile(r"(상관\s*없|필요\s*없|안\s*중요|중요하지\s*않|빼고|제외)")


@dataclass
class TagChanges:
    add_pros: list[str] = field(default_factory=list)
    add_cons: list[str] = field(default_factory=list)
    remove_pros: list[str] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.add_pros or self.add_cons or self.remove_pros)

    def as_dict(self) -> dict[str, list[str]]:
        return {"add_pros": self.add_pros, "add_cons": self.add_cons, "remove_pros": self.remove_pros}


def map_tags(text: str, pros: set[str], cons: set[str]) -> TagChanges:
    """Tag changes a sentence asks for, limited to the tags the category has."""
    changes = TagChanges()
    low = text.lower()
    removing = bool(_REMOVE.search(low))
    for pattern, tag, polarity in _RULES:
        if not compiled(pattern).search(low):
            continue
        if polarity == "pro" and tag in pros:
            target = changes.remove_pros if removing else changes.add_pros
            if tag not in target:
                target.append(tag)
        elif polarity == "con" and tag in cons and tag not in changes.add_cons:
            changes.add_cons.append(tag)
    # "조용한" also means: avoid the loud ones.
    if "quiet" in changes.add_pros and "noise-loud" in cons and "noise-loud" not in changes.add_cons:
        changes.add_cons.append("noise-loud")
    return changes
