"""Labelling pages with a language model behind an OpenAI-compatible endpoint.

``settings`` (what to call), ``client`` (calls, cache, counts), ``schema`` and ``structured``
(the answer's shape and how it is obtained), ``prompts`` (what is asked), ``verify`` (what of
the answer is believed).
"""
