"""CSS: stylesheet parsing (tinycss2), media queries, rule-driven matching through lexbor, the cascade."""

from .cascade import compute_styles
from .sheet import find_imports
from .style import ComputedStyle

__all__ = ["ComputedStyle", "compute_styles", "find_imports"]
