"""The effect registry, effect records and schema registration errors."""

from __future__ import annotations

import pickle
from dataclasses import dataclass
from typing import Annotated

import pytest

from engine.content.effects import REGISTRY, EffectParam, EffectSpec, effect
from engine.content.schema import KINDS, Range, Ref, Text, content_kind, kind_schema
from tests.content import testgame


def test_handler_and_types_describe_the_vocabulary(game: str) -> None:
    assert REGISTRY.handler(game, "gain_gold") is testgame.gain_gold
    with pytest.raises(KeyError, match="no effect type 'gain_glod'.*did you mean 'gain_gold'"):
        REGISTRY.handler(game, "gain_glod")
    types = REGISTRY.types(game)
    assert [t.id for t in types] == ["gain_gold", "shout", "summon"]
    gold = types[0]
    assert gold.game == game and gold.doc == "Adds ``amount`` gold to the purse this turn."
    assert gold.params == (
        EffectParam("amount", "int 1..9", None, True, "gold to add"),
        EffectParam("repeat", "bool", False, False, "whether the gold comes again next turn"),
    )
    assert types[2].params[0] == EffectParam("monster", "id of monster", None, True, "")
    assert types[1].params[1].type == "'low' | 'high'"


def test_run_calls_the_handler_with_the_record_params(game: str) -> None:
    log: list[object] = []
    REGISTRY.run(game, log, EffectSpec.make("gain_gold", amount=3))
    REGISTRY.run(game, log, EffectSpec("summon", {"monster": "grave_rat"}))
    assert log == [("gold", 3, False), ("summon", "grave_rat", 1)]


def test_effect_spec_is_a_frozen_value() -> None:
    spec = EffectSpec.make("gain_gold", repeat=True, amount=2)
    assert spec.args == (("amount", 2), ("repeat", True))
    assert spec == EffectSpec("gain_gold", {"amount": 2, "repeat": True})
    assert hash(spec) == hash(EffectSpec("gain_gold", {"repeat": True, "amount": 2}))
    assert spec != EffectSpec.make("gain_gold", amount=3)
    assert repr(spec) == "EffectSpec('gain_gold', amount=2, repeat=True)"
    with pytest.raises(AttributeError):
        spec.type = "other"  # type: ignore[misc]
    with pytest.raises(TypeError):
        spec.params["amount"] = 5
    assert pickle.loads(pickle.dumps(spec)) == spec
    text = EffectSpec.make("shout", text=Text({"en": "Hi", "de": "Hallo"}), tags=("a",))
    assert text.to_json() == {"type": "shout", "text": {"en": "Hi", "de": "Hallo"},
                              "tags": ["a"]}


def test_decorator_rejects_bad_signatures(game: str) -> None:
    def positional(ctx: object, amount: int) -> None:
        """Takes amount positionally."""

    def variadic(ctx: object, **params: int) -> None:
        """Takes anything."""

    def unannotated(ctx: object, *, amount) -> None:  # type: ignore[no-untyped-def]
        """Has no annotation."""

    def no_ctx(*, amount: int) -> None:
        """Has no context."""

    for handler, message in [(positional, "exactly one positional"), (variadic, "\\*\\*kwargs"),
                             (unannotated, "needs a type annotation"),
                             (no_ctx, "exactly one positional")]:
        with pytest.raises(TypeError, match=message):
            effect(game, "broken")(handler)
    with pytest.raises(TypeError, match="lowercase slugs"):
        effect(game, "Gain-Gold")(testgame.gain_gold)
    with pytest.raises(TypeError, match="already registered"):
        effect(game, "gain_gold")(testgame.summon)
    effect(game, "gain_gold")(testgame.gain_gold)  # the same handler again is fine (re-import)


def test_unsupported_param_annotation_fails_when_first_used(game: str) -> None:
    def listy(ctx: object, *, ids: list[str]) -> None:
        """Uses a mutable list."""

    effect(game, "listy")(listy)
    with pytest.raises(TypeError, match="use tuple\\[X, ...\\]"):
        REGISTRY.types(game)


@dataclass(frozen=True)
class WithList:
    """Uses a list."""

    id: str
    items: list[str]


@dataclass(frozen=True)
class RefOnInt:
    """References with an int."""

    id: str
    count: Annotated[int, Ref("monster")]


@dataclass(frozen=True)
class RangeOnStr:
    """Bounds a string."""

    id: str
    name: Annotated[str, Range(1, 2)]


@dataclass(frozen=True)
class WideUnion:
    """Mixes types."""

    id: str
    value: int | str


@dataclass(frozen=True)
class NoId:
    """Has no id."""

    name: str


@dataclass
class Mutable:
    """Is not frozen."""

    id: str


@dataclass(frozen=True)
class IdAsRef:
    """Names another entry in its id."""

    id: Annotated[str, Ref("monster")]


@pytest.mark.parametrize(("cls", "message"), [
    (WithList, "use tuple"), (RefOnInt, "Ref applies to str"),
    (RangeOnStr, "Range applies to numbers"), (WideUnion, "only 'X \\| None' unions"),
    (IdAsRef, "id field must be annotated plain 'str'"),
])
def test_bad_schemas_fail_with_a_clear_type_error(game: str, cls: type, message: str) -> None:
    content_kind(game, "odd")(cls)
    with pytest.raises(TypeError, match=message):
        kind_schema(game, "odd")


def test_registration_checks_the_class(game: str) -> None:
    with pytest.raises(TypeError, match="needs an 'id: str' field"):
        content_kind(game, "odd")(NoId)
    with pytest.raises(TypeError, match="must be frozen"):
        content_kind(game, "odd")(Mutable)
    with pytest.raises(TypeError, match="not a dataclass"):
        content_kind(game, "odd")(str)
    with pytest.raises(TypeError, match="already registered"):
        content_kind(game, "monster")(testgame.GroupDef)
    assert KINDS.get(game, "monster") is testgame.MonsterDef
    assert KINDS.kinds(game) == {"monster": testgame.MonsterDef,
                                 "monster_group": testgame.GroupDef}


def test_text_is_a_read_only_hashable_dict() -> None:
    text = Text({"en": "Rat", "de": "Ratte"})
    assert text.en == "Rat" and text.in_lang("de") == "Ratte" and text.in_lang("fr") == "Rat"
    assert isinstance(text, dict) and hash(text) == hash(Text({"de": "Ratte", "en": "Rat"}))
    for mutate in (lambda: text.__setitem__("en", "x"), lambda: text.update(en="x"),
                   lambda: text.pop("en"), text.clear):
        with pytest.raises(TypeError):
            mutate()
    assert pickle.loads(pickle.dumps(text)) == text
