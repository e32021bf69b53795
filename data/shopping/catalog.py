"""The baby-product catalogue for the shopping agent (seed 003).

Four categories, twelve products each, with specs, pros/cons tags and Korean reviews.
Reviews are built from sentences written for this project, chosen by each product's
own tags, so what a review says matches the product (Q&A retrieves from them).

    python -m data.shopping.catalog   # rewrites data/shopping/catalog.json
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

PATH = Path(__file__).with_name("catalog.json")

# tag id -> (Korean label, review sentences)
TAGS: dict[str, tuple[str, list[str]]] = {
    # pros
    "temp-precise": ("온도 조절이 정확해요", ["설정한 온도랑 실제 물 온도가 거의 똑같아서 분유 탈 때 안심돼요.",
                                        "1도 단위로 맞출 수 있어서 새벽 수유가 편해졌어요."]),
    "hygiene-easy": ("세척이 쉬워요", ["입구가 넓어서 손이 쑥 들어가고 세척이 정말 쉬워요.",
                                    "분리되는 부품이 적어서 매일 씻기 편해요."]),
    "fast-boil": ("물이 빨리 끓어요", ["물 끓이는 속도가 빨라서 아기가 울 때 기다리는 시간이 짧아요.",
                                    "끓이고 식히는 과정이 금방 끝나요."]),
    "keep-warm": ("보온이 오래가요", ["보온 기능이 하루 종일 유지돼서 밤중 수유에 최고예요.",
                                   "한 번 데워두면 온도가 오래 유지돼요."]),
    "quiet": ("작동 소음이 적어요", ["작동할 때 소리가 거의 안 나서 아기가 깨지 않아요.",
                                  "밤에 돌려도 조용해서 만족해요."]),
    "design": ("디자인이 예뻐요", ["디자인이 깔끔해서 주방에 두어도 예뻐요.", "색감이 예뻐서 선물용으로도 좋아요."]),
    "large-capacity": ("용량이 넉넉해요", ["용량이 커서 하루 쓸 양을 한 번에 준비할 수 있어요.",
                                       "넉넉하게 들어가서 쌍둥이 키우는 집에도 충분해요."]),
    "portable": ("휴대가 편해요", ["가볍고 작아서 여행 갈 때 챙겨가기 좋아요.", "외출용으로 들고 다니기 편해요."]),
    "uv-sterilize": ("UV 살균이 확실해요", ["UV 살균이라 열에 약한 젖꼭지도 안심하고 소독해요.",
                                       "살균 후 냄새 없이 깔끔하게 마무리돼요."]),
    "dry-fast": ("건조가 빨라요", ["건조가 빨라서 씻어서 넣으면 금방 다시 쓸 수 있어요.", "물기 없이 바싹 말라서 좋아요."]),
    "clear-video": ("화질이 선명해요", ["화질이 선명해서 아기 표정까지 잘 보여요.", "줌을 당겨도 깨지지 않고 또렷해요."]),
    "night-vision": ("야간 화면이 잘 보여요", ["불 끄고 자도 야간 모드로 또렷하게 보여요.",
                                          "적외선 화면이 밝아서 밤에도 숨 쉬는 게 보여요."]),
    "app-easy": ("앱 연동이 쉬워요", ["앱 연결이 몇 분 만에 끝났어요.", "휴대폰 앱이 직관적이라 부모님도 쉽게 써요."]),
    "long-battery": ("배터리가 오래가요", ["배터리가 하루 넘게 가서 충전 걱정이 없어요.", "완충하면 며칠은 거뜬해요."]),
    "temp-sensor": ("온습도 센서가 있어요", ["방 온습도를 알려줘서 난방 조절할 때 유용해요.",
                                         "온도 알림 덕분에 아기방 관리가 편해요."]),
    "two-way-talk": ("양방향 대화가 돼요", ["다른 방에서 목소리를 들려줄 수 있어서 아기가 금방 진정해요.",
                                          "말 걸기 기능이 은근히 자주 쓰여요."]),
    "comfortable": ("착용감이 편해요", ["오래 안고 있어도 편안해요.", "쿠션이 좋아서 아기도 편하게 잠들어요."]),
    "back-support": ("허리 지지가 좋아요", ["허리 벨트가 탄탄해서 허리가 덜 아파요.",
                                        "무게가 허리로 분산돼서 장시간 외출도 괜찮아요."]),
    "easy-wear": ("혼자 착용하기 쉬워요", ["혼자서도 금방 착용할 수 있어요.", "버클이 직관적이라 착용이 쉬워요."]),
    "breathable": ("통기성이 좋아요", ["메쉬 소재라 여름에도 덜 더워요.", "통기성이 좋아서 아기 등에 땀이 덜 차요."]),
    "lightweight": ("가벼워요", ["제품 자체가 가벼워서 부담이 적어요.", "가벼워서 가방에 넣어 다니기 좋아요."]),
    "multi-position": ("여러 자세로 안을 수 있어요", ["앞보기, 뒤로 업기 다 돼서 활용도가 높아요.",
                                               "자세를 바꿀 수 있어서 아기가 커도 오래 써요."]),
    # cons
    "noise-loud": ("소음이 커요", ["작동 소리가 꽤 커서 밤에는 조금 신경 쓰여요.", "소음이 있어서 아기 옆에서는 쓰기 어려워요."]),
    "hard-clean": ("세척이 번거로워요", ["구석구석 닦기가 어려워서 세척이 번거로워요.", "부품이 많아서 씻는 데 시간이 걸려요."]),
    "slow-heat": ("데우는 데 오래 걸려요", ["물 데우는 데 시간이 오래 걸려요.", "급할 때는 기다리기 답답해요."]),
    "heavy": ("무거워요", ["생각보다 무거워서 옮기기 힘들어요.", "무게가 있어서 오래 들기 부담돼요."]),
    "pricey": ("가격이 비싸요", ["가격이 비싼 편이라 고민했어요.", "성능은 좋은데 가격이 부담스러워요."]),
    "temp-drift": ("온도가 들쭉날쭉해요", ["설정 온도와 실제 온도가 조금씩 달라요.", "보온 온도가 가끔 들쭉날쭉해요."]),
    "slow-dry": ("건조가 느려요", ["건조 시간이 길어서 바로 쓰기 어려워요.", "건조가 끝나도 물기가 남을 때가 있어요."]),
    "bulky": ("자리를 많이 차지해요", ["크기가 커서 자리를 많이 차지해요.", "부피가 커서 보관이 애매해요."]),
    "smell": ("냄새가 나요", ["처음에 플라스틱 냄새가 좀 났어요.", "사용 초반에 냄새가 나서 여러 번 돌렸어요."]),
    "wifi-unstable": ("연결이 자주 끊겨요", ["와이파이 연결이 가끔 끊겨서 불안해요.", "밤에 연결이 끊긴 적이 있어요."]),
    "short-battery": ("배터리가 빨리 닳아요", ["배터리가 빨리 닳아서 자주 충전해야 해요.", "무선으로 쓰면 반나절밖에 안 가요."]),
    "app-complex": ("앱이 복잡해요", ["앱 메뉴가 복잡해서 익숙해지는 데 시간이 걸려요.", "설정 화면이 헷갈려요."]),
    "hot": ("더워요", ["여름에는 아기도 저도 땀이 많이 나요.", "소재가 두꺼워서 더운 날엔 힘들어요."]),
    "shoulder-pain": ("어깨가 아파요", ["오래 메면 어깨가 아파요.", "어깨끈이 얇아서 눌리는 느낌이 있어요."]),
    "hard-wear": ("착용이 어려워요", ["혼자 착용하기가 어려워서 도움이 필요해요.", "버클 위치가 헷갈려요."]),
}

CATEGORIES: dict[str, dict[str, Any]] = {
    "분유포트": {
        "pros": ["temp-precise", "hygiene-easy", "fast-boil", "keep-warm", "quiet", "design", "large-capacity", "portable"],
        "cons": ["noise-loud", "hard-clean", "slow-heat", "heavy", "pricey", "temp-drift"],
        "brands": ["보르르", "베이비브레짜", "마더케이", "유팡", "블루래빗", "이지맘"],
        "models": ["스마트", "프로", "미니", "클래식", "플러스", "에어"],
        "price": (45_000, 180_000),
        "specs": lambda r: {"용량": f"{r.choice([1.0, 1.2, 1.3, 1.5, 1.8])}L", "소비전력": f"{r.choice([600, 800, 1000, 1200])}W",
                            "온도 설정": f"{r.choice([37, 40, 45])}~{r.choice([85, 95, 100])}°C", "재질": r.choice(["유리", "스테인리스", "트라이탄"])},
    },
    "젖병소독기": {
        "pros": ["hygiene-easy", "uv-sterilize", "dry-fast", "large-capacity", "quiet", "design"],
        "cons": ["noise-loud", "hard-clean", "slow-dry", "bulky", "pricey", "smell"],
        "brands": ["유팡", "해님", "레이퀸", "스펙트라", "베베숲", "헤겐"],
        "models": ["프로", "에어드라이", "클린", "맥스", "슬림", "듀얼"],
        "price": (60_000, 250_000),
        "specs": lambda r: {"수납": f"젖병 {r.choice([6, 8, 10, 12])}개", "살균 방식": r.choice(["UV-C LED", "UV 램프", "스팀"]),
                            "건조 시간": f"{r.choice([30, 45, 60, 90])}분", "소비전력": f"{r.choice([50, 80, 120, 600])}W"},
    },
    "베이비모니터": {
        "pros": ["clear-video", "night-vision", "app-easy", "long-battery", "temp-sensor", "two-way-talk"],
        "cons": ["wifi-unstable", "short-battery", "app-complex", "pricey", "noise-loud"],
        "brands": ["코코모니", "아이케어", "샤오미", "베이비뷰", "맘캠", "나노엔"],
        "models": ["HD", "나이트", "스마트", "프로", "라이트", "360"],
        "price": (50_000, 300_000),
        "specs": lambda r: {"해상도": r.choice(["720p", "1080p", "2K"]), "연결": r.choice(["Wi-Fi", "전용 모니터", "Wi-Fi+모니터"]),
                            "배터리": f"{r.choice([4, 8, 12, 24])}시간", "화각": f"{r.choice([110, 130, 355])}°"},
    },
    "아기띠": {
        "pros": ["comfortable", "back-support", "easy-wear", "breathable", "lightweight", "multi-position"],
        "cons": ["hot", "shoulder-pain", "hard-wear", "heavy", "pricey", "bulky"],
        "brands": ["에르고베이비", "코니", "포브", "베이비뵨", "아이엔젤", "토드비"],
        "models": ["옴니", "에어", "힙시트", "플렉스", "라이트", "쿨메쉬"],
        "price": (30_000, 250_000),
        "specs": lambda r: {"무게": f"{r.choice([0.3, 0.5, 0.7, 0.9, 1.2])}kg", "사용 개월": f"0~{r.choice([24, 36, 48])}개월",
                            "소재": r.choice(["면", "메쉬", "폴리에스터"]), "자세": f"{r.choice([2, 3, 4, 6])}가지"},
    },
}

# A product never has a pro and the con that contradicts it.
CONFLICTS = {
    "quiet": {"noise-loud"}, "hygiene-easy": {"hard-clean"}, "fast-boil": {"slow-heat"}, "temp-precise": {"temp-drift"},
    "dry-fast": {"slow-dry"}, "long-battery": {"short-battery"}, "app-easy": {"app-complex"}, "breathable": {"hot"},
    "easy-wear": {"hard-wear"}, "lightweight": {"heavy", "bulky"}, "portable": {"heavy", "bulky"},
    "comfortable": {"shoulder-pain"}, "back-support": {"shoulder-pain"}, "large-capacity": set(), "keep-warm": {"slow-heat"},
}

OPENERS = ["출산 선물로 받아서 쓰고 있어요.", "두 달째 매일 쓰고 있어요.", "첫째 때 쓰던 것보다 훨씬 좋아요.",
           "후기 보고 샀는데 만족해요.", "조리원 동기 추천으로 샀어요.", "둘째 준비하면서 새로 장만했어요."]
CLOSERS = ["재구매 의사 있어요.", "주변에도 추천했어요.", "가격 대비 괜찮아요.", "전반적으로 만족합니다.",
           "아쉬운 점도 있지만 잘 쓰고 있어요."]


# English aliases, so "the Borr Pro kettle" finds "보르르 프로 분유포트" (brands are fictional).
ENGLISH = {
    "분유포트": "formula kettle", "젖병소독기": "bottle sterilizer", "베이비모니터": "baby monitor", "아기띠": "baby carrier",
    "보르르": "Borr", "베이비브레짜": "Baby Brezza", "마더케이": "Mother-K", "유팡": "Upang", "블루래빗": "Blue Rabbit",
    "이지맘": "Easy Mom", "해님": "Haenim", "레이퀸": "Ray Queen", "스펙트라": "Spectra", "베베숲": "Bebesup",
    "헤겐": "Hegen", "코코모니": "Cocomoni", "아이케어": "iCare", "샤오미": "Xiaomi", "베이비뷰": "BabyView",
    "맘캠": "MomCam", "나노엔": "Nanoen", "에르고베이비": "Ergobaby", "코니": "Konny", "포브": "Pobb",
    "베이비뵨": "BabyBjorn", "아이엔젤": "i-Angel", "토드비": "Todbi",
    "스마트": "Smart", "프로": "Pro", "미니": "Mini", "클래식": "Classic", "플러스": "Plus", "에어": "Air",
    "에어드라이": "Air Dry", "클린": "Clean", "맥스": "Max", "슬림": "Slim", "듀얼": "Dual", "HD": "HD",
    "나이트": "Night", "라이트": "Lite", "360": "360", "옴니": "Omni", "힙시트": "Hip Seat", "플렉스": "Flex",
    "쿨메쉬": "Cool Mesh",
}


def english_name(brand: str, model: str, category: str) -> str:
    return f"{ENGLISH[brand]} {ENGLISH[model]} {ENGLISH[category]}"


def label(tag: str) -> str:
    return TAGS[tag][0]


def build_catalog(seed: int = 3) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    products = []
    for category, spec in CATEGORIES.items():
        low, high = spec["price"]
        for i in range(12):
            brand = spec["brands"][i % len(spec["brands"])]
            # The second round of a brand takes the next model, so every title is unique.
            model = spec["models"][(i * 5 + 1 + i // len(spec["brands"])) % len(spec["models"])]
            pros = rng.sample(spec["pros"], 3)
            blocked = set().union(*(CONFLICTS.get(p, set()) for p in pros))
            cons = rng.sample([c for c in spec["cons"] if c != "pricey" and c not in blocked], 1)
            price = int(round((low + (high - low) * (i / 11) ** 1.3 + rng.uniform(-5000, 5000)) / 1000) * 1000)
            if price > low + (high - low) * 0.7:
                cons.append("pricey")
            rating = round(rng.uniform(3.8, 4.9), 1)
            reviews = []
            for j in range(5 + rng.randrange(3)):
                good = TAGS[pros[j % 3]][1][(j // 3) % 2]
                parts = [rng.choice(OPENERS), good]
                if j % 2 == 1 or j == 4:
                    parts.append(TAGS[cons[j % len(cons)]][1][j % 2])
                if j % 3 == 0:
                    parts.append(TAGS[pros[(j + 1) % 3]][1][1])
                parts.append(rng.choice(CLOSERS))
                reviews.append({"rating": max(3, min(5, round(rating + rng.uniform(-1.2, 0.6)))), "text": " ".join(parts)})
            products.append({
                "id": f"p{len(products) + 1:03d}", "category": category, "brand": brand,
                "title": f"{brand} {model} {category}", "name_en": english_name(brand, model, category), "price": price, "rating": rating,
                "pros": pros, "cons": cons, "specs": spec["specs"](rng), "reviews": reviews,
            })
    return products


if __name__ == "__main__":
    catalog = build_catalog()
    PATH.write_text(json.dumps({"tags": {k: v[0] for k, v in TAGS.items()}, "products": catalog},
                               ensure_ascii=False, indent=1), encoding="utf-8")
    print(f"wrote {len(catalog)} products to {PATH}")
