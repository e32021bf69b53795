"""The fixed words of the shopping answers in English, for a user who wrote English: the catalogue's tag
labels, spec names and product names (``name_en``). Review sentences and spec values stay as the catalogue
wrote them (Korean), and the answer says so."""

from __future__ import annotations

from collections.abc import Mapping

TAGS_EN = {
    "temp-precise": "precise temperature", "hygiene-easy": "easy to clean", "fast-boil": "boils fast",
    "keep-warm": "keeps warm long", "quiet": "quiet", "design": "nice design", "large-capacity": "large capacity",
    "portable": "easy to carry", "uv-sterilize": "reliable UV sterilising", "dry-fast": "dries fast",
    "clear-video": "sharp video", "night-vision": "clear night view", "app-easy": "easy app pairing",
    "long-battery": "long battery life", "temp-sensor": "temperature and humidity sensor",
    "two-way-talk": "two-way talk", "comfortable": "comfortable to wear", "back-support": "good back support",
    "easy-wear": "easy to put on alone", "breathable": "breathable", "lightweight": "lightweight",
    "multi-position": "several carrying positions", "noise-loud": "noisy", "hard-clean": "hard to clean",
    "slow-heat": "slow to heat", "heavy": "heavy", "pricey": "pricey", "temp-drift": "temperature drifts",
    "slow-dry": "slow to dry", "bulky": "takes up space", "smell": "has a smell", "wifi-unstable": "connection drops",
    "short-battery": "short battery life", "app-complex": "complicated app", "hot": "hot to wear",
    "shoulder-pain": "hurts the shoulders", "hard-wear": "hard to put on",
}
SPECS_EN = {"용량": "Capacity", "소비전력": "Power", "온도 설정": "Temperature range", "재질": "Material",
            "수납": "Holds", "살균 방식": "Sterilising", "건조 시간": "Drying time", "해상도": "Resolution",
            "연결": "Connection", "배터리": "Battery", "화각": "Field of view", "무게": "Weight", "사용 개월": "Age range",
            "소재": "Fabric", "자세": "Positions"}
TOPICS_EN = {"cleaning": "cleaning", "noise": "noise", "temperature": "temperature", "boil": "boiling",
             "keep_warm": "keeping warm", "capacity": "capacity", "weight": "weight", "portable": "portability",
             "drying": "drying", "sterilization": "sterilising", "smell": "smell", "video": "video quality",
             "night": "night view", "app": "the app", "battery": "battery", "sensor": "the sensor",
             "talk": "two-way talk", "connection": "connection", "wearing": "putting it on", "comfort": "comfort",
             "back": "back support", "shoulder": "shoulders", "breathability": "breathability", "design": "design",
             "positions": "positions", "size": "size", "price": "price", "general": "overall reviews"}
CATEGORIES_EN = {"분유포트": "formula kettles", "젖병소독기": "bottle sterilizers", "베이비모니터": "baby monitors",
                 "아기띠": "baby carriers"}
KOREAN_NOTE = "(quoted as the catalogue gives them, in Korean)"


def tag(tag_id: str, labels: dict[str, str], en: bool) -> str:
    return TAGS_EN.get(tag_id, labels.get(tag_id, tag_id)) if en else labels.get(tag_id, tag_id)


def name(product: Mapping[str, object], en: bool) -> str:
    return str(product.get("name_en") or product["title"]) if en else str(product["title"])


def spec(key: str, en: bool) -> str:
    return SPECS_EN.get(key, key) if en else key
