"""The offline CorrectionAgent's rule checker, measured on the labelled learner sentences written by the
data author (tests/english/corrections.yaml): precision first (>= 95%), recall >= 70%, printed. It must
also stay silent on real prose (every sentence of the 36 articles) and on the author's probe sets."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from agents.cli.main import main
from agents.english.checker import check
from agents.english.evaluate import CORRECTIONS, HOLDOUT_C, TODAY, WILD, normalise, run_report
from agents.english.news import corpus

HERE = Path(__file__).parent


@pytest.mark.corpus
def test_precision_and_recall_on_the_labelled_sentences(capsys) -> None:
    report = run_report()
    figures = report.figures()
    with capsys.disabled():
        print(f"\n{report.summary()}")
        print(f"detection: precision {figures.detection_precision:.1%}, recall {figures.detection_recall:.1%}")
        print("per type:", {k: f"{r}/{t}" for k, (r, t) in report.per_intent().items()})
    assert figures.items >= 120 and figures.with_errors * 2 >= figures.items - 10  # about half are correct
    assert figures.precision >= 0.95, report.summary()
    assert figures.recall >= 0.70, report.summary()
    for kind, (right, total) in report.per_intent().items():  # every kind of error is caught, not just a few
        assert right / total >= 0.5, (kind, right, total)


def test_precision_and_recall_on_the_wild_set_written_apart_from_the_rules(capsys) -> None:
    """corrections_wild.yaml: learner chat sentences written after the rules, half of them correct and
    many of those looking wrong to a careless rule ("The news is", "My family and I are")."""
    report = run_report(WILD)
    figures = report.figures()
    with capsys.disabled():
        print(f"\nwild: {report.summary()}")
        for miss in report.misses():
            print(f"  ✗ [{miss.expected}] {miss.text!r}: {'; '.join(miss.problems)}")
    assert figures.items >= 100 and abs(figures.with_errors * 2 - figures.items) <= 10  # about half are correct
    assert figures.precision >= 0.95, report.summary()
    assert figures.recall >= 0.70, report.summary()
    assert figures.false_alarms == 0, [m.text for m in report.misses() if not m.item.get("has_errors")]


def test_precision_and_recall_on_hold_out_c_written_blind(capsys) -> None:
    """corrections_c.yaml: hold-out C's tune half, written by a writer who never read the rules (one error
    per sentence, traps such as "an MBA", "Two sheep were"). Before any fix for it: 22/24 right, 0 false
    alarms; after (a count before more / extra, wait without for): 24/24. A correct sentence changed is worse
    than a slip missed, so false alarms stay at 0."""
    report = run_report(HOLDOUT_C)
    figures = report.figures()
    with capsys.disabled():
        print(f"\nhold-out C: {report.summary()}")
    assert figures.items == 43 and figures.with_errors == 24
    assert figures.false_alarms == 0 and figures.wrong_fixes == 0, [m.text for m in report.misses()]
    assert figures.right == 24, [m.text for m in report.misses()]


@pytest.mark.parametrize(("text", "corrected"), [
    # a be / modal statement is inverted, never "Does she be"; the auxiliary follows the verb and the tense
    ("she is coming too?", "Is she coming too?"),
    ("they were at home?", "Were they at home?"),
    ("you can swim?", "Can you swim?"),
    ("he playing now?", "Is he playing now?"),
    ("you sleeping yesterday?", "Were you sleeping yesterday?"),
    ("your dad works there?", "Does your dad work there?"),
    ("she okay?", "she okay?"),  # unsure: nothing rather than "Does she okay?"
    ("you have been to Busan?", "Have you been to Busan?"),  # have + participle, never "Do you have been"
    ("you are nurse?", "Are you a nurse?"),
    ("You know what I mean?", "You know what I mean?"),
    # compound subjects are plural
    ("My friend and i are going to Daegu", "My friend and I are going to Daegu"),
    ("My cousin and I goes to church", "My cousin and I go to church"),
    ("Sora and her brother is twins", "Sora and her brother are twins"),
    # a count before more / extra still asks for the plural
    ("We need two more cup", "We need two more cups"),
    ("two extra ticket please", "two extra tickets please"),
    ("Give me two more minutes", "Give me two more minutes"),
    ("We need two more than that", "We need two more than that"),
    # wait for someone or something; "wait your turn", "waited my whole life", "a long wait" take no for
    ("She waits her boyfriend every day", "She waits for her boyfriend every day"),
    ("Can you wait me?", "Can you wait for me?"),
    ("I waited the bus for an hour", "I waited for the bus for an hour"),
    ("Please wait your turn", "Please wait your turn"),
    ("I waited my whole life for this", "I waited my whole life for this"),
    ("It was a long wait", "It was a long wait"),
    ("Wait, you said that?", "Wait, you said that?"),
    # a negative auxiliary left after the subject of a wh-question moves before it, agreeing with it
    ("Why you didn't call me?", "Why didn't you call me?"),
    ("Why my phone doesn't work?", "Why doesn't my phone work?"),
    ("Why I can't sleep?", "Why can't I sleep?"),
    ("Why she don't answer?", "Why she don't answer?"),  # two slips: left rather than half-fixed
    ("I wonder why you didn't call.", "I wonder why you didn't call."),
    # a letter left out inside a word; a long unknown word one letter from a known one
    ("It happend so fast", "It happened so fast"),
    ("my pronounciation is bad", "my pronunciation is bad"),
    # a verb whose past is its base form is read as past after he / she / it, never given -s
    ("It cost me a lot", "It cost me a lot"),
    ("He put the keys on the table", "He put the keys on the table"),
    ("He quit his job", "He quit his job"),
    ("It cost me twenty dollar", "It cost me twenty dollars"),
    ("He want a car", "He wants a car"),
    # a present perfect with a past time wants the simple past, never "had been" (test_checker_kinds_e.py)
    ("I have been to Japan last year", "I went to Japan last year"),
    ("Yesterday I have a headache", "Yesterday I had a headache"),
    # prepositions and set phrases read only where they cannot be right (prepositions.py)
    ("It depends of the weather", "It depends on the weather"),
    ("Prices depend of course on demand", "Prices depend of course on demand"),
    ("She is afraid from dogs", "She is afraid of dogs"),
    ("She was scared from the start", "She was scared from the start"),
    ("Let's go to shopping", "Let's go shopping"),
    ("Let's go to swimming class", "Let's go to swimming class"),
    ("I was born at 1995", "I was born in 1995"),
    ("I'll call you in Monday", "I'll call you on Monday"),
    ("See you at next week", "See you next week"),
    ("I read it in this week's magazine", "I read it in this week's magazine"),
    ("She said me the news", "She told me the news"),
    ("I can't say them out loud", "I can't say them out loud"),
    ("Tell to me the truth", "Tell me the truth"),
    ("The story was told to her friends", "The story was told to her friends"),
    ("I'm not agree with you", "I don't agree with you"),
    ("He isn't agree", "He doesn't agree"),
    ("I'm used to wake up early", "I'm used to waking up early"),
    ("I'm used to work", "I'm used to work"),
    ("Computers are used to store data", "Computers are used to store data"),
    ("I'm thinking to quit my job", "I'm thinking of quitting my job"),
    ("I was thinking to myself", "I was thinking to myself"),
    # a count of many before a singular noun: one of my friends, many friends; not a modifier or a pair
    ("One of my friend lives there", "One of my friends lives there"),
    ("Each of the student has a book", "Each of the students has a book"),
    ("She has many friend", "She has many friends"),
    ("One of my family lives here", "One of my family lives here"),
    ("Several store chains have launched", "Several store chains have launched"),
    ("We use it for both sync and async code", "We use it for both sync and async code"),
    ("There are two mans", "There are two men"),
    # a lowercase i is fixed before the grammar reads the sentence, so both fixes are made
    ("where i can buy tickets?", "where can I buy tickets?"),
    # a capital A mid-sentence is the letter, not the article
    ("I got an A on the test", "I got an A on the test"),
    ("A apple a day", "An apple a day"),
    # a year's comma is no thousands separator, and a pronoun is no counted noun
    ("In 2019, he moved to Busan", "In 2019, he moved to Busan"),
    # married with
    ("She married with her boss", "She married her boss"),
    ("He got married with my cousin", "He got married to my cousin"),
    ("They are married with two sons", "They are married with two sons"),
    # uncountable nouns
    ("I have too many homeworks", "I have too much homework"),
    ("He gave me an advice", "He gave me advice"),
    ("The news are bad", "The news is bad"),
    ("several advices", "several advices"),  # not half-fixed into "several advice"
    ("Three homeworks are due", "Three homeworks are due"),
    ("my homeworks are done", "my homework is done"),
    ("My dad and I am hungry", "My dad and I are hungry"),
    ("The equipments are new", "The equipment is new"),
    ("He gave me many useful advices", "He gave me much useful advice"),
    # a capitalised first word, capital kept; names stay
    ("Yesturday was fun", "Yesterday was fun"),
    ("Minji is my friend", "Minji is my friend"),
    # after an intensifier only an adjective fits ("hungy": hung or hungry; "so hungy" is hungry)
    ("the soup was really delicous", "the soup was really delicious"),
])
def test_kinds_generalised_from_the_hold_out(text, corrected) -> None:
    assert check(text, today=TODAY).corrected == corrected


@pytest.mark.parametrize("name", ["checker_probe.yaml", "checker_probe_chat.yaml"])
def test_the_rules_hold_on_sentences_written_apart_from_the_labelled_set(name, capsys) -> None:
    report = run_report(HERE / name)
    with capsys.disabled():
        print(f"\n{name}: {report.summary()}")
    assert report.figures().precision >= 0.95 and report.figures().recall >= 0.7


def test_no_false_alarm_on_the_articles_real_prose() -> None:
    flagged = []
    for article in corpus():
        for sentence in re.split(r'(?<=[.!?])\s+(?=[A-Z"])', article["text"]):
            result = check(sentence, today=TODAY)
            if result.has_errors:
                flagged.append((sentence, result.corrected))
    assert flagged == []


@pytest.mark.parametrize(("text", "corrected", "kinds"), [
    ("he go to the gym every morning", "he goes to the gym every morning", ["subject_verb_agreement"]),
    ("yesterday I go to the new cafe", "yesterday I went to the new cafe", ["past_tense"]),
    ("It was a interesting article", "It was an interesting article", ["article_a_an"]),
    ("I read three book this month", "I read three books this month", ["plural_after_number"]),
    ("I am agree with the writer", "I agree with the writer", ["fixed_expression"]),
    ("i think so", "I think so", ["capital_i"]),
    ("you like coffee?", "Do you like coffee?", ["question_auxiliary"]),
    ("the goverment should help", "the government should help", ["spelling"]),
    ("I can speaks a little Japanese", "I can speak a little Japanese", ["verb_form"]),
])
def test_each_kind_with_its_explanation(text, corrected, kinds) -> None:
    result = check(text, today=TODAY)
    assert result.corrected == corrected and result.kinds == kinds
    explanation = result.explanation()
    assert "→" in explanation and re.search(r"[가-힣]", explanation)  # short, friendly, with Korean
    assert len(explanation) < 400


def test_only_the_wrong_words_change() -> None:
    result = check("My husband and i love hiking.  Last weekend we climb Bukhansan!", today=TODAY)
    assert result.corrected == "My husband and I love hiking.  Last weekend we climbed Bukhansan!"
    assert check("the view was amazing", today=TODAY).has_errors is False  # chat style is not an error


def test_korean_and_empty_messages_are_not_checked_as_english() -> None:
    for text in ("오늘 기사 재밌었어요", "   ", "ㅋㅋㅋ"):
        result = check(text, today=TODAY)
        assert not result.has_errors
    assert "영어" in check("오늘 기사 재밌었어요").feedback() or "English" in check("오늘 기사 재밌었어요").feedback()


def test_normalise_follows_the_files_convention() -> None:
    assert normalise("You like coffee?") == normalise("you like coffee?")
    assert normalise("I went home.") == normalise("I went home")
    assert normalise("I went home") != normalise("I go home")


@pytest.mark.corpus
def test_nlu_report_prints_precision_and_recall(capsys) -> None:
    assert main(["nlu-report", "english"]) == 0
    out = capsys.readouterr().out
    assert "precision" in out and "recall" in out and "subject_verb_agreement" in out
    assert main(["nlu-report", "english", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    figures = run_report().figures()
    assert (data["precision"], data["recall"]) == (round(figures.precision, 4), round(figures.recall, 4))
    assert data["total"] == len(__import__("yaml").safe_load(CORRECTIONS.read_text(encoding="utf-8")))
    wild = run_report(WILD).figures()
    assert data["sets"]["corrections_wild.yaml"]["precision"] == round(wild.precision, 4)
    assert data["sets"]["corrections.yaml"]["recall"] == round(figures.recall, 4)


@pytest.mark.corpus
def test_nlu_report_prints_every_labelled_set(capsys) -> None:
    assert main(["nlu-report", "english"]) == 0
    out = capsys.readouterr().out
    assert "— corrections.yaml —" in out and "— corrections_wild.yaml —" in out and "— corrections_c.yaml —" in out
    assert out.count("english correction checker: precision") == 3
    assert main(["nlu-report", "english", "--file", str(WILD)]) == 0
    assert capsys.readouterr().out.count("precision") == 1


def test_nlu_report_json_keeps_the_items_right_beside_the_right_fixes() -> None:
    """`right` is the items judged right of `total`, as for every agent; the checker's count of
    corrections made exactly as labelled is `right_fixes` (it once overwrote `right`)."""
    import io
    import json

    from agents.cli.main import main as cli_main

    out = io.StringIO()
    assert cli_main(["nlu-report", "english", "--json"], out=out) == 0
    first = json.loads(out.getvalue().splitlines()[0])
    assert round(first["right"] / first["total"], 4) == first["accuracy"]
    assert first["right_fixes"] <= first["flagged"] and first["precision"] == round(first["right_fixes"] / first["flagged"], 4)
