"""Publisher configs: the schema (:mod:`.model`), selectors, and files on disk (:mod:`.store`)."""
