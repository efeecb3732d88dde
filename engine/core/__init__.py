"""Shared core: protocol, RNG, actions/events, records, sessions and shared mechanics."""
