"""The shared content pipeline names this game uses (schemas, effects, loader)."""

from __future__ import annotations

from engine.content.effects import EffectSpec, effect
from engine.content.loader import load_game_content
from engine.content.schema import Effect, Range, Ref, Text, content_kind

__all__ = ["Effect", "EffectSpec", "Range", "Ref", "Text", "content_kind", "effect",
           "load_game_content"]
