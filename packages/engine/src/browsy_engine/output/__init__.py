"""Output formats of the Spatial DOM: JSON, compact text and deltas."""
