"""The Lab's views, the Evals view included, read nothing at page load: every Lab handler runs from a Lab
event (a tab opened, a button, a table click, a user switch), never from the page's load chain."""

from __future__ import annotations

from tests.support.gradio_app import shared_app


def _load_chain(fns: dict) -> set[int]:
    """The ids of the functions that run on page load: triggered by ``load``, or after one that is."""
    chain = {i for i, f in fns.items() if any(event == "load" for _, event in f.targets)}
    grew = True
    while grew:
        more = {i for i, f in fns.items() if f.trigger_after in chain} - chain
        chain |= more
        grew = bool(more)
    return chain


def test_no_lab_handler_runs_at_page_load(store):
    demo = shared_app()
    fns = demo.fns
    lab = {i: f for i, f in fns.items() if getattr(f.fn, "__module__", "").startswith("pages.gradio.lab")}
    evals = {i for i, f in lab.items() if f.fn.__module__ == "pages.gradio.lab.evals"}
    assert len(evals) >= 8  # run, stop, show, compare, open a trace, the editor's buttons, the lists
    assert not (_load_chain(fns) & set(lab)), sorted(lab[i].fn.__qualname__ for i in _load_chain(fns) & set(lab))
    # the Evals lists load when the Lab or the view is opened
    listing = [f for f in lab.values() if f.fn.__qualname__.endswith("build.<locals>.listing")]
    assert {event for f in listing for _, event in f.targets} >= {"select"}
