"""A2A: the seed's SSE task surface and the real A2A protocol, sharing one task runner."""
