"""The map game of heroes (seed 002): mode ``clash`` of the ``heroes`` game.

state.py holds the state, mapdata.py the map content as the rules read it, board.py the map's
geometry, rules.py the flow and every rule, game.py the protocol (views, previews, hidden
information). docs/heroes/rules.md ("The map game") records the decisions.
"""
