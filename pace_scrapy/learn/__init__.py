"""The learning step: labelled representative pages become a publisher config."""
