"""Inducing config rules from labelled pages."""
