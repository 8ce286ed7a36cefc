"""Scrapy integration: add-on, publisher middleware, pipelines, spiders, feed exporters."""
