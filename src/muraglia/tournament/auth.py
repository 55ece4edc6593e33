"""Logins of the tournament pages: organisers and referees, argon2 password hashes.

>>> h = hash_password("s3cret")
>>> h.startswith("$argon2"), check_password(h, "s3cret"), check_password(h, "nope")
(True, True, False)
"""

from __future__ import annotations

import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session as DbSession

from muraglia.errors import MahjongError
from muraglia.tournament.models import Setting, User

__all__ = [
    "ROLES",
    "add_user",
    "authenticate",
    "check_password",
    "hash_password",
    "signing_key",
]

ROLES = ("organiser", "referee")
MIN_PASSWORD = 8
_hasher = PasswordHasher()
SIGNING_KEY = "login_signing_key"
"""The setting holding the key that signs the login cookies."""


def hash_password(password: str) -> str:
    """An argon2id hash of ``password``."""
    return _hasher.hash(password)


def check_password(stored: str, password: str) -> bool:
    """Whether ``password`` matches the stored hash."""
    try:
        return _hasher.verify(stored, password)
    except (VerificationError, InvalidHashError):
        return False


def add_user(db: DbSession, username: str, password: str, role: str) -> User:
    """Create (or reset the password and role of) a login."""
    if role not in ROLES:
        raise MahjongError(f"unknown role {role!r}: {', '.join(ROLES)}")
    if not username.strip():
        raise MahjongError("the user name is empty")
    if len(password) < MIN_PASSWORD:
        raise MahjongError(f"the password needs at least {MIN_PASSWORD} characters")
    user = db.scalar(select(User).where(User.username == username))
    if user is None:
        user = User(username=username, password_hash=hash_password(password), role=role)
        db.add(user)
    else:
        user.password_hash = hash_password(password)
        user.role = role
    db.flush()
    return user


def authenticate(db: DbSession, username: str, password: str) -> User | None:
    """The user with these credentials, or None."""
    user = db.scalar(select(User).where(User.username == username))
    if user is None or not check_password(user.password_hash, password):
        return None
    return user


def signing_key(engine: Engine) -> bytes:
    """The key signing the login cookies, the same for every process using this database.

    Created once (``secrets.token_hex``, 256 bits) by the first process that needs it and
    stored in ``tournament_setting``: logins survive a restart of the server and are valid
    on every worker. Two processes creating it at once: the primary key keeps one, and the
    loser reads the winner's.
    """
    try:
        with DbSession(engine) as db, db.begin():
            row = db.get(Setting, SIGNING_KEY)
            if row is not None:
                return row.value.encode()
            db.add(Setting(name=SIGNING_KEY, value=secrets.token_hex(32)))
            db.flush()
            created = db.get(Setting, SIGNING_KEY)
            assert created is not None
            value = created.value
    except IntegrityError:  # another process stored its key first: read that one
        with DbSession(engine) as db:
            row = db.get(Setting, SIGNING_KEY)
            if row is None:  # pragma: no cover - the other process's key is committed
                raise MahjongError("the login signing key could not be stored") from None
            return row.value.encode()
    return value.encode()
