"""The crawl (seed 004): a dial-based dungeon skirmish on a square grid, from Tiled maps."""

from engine.rules.crawl.rules import RULES, CrawlRules

__all__ = ["RULES", "CrawlRules"]
