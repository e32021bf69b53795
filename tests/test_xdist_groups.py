"""Each browser module runs on one xdist worker, its tests one after another (tests/conftest.py): the scheduler
puts a module's browser tests in one group, the module's, and every other test in a group of its own."""

from __future__ import annotations

import pytest

from tests.conftest import pytest_xdist_make_scheduler

pytest.importorskip("xdist")


class _Config:
    """What the scheduler reads from pytest's config: ``--dist loadgroup -n 2``."""

    def __init__(self, config: pytest.Config, dist: str) -> None:
        self._config, self._dist = config, dist

    def getvalue(self, name: str) -> object:
        return {"dist": self._dist, "numprocesses": 2, "tx": ["2*popen"], "maxprocesses": None}.get(name)

    def __getattr__(self, name: str) -> object:
        return getattr(self._config, name)


def test_a_browser_module_is_one_group_and_the_rest_are_not(request: pytest.FixtureRequest) -> None:
    scheduler = pytest_xdist_make_scheduler(_Config(request.config, "loadgroup"), None)
    scope = scheduler._split_scope
    assert {scope("tests/browser/test_evals_page.py::test_evals_view_fits_the_width[390]"),
            scope("tests/browser/test_evals_page.py::test_run_progress_results_traces_and_compare"),
            scope("tests/browser/test_evals_page.py::test_x[a::b]")} == {"tests/browser/test_evals_page.py"}
    assert scope("tests/browser/test_lab_page.py::test_x") == "tests/browser/test_lab_page.py"
    # schemathesis's last test reads the case counts of the two before it, in its own process
    assert {scope("tests/api/test_schemathesis.py::test_local_mode_api_conforms"),
            scope("tests/api/test_schemathesis.py::test_zz_report_the_case_count")} == {"tests/api/test_schemathesis.py"}
    for nodeid in ("tests/streamlit/test_app.py::test_y", "tests/test_cli_beside_app.py::test_z",
                   "tests/test_store.py::test_a", "tests/test_store.py::test_b[@x]"):
        assert scope(nodeid) == nodeid


def test_other_modes_keep_xdist_s_own_scheduler(request: pytest.FixtureRequest) -> None:
    assert pytest_xdist_make_scheduler(_Config(request.config, "load"), None) is None


def test_a_run_without_xdist_still_starts() -> None:
    """The scheduler hook is optional: ``-p no:xdist`` knows no such hook, and an unknown one is an internal error."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:xdist", "--collect-only", "-q",
                           "tests/test_xdist_groups.py"], capture_output=True, text=True, timeout=120, cwd=root)
    assert done.returncode == 0, done.stdout + done.stderr


class _Gateway:
    def __init__(self, id_: str) -> None:
        self.id = id_


class _Node:
    """A worker as the scheduler sees it: its id, and the test indexes it is sent."""

    def __init__(self, id_: str) -> None:
        self.gateway, self.sent, self.shutting_down = _Gateway(id_), [], False

    def send_runtest_some(self, indexes: list[int]) -> None:
        self.sent.append(indexes)


def test_a_spare_worker_takes_no_browser_module_while_other_work_is_left(request: pytest.FixtureRequest) -> None:
    from collections import OrderedDict

    from tests.conftest import BROWSER_WORKERS

    scheduler = pytest_xdist_make_scheduler(_Config(request.config, "loadgroup"), None)
    collection = ["tests/browser/test_a.py::t1", "tests/browser/test_a.py::t2", "tests/browser/test_b.py::t1",
                  "tests/test_store.py::test_a", "tests/test_store.py::test_b"]
    spare, first = _Node(f"gw{BROWSER_WORKERS}"), _Node("gw0")
    scheduler.registered_collections = {spare: collection, first: collection}
    scheduler.workqueue = OrderedDict()
    for nodeid in collection:
        scheduler.workqueue.setdefault(scheduler._split_scope(nodeid), {})[nodeid] = False

    scheduler._assign_work_unit(spare)
    assert spare.sent == [[3]]  # the first unit that is not a browser module
    scheduler._assign_work_unit(first)
    assert first.sent == [[0, 1]]  # a first worker takes the queue's head: a browser module, whole
    scheduler._assign_work_unit(spare)
    assert spare.sent == [[3], [4]]
    scheduler._assign_work_unit(spare)  # only a browser module is left: taken rather than idling
    assert spare.sent == [[3], [4], [2]] and not scheduler.workqueue


def test_quick_has_one_worker_more_than_cores_and_the_whole_run_one_per_core() -> None:
    import dev

    assert dev.pytest_args(["--quick"], 2, spare=True) == ["-n", "3", "--dist", "loadgroup", "-m", dev.QUICK]
    assert dev.pytest_args([], 2) == ["-n", "2", "--dist", "loadgroup"]
    assert dev.pytest_args(["--quick"], 2) == ["-n", "2", "--dist", "loadgroup", "-m", dev.QUICK]
    assert dev.pytest_args(["--quick", "-n", "0"], 2, spare=True) == ["-m", dev.QUICK, "-n", "0"]  # named: kept
