"""The marketing sandbox ad account and its generator."""
