"""The repository's Scrapy project: hand-written spiders (publisher spiders come from configs/)."""
