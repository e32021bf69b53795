"""english (placeholder)"""
