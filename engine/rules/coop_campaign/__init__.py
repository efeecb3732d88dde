"""The co-operative campaign crawler (seed 001): one mission on a tile of four areas.

docs/coop_campaign/rules.md records every rule decision with the passage of the seed it rests on.
"""

from engine.rules.coop_campaign.rules import RULES

__all__ = ["RULES"]
