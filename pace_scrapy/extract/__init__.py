"""The deterministic extractor: a config version applied to a page gives an item."""
