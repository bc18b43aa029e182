"""Accounts (admin): the staff accounts, adding one, changing a password."""
from __future__ import annotations

import logging

from flask import Blueprint, current_app, render_template, request

from web_admin.accounts import AccountError
from web_admin.answers import done, refused_here
from web_admin.auth import who
from web_admin.words import word

log = logging.getLogger(__name__)
bp = Blueprint("accounts", __name__)


def _accounts():
    return current_app.extensions["accounts"]


@bp.route("/accounts")
def page(refusal: str = "", status: int = 200):
    """The page; after a refused form, the same page with the refusal and the name and role
    as they were typed (never a password)."""
    typed = request.form if refusal else {}
    return render_template("accounts.html", accounts=_accounts().names(), refusal=refusal,
                           typed=typed), status



@bp.route("/accounts", methods=["POST"])
def add():
    name = request.form.get("name", "")
    try:
        _accounts().add(name, request.form.get("password", ""), request.form.get("role", ""))
    except AccountError as error:
        return refused_here(page, word(error.key, **error.values))
    log.info("account %r added by %s", name, who())
    return done(f"{name.strip()} ✓", "/accounts")


@bp.route("/accounts/password", methods=["POST"])
def password():
    name = request.form.get("name", "")
    try:
        _accounts().set_password(name, request.form.get("password", ""))
    except AccountError as error:
        return refused_here(page, word(error.key, **error.values))
    log.info("password of %r changed by %s", name, who())
    return done(f"{name} ✓", "/accounts")


@bp.route("/accounts/role", methods=["POST"])
def role():
    name, role = request.form.get("name", ""), request.form.get("role", "")
    try:
        _accounts().set_role(name, role)
    except AccountError as error:
        return refused_here(page, word(error.key, **error.values))
    log.info("role of %r set to %s by %s", name, role, who())
    return done(f"{name}: {role} ✓", "/accounts")


@bp.route("/accounts/remove", methods=["POST"])
def remove():
    """The account goes, and with it every open login of it."""
    name = request.form.get("name", "")
    try:
        _accounts().remove(name)
    except AccountError as error:
        return refused_here(page, word(error.key, **error.values))
    log.info("account %r removed by %s", name, who())
    return done(f"{name} ✗", "/accounts")
