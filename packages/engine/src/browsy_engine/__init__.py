"""browsy engine: HTML → Spatial DOM, with page intelligence."""

from .model import SpatialDom, SpatialElement
from .output.delta import DeltaDom, delta_to_compact_string, diff
from .pipeline import parse

__all__ = ["DeltaDom", "SpatialDom", "SpatialElement", "delta_to_compact_string", "diff", "parse"]
