"""What a turn carries beside its text (``Turn.extra``): a pydantic model per agent, declared on its spec
(``AgentSpec.inputs``). The base takes no key at all; an agent subclasses it with the keys its front ends
send (a clicked anchor product, the start panel's choices, the app screen's context). A key the agent
does not declare is refused at the edge (``Session.send``), by name, before a turn starts."""

from __future__ import annotations

from typing import TYPE_CHECKING, Self

from pydantic import BaseModel, ConfigDict, ValidationError

from agents.core.inputs import InvalidInput
from agents.core.messages import one, say

if TYPE_CHECKING:
    from agents.core.turn import Turn


class TurnInputs(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    @classmethod
    def of(cls, turn: Turn) -> Self:
        """The turn's inputs as this agent's model (the runner made them from ``AgentSpec.inputs``)."""
        if not isinstance(turn.extra, cls):
            raise TypeError(f"turn.extra is a {type(turn.extra).__name__}, not {cls.__name__}: "
                            f"declare AgentSpec(inputs={cls.__name__})")
        return turn.extra


def read_inputs(model: type[TurnInputs], value: dict[str, object] | None, agent_id: str,
                field: str = "extra") -> TurnInputs:
    """``value`` (already checked as bounded JSON by ``inputs.extra``) as the agent's model, or an
    InvalidInput naming the keys it does not take, or the first key whose value is wrong."""
    try:
        return model.model_validate(value or {})
    except ValidationError as exc:
        errors = exc.errors(include_url=False)
        unknown = [str(e["loc"][0]) for e in errors if e["type"] == "extra_forbidden" and len(e["loc"]) == 1]
        if unknown:
            names = ", ".join(repr(k[:40]) for k in unknown[:5])
            takes = ", ".join(model.model_fields)
            raise InvalidInput(f"{field}.{unknown[0][:40]}",
                               say("extra_unknown_keys", field=field, agent=agent_id, names=names,
                                   takes_ko=takes or one("word_none", "ko"), takes_en=takes or one("word_none", "en"))) from None
        first = errors[0]
        where = ".".join(str(p) for p in (field, *first["loc"]))[:80]
        raise InvalidInput(where, say("extra_invalid", field=where, error=first["msg"])) from None
