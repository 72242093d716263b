"""What a page script draws: one module per page group, and the parts they share (files, the Vega bundle)."""
