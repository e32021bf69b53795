"""The Lab (issue 14): traces, prompt versions, side-by-side comparisons, metrics and exports.

Plain functions over the store, used by the Lab tab (``pages/lab/``), the HTTP API
(``agents/http/lab.py``), the CLI (``agents/cli/lab.py``) and evaluation runs:

- ``traces.list_traces`` / ``traces.trace_detail``: a filtered page of turns, one turn's detail;
- ``prompts``: versions, diff, activate, roll back, a per-conversation pick;
- ``compare.start`` / ``compare.run_round`` / ``compare.vote``: one message, two configurations;
- ``runs.run_turn_with``: one turn against a given provider, model and prompt version;
- ``metrics.metrics`` / ``metrics.over_time``; ``export.export``.

Every function takes a ``LabUser`` (``access.py``): who asks and in which mode, so a shared
server shows each person only their own turns.
"""
