"""The crawl board scenes (seed 004): dungeon grid, dial panel and their art."""
