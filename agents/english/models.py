"""Seed 004 §5 data types as pydantic models: what each sub-agent returns and what the client holds.

Field names follow the seed's wire (``fullText``, ``learningLevel``, ``recentCorrections``) so a seed
client reads them as they are."""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired, TypedDict, get_args

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator

Level = Literal["beginner", "intermediate", "advanced"]
LEVELS: tuple[str, ...] = get_args(Level)
LEVEL_KO = {"beginner": "초급", "intermediate": "중급", "advanced": "고급"}


class NewsArticle(BaseModel):
    """What the NewsAgent returns (§4.1); ``interest`` and ``id`` say where it came from."""

    title: str
    source: str
    url: str
    fullText: str
    id: str | None = None
    interest: str | None = None
    published: str | None = None


class VocabItem(BaseModel):
    word: str = Field(min_length=1, max_length=80)
    definition: str = Field(min_length=1, max_length=400)
    example: str | None = Field(None, max_length=600)


class NewsAnalysis(BaseModel):
    """The AnalysisAgent's structured output (§4.2): ``example`` is optional, as in the seed."""

    summary: str = Field(min_length=1, max_length=2_000)
    vocabulary: list[VocabItem] = Field(min_length=1, max_length=12)
    questions: list[str] = Field(min_length=1, max_length=8)

    @field_validator("questions")
    @classmethod
    def _questions(cls, value: list[str]) -> list[str]:
        cleaned = [q.strip() for q in value if q and q.strip()]
        if not cleaned:
            raise ValueError("needs at least one discussion question")
        return cleaned


class ArticleRef(BaseModel):
    """The article the analysis is about, kept in the marker so later turns (and the card) have it."""

    title: str
    source: str = ""
    url: str = ""
    fullText: str = ""
    interest: str | None = None
    id: str | None = None


class ArticleMarker(NewsAnalysis):
    """The ``SYSTEM_ARTICLE:`` marker's JSON: the seed's NewsAnalysis plus the article it analyses."""

    article: ArticleRef | None = None


class CorrectionWithErrors(BaseModel):
    has_errors: Literal[True] = True
    original: str
    corrected: str
    explanation: str


class CorrectionNoErrors(BaseModel):
    has_errors: Literal[False] = False
    feedback: str


Correction = Annotated[CorrectionWithErrors | CorrectionNoErrors, Field(discriminator="has_errors")]
CORRECTION: TypeAdapter[Correction] = TypeAdapter(Correction)


class CorrectionJson(TypedDict):
    """A Correction as JSON (what the conversation prompt and the offline reply read); {} when none was made."""

    has_errors: NotRequired[bool]
    original: NotRequired[str]
    corrected: NotRequired[str]
    explanation: NotRequired[str]
    feedback: NotRequired[str]


def correction_json(correction: Correction) -> CorrectionJson:
    """The same keys as ``model_dump(mode="json")``, typed."""
    if isinstance(correction, CorrectionWithErrors):
        return {"has_errors": True, "original": correction.original, "corrected": correction.corrected,
                "explanation": correction.explanation}
    return {"has_errors": False, "feedback": correction.feedback}


class UserProfile(BaseModel):
    name: str = Field(min_length=1, max_length=40)
    interests: list[str] = Field(min_length=1, max_length=8)
    learningLevel: Level = "intermediate"
    recentCorrections: list[CorrectionWithErrors] = Field(default_factory=list, max_length=10)


class ChatMessage(BaseModel):
    """The seed's client-held message (§5). ``system`` messages carry the article marker."""

    model_config = ConfigDict(extra="forbid")

    sender: Literal["user", "assistant", "system"]
    timestamp: str = Field("", max_length=64)
    text: str = Field(max_length=40_000)
    correction: Correction | None = None
    isError: bool | None = None


def dump(model: BaseModel) -> dict[str, object]:
    return model.model_dump(mode="json", exclude_none=True)
