"""The sub-agents' prompts for a real model (seed §4.2-4.4). The offline model reads the same requests
by ``purpose`` (``policy.py``); its rules never see these texts."""

from __future__ import annotations

from agents.english.models import LEVEL_KO, CorrectionJson, NewsAnalysis, NewsArticle, UserProfile

SYSTEM_PROMPT = (
    "You are Ella, a warm English conversation tutor for Korean adult learners. Each session is built on "
    "one news article: you talk about it with the learner, use its vocabulary and ask its discussion "
    "questions, one at a time. Speak English; add a short Korean hint only when a beginner is stuck."
)

ANALYSIS_PROMPT = """You analyse a news article for an English learner.
Return ONLY a JSON object, no prose and no code fence, with exactly these keys:
{"summary": "2-3 sentences in plain English",
 "vocabulary": [{"word": "...", "definition": "simple English definition", "example": "a sentence from the article"}],
 "questions": ["open discussion question", "..."]}
Pick 4-6 useful intermediate words from the article (example is optional) and 3 questions a learner can answer
from their own life."""

REPAIR_PROMPT = """Your previous answer could not be used: {error}
Return ONLY the corrected JSON object with the keys summary, vocabulary (word, definition, example?) and questions.
Your previous answer was:
{bad}"""

CORRECTION_PROMPT = """You are an English teacher checking one message from a Korean learner.
Correct only real errors (grammar, spelling, word choice); a lowercase first letter, a missing final period and
casual forms (gonna, wanna, lol) are fine. Keep the learner's wording; change as little as possible.
Return ONLY JSON, one of:
{"has_errors": true, "original": "<the message>", "corrected": "<the corrected message>",
 "explanation": "<short, friendly explanation; you may add Korean in brackets>"}
{"has_errors": false, "feedback": "<one short encouraging sentence>"}"""

LEVEL_STYLE = {
    "beginner": "Use short, simple sentences (under 12 words) and common words. Explain one vocabulary word with a "
                "simple definition. Give a sentence starter with your question.",
    "intermediate": "Use natural, clear sentences. Use one or two vocabulary words from the article naturally.",
    "advanced": "Use rich, natural English. Push for reasons and examples; ask a deeper follow-up.",
}


def conversation_prompt(profile: UserProfile, analysis: NewsAnalysis, correction: CorrectionJson, asked: list[str],
                        title: str) -> str:
    """The ConversationAgent's system prompt: who the learner is, the article, the correction."""
    vocab = "\n".join(f"- {v.word}: {v.definition}" for v in analysis.vocabulary)
    questions = "\n".join(f"- {q}{' (already asked)' if q in asked else ''}" for q in analysis.questions)
    if correction.get("has_errors"):
        fix = (f"The learner's last message had errors. Corrected: \"{correction.get('corrected')}\". The correction "
               "card already shows the details: at most recast it briefly and kindly, then go on talking.")
    else:
        fix = "The learner's last message had no errors."
    return (f"{SYSTEM_PROMPT}\n\nLearner: {profile.name}, level {profile.learningLevel} "
            f"({LEVEL_KO[profile.learningLevel]}), interests: {', '.join(profile.interests)}.\n"
            f"Style: {LEVEL_STYLE[profile.learningLevel]}\n\nToday's article: {title}\nSummary: {analysis.summary}\n"
            f"Vocabulary:\n{vocab}\nDiscussion questions:\n{questions}\n\n{fix}\n\n"
            "Reply in 2-5 sentences: react to what the learner said, build on the article, and end with exactly "
            "one question (prefer a discussion question not asked yet).\n"
            "If the learner asks for another topic (\"Let's talk about soccer\"), follow it and ask about that topic "
            "until they go back to the article. If they ask how a word is pronounced, give its IPA, a simple "
            "respelling and the stressed syllable first. If they ask you to say it more simply, restate your last "
            "reply in short, whole sentences with common words; never cut a sentence off.")


def article_message(article: NewsArticle) -> str:
    """The article as the Analysis call's user message (the seed's NewsArticle JSON)."""
    return article.model_dump_json(exclude_none=True)
