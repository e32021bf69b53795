"""The shared offline-understanding kit: normalisation, lexicons as data, an exemplar
classifier, slot extractors, fuzzy entity names, the ask-when-unsure decision, Korean particles
and the accuracy report. Every agent's offline policy is built on it (see each agent's
``lexicon.yaml`` and ``training.yaml``)."""

from agents.nlu.classifier import ExemplarClassifier, Guess
from agents.nlu.decide import Decision, decide
from agents.nlu.fuzzy import FuzzyIndex
from agents.nlu.lexicon import Lexicon
from agents.nlu.particles import josa, past, with_josa
from agents.nlu.report import Outcome, Report
from agents.nlu.slots import (
    Change,
    Period,
    direction,
    find_amount,
    find_amount_change,
    find_amounts,
    find_change,
    find_ordinals,
    find_period,
)
from agents.nlu.spelling import FUNCTION_WORDS, Speller
from agents.nlu.text import compact, contains, normalise

__all__ = [
    "FUNCTION_WORDS", "Change", "Decision", "ExemplarClassifier", "FuzzyIndex", "Guess", "Lexicon", "Outcome", "Period", "Report", "Speller",
    "compact", "contains", "decide", "direction", "find_amount", "find_amount_change", "find_amounts", "find_change", "find_ordinals",
    "find_period", "josa", "normalise", "past", "with_josa",
]
