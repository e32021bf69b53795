"""The travel workspace's labels, code -> (Korean, English): ``AgentSpec.ui.texts``, read through
``agents.view.texts.t`` and the Gradio app's I18N like the shared catalogue."""

TEXTS: dict[str, tuple[str, str]] = {
    "travel_switch": ("여행 바꾸기", "Switch trip"),
    "travel_edit": ("새 여행 · 날짜 변경", "New trip · dates"),
    "travel_destination": ("여행지", "Destination"),
    "travel_nights": ("박", "Nights"),
    "travel_new_start": ("시작일 (YYYY-MM-DD)", "Start date (YYYY-MM-DD)"),
    "travel_create": ("새 여행 만들기", "Create trip"),
    "travel_start": ("시작일", "Start"),
    "travel_end": ("종료일", "End"),
    "travel_set_dates": ("날짜 변경", "Change dates"),
    "travel_tiles": ("배경 지도 (OpenStreetMap, 브라우저에서 불러옴)", "Background map (OpenStreetMap, loaded by your browser)"),
    "travel_map": ("지도", "Map"),
    "travel_places": ("저장된 장소", "Saved places"),
    "travel_add_placeholder": ("장소 이름으로 추가 (예: 후운지, Shibuya Sky)", "Add a place by name (e.g. Fuunji, Shibuya Sky)"),
    "travel_add": ("추가", "Add"),
    "travel_remove_pick": ("삭제할 장소", "Place to remove"),
    "travel_remove": ("삭제", "Remove"),
    "travel_apply_mode": ("기존 일정이 있으면", "If an itinerary exists"),
    "travel_apply": ("적용하기", "Apply"),
    "travel_regenerate": ("다시 생성", "Regenerate"),
}
