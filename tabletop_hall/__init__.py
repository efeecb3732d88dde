"""Tabletop Hall: the program's launcher; an installed copy also carries ``data/`` and ``assets/``."""
