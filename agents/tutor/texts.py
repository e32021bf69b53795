"""The tutor workspace's labels, code -> (Korean, English): ``AgentSpec.ui.texts``, read through
``agents.view.texts.t`` and the Gradio app's I18N like the shared catalogue."""

TEXTS: dict[str, tuple[str, str]] = {
    "tutor_canvas": ("📝 캔버스 (학습 노트)", "📝 Canvas (study note)"),
    "tutor_nav_home": ("홈", "Home"),
    "tutor_nav_education": ("교육", "Learn"),
    "tutor_nav_my": ("내 자산", "My assets"),
    "tutor_stock": ("종목으로 이동", "Go to a stock"),
    "tutor_tab": ("탭", "Tab"),
    "tutor_period": ("기간", "Period"),
    "tutor_keyword": ("키워드", "Keyword"),
    "tutor_keyword_placeholder": ("예: 반도체 · Enter로 거르기", "e.g. chips · Enter filters"),
    "tutor_options": ("튜터 옵션 (seed 002)", "Tutor options (seed 002)"),
    "tutor_web": ("웹 검색 사용 (use_web_search, OpenAI Responses)", "Use web search (use_web_search, OpenAI Responses)"),
    "tutor_mode": ("답 표시 (response_mode)", "Show the answer (response_mode)"),
    "tutor_structured": ("구조화 요약 (structured_extract)", "Structured summary (structured_extract)"),
}
