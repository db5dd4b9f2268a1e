"""Layout: box tree, block/inline/flex/grid/table layout, text metrics."""

from .engine import Layout, compute_layout

__all__ = ["Layout", "compute_layout"]
