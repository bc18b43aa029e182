"""The pymunk core every board's model is built on: discs sliding on a flat table.

Units are millimetres, grams and seconds (g = 9810 mm/s^2). A table has no friction
against its pieces in pymunk's 2D world, so sliding friction is made of two
constraints per disc, solved in C by Chipmunk: a pivot joint and a gear joint to the
static body with no error correction (``max_bias = 0``) and a force limit of
``mu*m*g`` (a torque limit of ``2/3*mu*m*g*r`` for spin), so a lone disc decelerates
at exactly ``mu*g``. Discs knock each other on with the restitution of their pair.

A shot runs in a fresh space with a fixed time step, so its result depends only on
the positions before it and the shot: deterministic. Pure core: no I/O, no clock."""
from __future__ import annotations

import math
from dataclasses import dataclass

import pymunk

G = 9810.0              # mm/s^2
REST_SPEED = 0.5        # mm/s: below this every disc counts as at rest ...
REST_SPIN = 0.05        # rad/s: ... and not turning


@dataclass(frozen=True)
class Disc:
    """What the physics needs of a piece: its size, its mass and how it slides."""

    radius: float       # mm
    mass: float         # g
    friction: float     # sliding mu against the board
    elasticity: float   # sqrt of the restitution it gives with a piece like itself


def new_space() -> pymunk.Space:
    space = pymunk.Space()
    space.gravity = (0, 0)
    space.collision_slop = 0.01                 # mm of overlap tolerated in contacts
    space.collision_bias = (1 - 0.3) ** 240     # 30 % of an overlap fixed per 1/240 s
    return space


def add_disc(space: pymunk.Space, disc: Disc, position: tuple[float, float],
             collision_type: int = 0, rim_friction: float = 0.2) -> tuple[pymunk.Body, tuple]:
    """A sliding disc at rest at ``position``: its body and every part to remove it by."""
    body = pymunk.Body(disc.mass, pymunk.moment_for_circle(disc.mass, 0, disc.radius))
    body.position = position
    shape = pymunk.Circle(body, disc.radius)
    shape.elasticity = disc.elasticity           # Chipmunk multiplies the pair's elasticities
    shape.friction = math.sqrt(rim_friction)     # and frictions
    shape.collision_type = collision_type
    parts = (body, shape, *sliding_friction(space, body, disc.friction, disc.mass, disc.radius))
    space.add(*parts)
    return body, parts


def sliding_friction(space: pymunk.Space, body: pymunk.Body, friction: float, mass: float,
                     radius: float) -> tuple[pymunk.Constraint, pymunk.Constraint]:
    """The two joints that make ``body`` slide and spin down under Coulomb friction (not
    yet added: a model that reuses its bodies makes these anew for every shot)."""
    static = space.static_body
    slide = pymunk.PivotJoint(static, body, (0, 0), (0, 0))
    slide.max_bias = 0
    slide.max_force = friction * mass * G
    spin = pymunk.GearJoint(static, body, 0, 1)
    spin.max_bias = 0
    spin.max_force = 2 / 3 * friction * mass * G * radius
    return slide, spin


def at_rest(bodies) -> bool:
    """Whether every body in ``bodies`` has stopped sliding and turning."""
    v2 = REST_SPEED ** 2
    for body in bodies:
        vx, vy = body.velocity
        if vx * vx + vy * vy > v2 or abs(body.angular_velocity) > REST_SPIN:
            return False
    return True
