"""Spatial DOM emission: which nodes become elements, with roles, labels, states and boxes."""

from .emit import emit_elements

__all__ = ["emit_elements"]
