"""Rendering pages in a browser: finding Chromium, render specs as browser steps, reusing
browser pages, and deciding whether a publisher needs a browser at all (``render: auto``).

:mod:`~pace_scrapy.render.browser`, :mod:`~pace_scrapy.render.decide` and
:mod:`~pace_scrapy.render.policy` are plain Python; :mod:`~pace_scrapy.render.page_methods`,
:mod:`~pace_scrapy.render.page_pool` and :mod:`~pace_scrapy.render.handler` need
scrapy-playwright (``pace-scrapy[render]``) and are imported only by crawls that render.
"""
