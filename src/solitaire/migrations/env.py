"""Alembic's environment: runs the migrations on the connection the app hands over.

The app calls :func:`solitaire.store.upgrade_schema`, which puts its connection in
``config.attributes["connection"]``; Alembic then runs this file.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from solitaire.store.models import Base


def run_migrations() -> None:
    config = context.config
    connection = config.attributes.get("connection")
    if connection is None:
        # Run from the alembic command line with a URL in the configuration.
        url = config.get_main_option("sqlalchemy.url")
        if url is None:
            raise RuntimeError("no connection and no sqlalchemy.url to migrate")
        with create_engine(url).begin() as own_connection:
            context.configure(connection=own_connection, target_metadata=Base.metadata)
            with context.begin_transaction():
                context.run_migrations()
        return
    context.configure(connection=connection, target_metadata=Base.metadata)
    with context.begin_transaction():
        context.run_migrations()


# Alembic executes this file inside its migration context; anything else importing it (the
# doctest collector walks every module of the package) must find nothing to run.
if hasattr(context, "config"):
    run_migrations()
