"""What the server starts once per process, outside any script run: the edge, the render service, the warm-up."""
