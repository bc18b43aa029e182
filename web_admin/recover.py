"""The staff page's accounts on the Pi's own shell (whoever can run it there may read the
log anyway):

- ``tablegame reset-password NAME``: a forgotten password set again. Only an account that
  exists: a name that does not is refused, naming the accounts there are (``admn`` typed
  for ``admin`` made a new admin before). The account becomes an admin if it is not one,
  and every login of it ends.
- ``tablegame new-admin NAME``: an admin account made, the separate and explicit act for
  a table whose admin is gone or never was (the staff page's first start makes the first
  one there). A name that exists is refused (its password: reset-password)."""
from __future__ import annotations

import getpass
import sys
from pathlib import Path
from typing import Callable

from web_admin.accounts import AccountError, Accounts

STAFF_DB = "staff.sqlite"


def reset_password(data_folder: str | Path, name: str,
                   ask: Callable[[str], str] | None = None) -> int:
    """Asks for the new password twice; 0 when set, 1 (with the reason said) when not."""
    path = Path(data_folder) / STAFF_DB
    if not path.exists():
        print(f"no staff accounts at {path}: the staff page's first start sets the admin "
              f"password (or: tablegame new-admin NAME)", file=sys.stderr)
        return 1

    def set_again(accounts: Accounts, password: str) -> None:
        accounts.set_password(name, password)
        accounts.set_role(name, "admin")
        print(f"password of {name!r} set, the account is an admin, its logins ended")
    return _with_password(path, name, ask, set_again, refused=lambda accounts: (
        None if accounts.role(name) is not None else
        f"no account {name!r} at {path}: {_there_are(accounts)}; nothing changed "
        f"(a new admin account: tablegame new-admin NAME)"))


def new_admin(data_folder: str | Path, name: str, ask: Callable[[str], str] | None = None) -> int:
    """Makes the admin account ``name``, asking for its password twice; 0 when made."""
    path = Path(data_folder) / STAFF_DB

    def make(accounts: Accounts, password: str) -> None:
        accounts.add(name, password, "admin")
        print(f"admin account {name!r} made at {path}")
    return _with_password(path, name, ask, make, refused=lambda accounts: (
        None if accounts.role(name) is None else
        f"the account {name!r} exists already: its password is set with "
        f"tablegame reset-password {name}; nothing changed"))


def _with_password(path: Path, name: str, ask: Callable[[str], str] | None,
                   change: Callable[[Accounts, str], None],
                   refused: Callable[[Accounts], str | None]) -> int:
    """``change`` the accounts with a password asked twice, unless ``refused`` says why
    not (before anything is asked); 0 when changed, 1 with the reason said."""
    accounts = Accounts(path)
    try:
        if (why := refused(accounts)) is not None:
            print(why, file=sys.stderr)
            return 1
        password = _twice(ask or _asker(), name)
        if password is None:
            return 1
        change(accounts, password)
    except AccountError as error:
        print(f"nothing changed: {error}", file=sys.stderr)
        return 1
    finally:
        accounts.close()
    return 0


def _there_are(accounts: Accounts) -> str:
    names = accounts.names()
    if not names:
        return "there are no accounts"
    return "the accounts are " + ", ".join(f"{name} ({role})" for name, role in names)


def _twice(ask: Callable[[str], str], name: str) -> str | None:
    password = ask(f"new password for {name}: ")
    if password != ask("the same again: "):
        print("the two passwords differ: nothing changed", file=sys.stderr)
        return None
    return password


def _asker() -> Callable[[str], str]:
    if sys.stdin.isatty():
        return getpass.getpass
    return lambda _prompt: sys.stdin.readline().rstrip("\n")   # piped: one line each
