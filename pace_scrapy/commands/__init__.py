"""Scrapy commands added by pace-scrapy (registered through the ``scrapy.commands`` entry point)."""
