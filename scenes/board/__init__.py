"""Board views shared by the game tables: camera, layouts, the action index and the chooser."""
