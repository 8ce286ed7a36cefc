"""The page model: raw HTML to a cleaned document and blocks mapped back to the DOM."""
