"""The deterministic simulation: rules, content and bots. Never imports pygame or scenes."""
