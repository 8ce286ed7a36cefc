"""Labellers: ways to mark which nodes of representative pages hold which field."""
