"""Short, friendly explanations of the edits (English with a Korean tip), and praise for a clean message."""

from __future__ import annotations

from agents.english.checker.tokens import Edit, sentences, tokenize
from agents.english.checker.words import is_past_form

KOREAN = {
    "spelling": "철자를 확인해 보세요.",
    "subject_verb_agreement": "주어와 동사의 수를 맞춰요 (he/she/it 현재형은 동사에 -s).",
    "verb_form": "동사 형태를 확인해요 (조동사·do 뒤에는 동사원형, have 뒤에는 과거분사).",
    "past_tense": "과거를 나타내는 말이 있으면 동사도 과거형으로 써요.",
    "article_a_an": "모음 소리 앞에는 an, 자음 소리 앞에는 a를 써요.",
    "plural_after_number": "둘 이상의 수 뒤의 명사는 복수형이에요.",
    "fixed_expression": "자주 틀리는 고정 표현이에요.",
    "capital_i": "'나'를 뜻하는 I는 언제나 대문자예요.",
    "question_auxiliary": "의문문에서는 조동사(do/does/did, be동사)가 주어 앞에 와요.",
    "other": "관사·전치사·셀 수 없는 명사를 확인해요.",
}
MAX_NOTES = 3


def _line(edit: Edit) -> str:
    before = edit.before.strip() or "(nothing)"
    after = edit.after.strip() or "(leave it out)"
    note = edit.note if edit.note != "spelling" else "spelling"
    return f"“{before}” → “{after}”: {note}."


def explanation(edits: list[Edit]) -> str:
    if not edits:
        return ""
    shown = edits[:MAX_NOTES]
    opener = "Almost perfect! One small fix:" if len(edits) == 1 else f"Good try! {len(edits)} small fixes:"
    lines = [_line(e) for e in shown]
    if len(edits) > MAX_NOTES:
        lines.append(f"(+{len(edits) - MAX_NOTES} more in the corrected sentence.)")
    tips = " ".join(dict.fromkeys(KOREAN.get(e.kind, KOREAN["other"]) for e in shown))
    return f"{opener} " + " ".join(lines) + f" ({tips})"


def praise(text: str) -> str:
    """What the learner did well in a message with no errors found."""
    tokens = tokenize(text)
    count = len(sentences(tokens))
    words = [t.lower for t in tokens if t.is_word and t.text.isascii()]
    past = [w for w in words if is_past_form(w) and w not in ("was", "were", "had", "did")]
    letters = [c for c in text if c.isalpha()]
    if not words or sum(c.isascii() for c in letters) < len(letters) * 0.6:
        return "영어로 한 문장 써 볼까요? (Try writing it in English!)"
    if count >= 3:
        return f"Great message: {count} clear sentences with no mistakes. (문장 {count}개 모두 정확해요!)"
    if text.rstrip().endswith("?"):
        return "Good question, and the word order is right. (질문 어순이 정확해요!)"
    if past:
        return f"Nice use of the past tense (“{past[0]}”). (과거형을 잘 썼어요!)"
    if len(words) <= 3:
        return "Short and correct. Can you say a little more? (짧지만 정확해요. 조금 더 길게 말해 볼까요?)"
    return "Looks good: no mistakes found. (틀린 곳이 없어요!)"
