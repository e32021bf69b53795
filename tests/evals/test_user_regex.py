"""A suite's ``text_matches`` runs on RE2 when RE2 reads it as Python does, else on ``regex`` with a time
limit; either way it means what Python's ``re`` means, a pattern out of time fails naming itself (``not:``
does not turn that into a pass), and a bad or oversized pattern is refused when the suite is stored."""

from __future__ import annotations

import json
import re
import time

import pytest

from agents.core.events import TextDelta
from agents.core.user_regex import (
    MATCH_TIMEOUT_S,
    MAX_PATTERN_CHARS,
    PatternRefused,
    PatternTimeout,
    compile_pattern,
)
from agents.services.evals import spec
from agents.services.evals.assertions import StepRecord, check
from agents.services.evals.loader import SuiteError, parse_suite


@pytest.mark.parametrize(("pattern", "engine"), [
    ("(a+)+#", "re2"), ("분유포트", "re2"), (r"^# 학습 노트", "re2"), (r"\*\*[0-9,]+원\*\*", "re2"), ("[$]x", "re2"),
    (r"\$5", "re2"), (r"[]a]+", "re2"), (r"(?i)roas", "re2"), ("[[:alpha:]]", "re2"), ("[a[:digit:]]", "re2"),
    (r"[^]x]", "re2"), (r"(\w)[[:digit:]]\1", "regex"),
    (r"\d{4}", "regex"), (r"\w+", "regex"), (r"\bcat\b", "regex"), (r"\s", "regex"), ("x$", "regex"),
    (r"(a)\1", "regex"), ("a(?=b)", "regex"), ("(?<!a)b", "regex"), ("a{,3}", "regex"),
    (r"a\Z", "regex"), ("(?x) a b", "regex"), ("a{1001}", "regex"),
])
def test_each_pattern_runs_on_the_engine_that_reads_it_as_python_does(pattern, engine) -> None:
    compiled = compile_pattern(pattern)
    assert compiled.engine == engine
    for text in ("x", "aaaa#", "분유포트 추천", "# 학습 노트\n", "**12,000원**", "$x", "$5", "]a", "ROAS 3x",
                 "2026년", "한국어 words", "a cat!", "tab\there", "box\n", "aa", "ab", "cb", "[:]", "aaa", "a",
                 "a b", "5", ":]", "a]", "[]", "a:a", "a" * 1001 if pattern == "a{1001}" else "a" * 12):  # short: Python's own `re` runs too
        python = re.search(pattern, text)
        assert compiled.search(text) == (python.group(0) if python else None), (pattern, text)


def test_unicode_classes_keep_pythons_meaning() -> None:
    # RE2's \w, \d and \b are ASCII only: these would differ there.
    assert compile_pattern(r"\w+").search("한국어abc") == "한국어abc"
    assert compile_pattern(r"\d+").search("٣٤") == "٣٤"
    assert compile_pattern("end$").search("the end\n") == "end"


def test_a_backtracking_pattern_on_the_regex_engine_stops_at_its_time_limit() -> None:
    compiled = compile_pattern("(a|a)+(?=#)")
    assert compiled.engine == "regex"
    with pytest.raises(PatternTimeout) as stopped:
        compiled.search("a" * 30)
    assert stopped.value.message.startswith("정규식 /(a|a)+(?=#)/ 검사가")
    assert (f"(The regular expression /(a|a)+(?=#)/ did not finish within {MATCH_TIMEOUT_S:g} s and was stopped"
            in stopped.value.message)
    # RE2 has no backtracking to run away: the measured attack answers at once.
    assert compile_pattern("(a+)+#").search("a" * 10_000) is None


def test_a_pattern_out_of_time_fails_even_under_not() -> None:
    step = StepRecord(index=0, kind="user", input="x", events=[TextDelta(turn_id="t", seq=1, content="a" * 30)])
    for negated in (False, True):
        assertion = spec.TextMatchesAssertion(text_matches="(a|a)+(?=#)", **{"not": negated})
        result = check(assertion, step)
        assert result.status == "fail" and "did not finish within" in result.message, negated


def test_bad_and_oversized_patterns_are_refused_naming_the_problem() -> None:
    with pytest.raises(PatternRefused) as refused:
        compile_pattern("x" * (MAX_PATTERN_CHARS + 1))
    assert refused.value.field == "text_matches"
    assert refused.value.message == ("정규식이 너무 깁니다: 1,001자 (최대 1,000자). (The regular expression is 1,001 "
                                     "characters long; at most 1,000.)")
    with pytest.raises(PatternRefused) as invalid:
        compile_pattern("notes(")
    assert invalid.value.reason == "not a valid regular expression: missing ), unterminated subpattern at position 5"

    text = f"""\
suite: long-pattern
agent: notes
cases:
  - name: a
    turns:
      - user: list
        expect:
          - text_matches: "{'x' * (MAX_PATTERN_CHARS + 1)}"
"""
    with pytest.raises(SuiteError) as stored:
        parse_suite(text, "long.yaml")
    (problem,) = stored.value.problems
    assert (problem.line, problem.where) == (8, "cases[0].turns[0].expect[0].text_matches")
    assert problem.reason.startswith("정규식이 너무 깁니다: 1,001자") and "at most 1,000.)" in problem.reason


def test_the_judges_verdict_is_read_in_linear_time() -> None:
    from agents.services.evals.judge import _verdict

    old = re.compile(r"\{.*\}", re.DOTALL)  # what it used: the same object, found by backtracking
    for text in ('{"pass": true, "reason": "ok"}', 'Verdict: {"pass": false, "reason": "a {b}"} done', "{ {",
                 '} {"pass": true} }', "", "no braces", '{"pass": "yes"}', '{"pass": true}\n{"pass": false}'):
        found = old.search(text)
        expected = None
        if found is not None:
            try:
                data = json.loads(found.group(0))
                expected = (data["pass"], str(data.get("reason") or "")) if isinstance(data, dict) and isinstance(
                    data.get("pass"), bool) else None
            except json.JSONDecodeError:
                expected = None
        assert _verdict(text) == expected, text
    started = time.perf_counter()
    assert _verdict("{" * 200_000) is None  # `\{.*\}` took over a minute here (4 s at 40,000)
    assert time.perf_counter() - started < 1.0
