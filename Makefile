# Convenience targets; dev.py does the work so that plain Python is enough.
PYTHON ?= python3

.PHONY: run test bench lint
run:
	$(PYTHON) dev.py run
test:
	$(PYTHON) dev.py test
bench:
	$(PYTHON) dev.py bench
lint:
	$(PYTHON) dev.py lint
