"""A pending action's Modify: a partial object merged over the stored arguments, and the pydantic
problems of the merged result kept as data (field, kind, limits) so each front end can name them in
its own language (agents/view/arg_errors.py) instead of showing pydantic's English."""

from __future__ import annotations

from pydantic import ValidationError


def merge_args(stored: dict[str, object], patch: dict[str, object],
               exclusive: tuple[tuple[str, ...], ...] = ()) -> dict[str, object]:
    """``patch`` over ``stored``: a key sent replaces the stored one (``null`` included, so a field can be
    cleared); nested objects merge the same way; lists are replaced whole. ``exclusive``: groups of
    fields of which only one may be set (a budget as an amount or as a percentage): giving one a value
    clears the others the patch does not name."""
    merged = dict(stored)
    for group in exclusive:
        chosen = [k for k in group if patch.get(k) is not None]
        if chosen:
            merged.update({k: None for k in group if k not in patch})
    for key, value in patch.items():
        current = merged.get(key)
        if isinstance(value, dict) and isinstance(current, dict):
            merged[key] = merge_args(current, value)
        else:
            merged[key] = value
    return merged


def problems_of(exc: ValidationError) -> list[dict[str, object]]:
    """Each error as ``{"field", "kind", "limits", "message"}``: the field path, pydantic's error type,
    the numbers or choices it names, and (for a model's own check) its sentence."""
    out: list[dict[str, object]] = []
    for err in exc.errors():
        ctx = {k: int(v) if isinstance(v, float) and v.is_integer() else v
               for k, v in (err.get("ctx") or {}).items() if isinstance(v, (int, float, str))}
        message = str(err.get("msg", ""))
        out.append({"field": ".".join(str(p) for p in err.get("loc", ())),
                    "kind": str(err.get("type", "")), "limits": ctx,
                    "message": message.removeprefix("Value error, ")})
    return out
