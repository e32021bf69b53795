# Convenience targets; dev.py does the work so that plain Python is enough.
PYTHON ?= python3

.PHONY: run streamlit test bench lint
run:
	$(PYTHON) dev.py run
streamlit:
	$(PYTHON) dev.py streamlit
test:
	$(PYTHON) dev.py test
bench:
	$(PYTHON) dev.py bench
lint:
	$(PYTHON) dev.py lint
