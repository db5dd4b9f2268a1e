"""browsy"""
