"""Content: YAML loading, schemas, validation, effect registry, content cache, i18n catalogs."""
