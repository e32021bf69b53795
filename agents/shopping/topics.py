"""Korean names of the lexicon's topics, for replies."""

TOPIC_NAMES = {"cleaning": "세척", "noise": "소음", "temperature": "온도", "boil": "끓이기", "keep_warm": "보온",
               "capacity": "용량", "weight": "무게", "portable": "휴대", "drying": "건조", "sterilization": "살균",
               "smell": "냄새", "video": "화질", "night": "야간 화면", "app": "앱", "battery": "배터리",
               "sensor": "온습도 센서", "talk": "양방향 대화", "connection": "연결", "wearing": "착용",
               "comfort": "착용감", "back": "허리 지지", "shoulder": "어깨", "breathability": "통기성",
               "design": "디자인", "positions": "자세", "size": "크기", "price": "가격",
               "general": "전반적인 후기"}
