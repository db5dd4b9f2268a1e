"""browsy servers: CLI, REST API, A2A and MCP — every surface derived from `browsy_engine.tools`."""

__version__ = "0.1.0"
