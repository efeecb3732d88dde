"""Catalog keys the crawl builds at run time, listed literally (the i18n test finds them here)."""

BOARD_KEYS = ("crawl.board.builder",)  # the other boards and the pools are named by the content
END_KEYS = ("crawl.end.all_out", "crawl.end.turn_limit", "crawl.end.solo_won",
            "crawl.end.solo_lost")
PROMPT_KEYS = ("crawl.prompt.pick", "crawl.prompt.chests", "crawl.prompt.markers",
               "crawl.prompt.entrance", "crawl.prompt.exit", "crawl.prompt.pieces",
               "crawl.prompt.build", "crawl.prompt.hire", "crawl.prompt.choose_section",
               "crawl.prompt.stash")
TERRAIN_KEYS = ("crawl.term.terrain.open", "crawl.term.terrain.difficult",
                "crawl.term.terrain.water", "crawl.term.terrain.dark",
                "crawl.term.terrain.vortex", "crawl.term.terrain.teleport",
                "crawl.term.terrain.stairs", "crawl.term.terrain.chasm")
EVENT_KEYS = ("crawl.event.break_away_sure",)
RULES_PAGES = tuple(f"crawl.rules.{i}" for i in range(1, 9))
RULES_PAGE_KEYS = ("crawl.rules.1", "crawl.rules.2", "crawl.rules.3", "crawl.rules.4",
                   "crawl.rules.5", "crawl.rules.6", "crawl.rules.7", "crawl.rules.8")
ACTION_KEYS = ("crawl.action.move", "crawl.action.face", "crawl.action.break_away",
               "crawl.action.pass_through", "crawl.action.attack", "crawl.action.shoot",
               "crawl.action.shockwave", "crawl.action.heal", "crawl.action.examine",
               "crawl.action.disarm", "crawl.action.loot", "crawl.action.leave",
               "crawl.action.open_door", "crawl.action.close_door", "crawl.action.bash_door",
               "crawl.action.end_activation", "crawl.action.activate",
               "crawl.action.activate_marker", "crawl.action.drink", "crawl.action.end_turn",
               "crawl.action.place_spawn", "crawl.action.pick_hero", "crawl.action.done_picking",
               "crawl.action.place_chest", "crawl.action.place_marker",
               "crawl.action.choose_entrance", "crawl.action.choose_exit",
               "crawl.action.choose_exit_square", "crawl.action.place_terrain",
               "crawl.action.place_door", "crawl.action.skip_piece", "crawl.action.teleport",
               "crawl.action.place_section", "crawl.action.vortex",
               "crawl.action.descend", "crawl.action.withdraw",
               "crawl.action.choose_section", "crawl.action.stash",
               "crawl.action.unstash", "crawl.action.done_stashing")
