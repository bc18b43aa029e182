"""``tablegame reset-password NAME``: a forgotten admin password set again on the Pi's
own shell (whoever can run it there may read the log anyway). The account becomes an
admin if it is not one (or is made, if there is none of that name), and every login of
it ends."""
from __future__ import annotations

import getpass
import sys
from pathlib import Path
from typing import Callable

from web_admin.accounts import AccountError, Accounts


def reset_password(data_folder: str | Path, name: str,
                   ask: Callable[[str], str] | None = None) -> int:
    """Asks for the new password twice; 0 when set, 1 (with the reason said) when not."""
    ask = ask or _asker()
    path = Path(data_folder) / "staff.sqlite"
    if not path.exists():
        print(f"no staff accounts at {path}: the staff page's first start sets one", file=sys.stderr)
        return 1
    password = ask(f"new password for {name}: ")
    if password != ask("the same again: "):
        print("the two passwords differ: nothing changed", file=sys.stderr)
        return 1
    accounts = Accounts(path)
    try:
        if accounts.role(name) is None:
            accounts.add(name, password, "admin")
            print(f"admin account {name!r} made")
        else:
            accounts.set_password(name, password)
            accounts.set_role(name, "admin")
            print(f"password of {name!r} set, the account is an admin, its logins ended")
    except AccountError as error:
        print(f"not changed: {error}", file=sys.stderr)
        return 1
    finally:
        accounts.close()
    return 0


def _asker() -> Callable[[str], str]:
    if sys.stdin.isatty():
        return getpass.getpass
    return lambda _prompt: sys.stdin.readline().rstrip("\n")   # piped: one line each
