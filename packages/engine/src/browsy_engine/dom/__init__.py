"""DOM: byte decoding and the lexbor-backed document tree."""

from .decode import decode_html
from .tree import Document, Node, build_document

__all__ = ["Document", "Node", "build_document", "decode_html"]
