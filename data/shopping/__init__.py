"""The shopping catalogue and its generator."""
