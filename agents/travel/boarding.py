"""Where a boat, a train or a bus is boarded ("우도 들어가는 배 어디서 타요?", "where do we catch the boat to Marado?"):
a port, a station or a terminal is a place the gazetteer holds, so this is a search for transport places, not the
plain answer a route, a timetable or a fare gets (reading._transit). When the gazetteer knows which port serves where
the ride goes (성산항's own keywords say "우도 배"), that place is what is asked for; else any place of that kind."""

from __future__ import annotations

from typing import TYPE_CHECKING

from agents.nlu import compact
from agents.travel.understood import Reading

if TYPE_CHECKING:
    from agents.travel.reading import _Reader

# the gazetteer keyword every place of a kind carries, for a ride the gazetteer names no place for
_KIND_KEYWORD = {"port": "항구", "station": "역", "terminal": "버스터미널", "airport": "공항"}


def boarding(reader: _Reader) -> Reading | None:
    """recommend_places(category=transport, keyword) for a question of where to board; None for any other message."""
    if not reader.has("board_where"):
        return None
    rides = reader.lex.values(reader.text, "ride")
    said = compact(reader.text)
    ridden = {compact(w) for w in reader.lex.words("ride")} | {compact(k) for k in _KIND_KEYWORD.values()}
    # a transport place's keyword naming where it goes or what leaves from it ("우도 배", "마라도", "udo ferry", "신칸센"),
    # said in the message: that place is the one to board at
    served = [k for p in reader.g.places.values() if p.category == "transport" for k in p.keywords
              if len(own := compact(" ".join(w for w in k.split() if compact(w) not in ridden))) >= 2 and own in said]
    if not (rides or served) and reader.lex.value(reader.text, "category") != "transport":
        return None  # "어디서 타?" about nothing that is ridden
    keyword = served[0] if served else _KIND_KEYWORD.get(rides[0] if rides else "")
    return Reading("recommend_places", {"category": "transport", **({"keyword": keyword} if keyword else {})})
