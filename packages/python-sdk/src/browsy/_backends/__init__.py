"""Where a Browser's tool calls run: in-process on an engine session, or on a `browsy serve` server.

Both backends answer every call with a `ToolOutput` built the same way, so a Browser behaves identically on
either: same pages, same results, same errors.
"""

from .base import Backend, ToolOutput

__all__ = ["Backend", "ToolOutput"]
