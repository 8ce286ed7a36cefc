"""Evaluation: gold data loading, metrics and baseline extractors."""
