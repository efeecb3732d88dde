def test_engine_imports():
    import engine.core.protocol  # noqa: F401
