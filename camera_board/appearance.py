"""What the camera knows of a board and its pieces: the empty board as the camera sees it
(a picture in board millimetres, several frames averaged: its wood, grain, lines, pockets
and markers under the pub's own light) and the colour of each kind of piece's top.

Learned at installation from the real board and pieces (camera_board/learn.py); until
then the starting values: the empty board drawn from its layout and the pieces' colours
of camera_board/layout.py. Saved beside the configuration (arrays do not belong in TOML)
through the configuration's one writer (tablegame/config/file.py, ``save_beside``)."""
from __future__ import annotations

import dataclasses
import io
import json
import math
from dataclasses import dataclass, field

import cv2
import numpy as np

from camera_board.coin_look import CoinLook

VERSION = 1
DRAWN_NOISE = 4.0    # grey levels: the drawn board knows no texture, so it is taken as noisier


@dataclass(frozen=True)
class Colour:
    """A kind's top as the camera sees it under the learned board's light: a Gaussian in
    BGR (``mean``, ``cov`` 3 x 3), learned from ``learned`` pieces lying ``apart`` mm (the
    median) from the spots they were asked on (0 learned: a starting value)."""
    mean: tuple[float, float, float]
    cov: tuple[float, ...]
    learned: int = 0
    apart: float = float("nan")

    @property
    def covariance(self) -> np.ndarray:
        return np.array(self.cov, np.float64).reshape(3, 3)

    @classmethod
    def of(cls, mean, cov, learned: int = 0, apart: float = float("nan")) -> "Colour":
        return cls(tuple(float(v) for v in np.ravel(mean)), tuple(float(v) for v in np.ravel(cov)),
                   learned, float(apart))

    @classmethod
    def starting(cls, bgr) -> "Colour":
        """A colour from the code's constants: its spread what a light evened out to
        within some 6 % leaves, and the sensor's noise."""
        mean = np.array(bgr, np.float64)
        return cls.of(mean, np.diag((0.06 * mean + 6.0) ** 2))


@dataclass(frozen=True, eq=False)
class Appearance:
    """``reference``: the empty board, H x W x 3 float32 BGR, pixel (u, v) at board
    (x0 + (u + .5) / scale, y1 - (v + .5) / scale) for ``extent`` (x0, y0, x1, y1);
    ``noise``: the sensor's noise on it (grey levels); ``colours``: each kind's top;
    ``looks``: the kinds whose look round their rim the teaching learned (Shove's coins);
    ``depths``: for the kinds whose top is the board's colour, darker, how dark a drop shadow
    gets under this pub's light as the teaching saw it (camera_board/shadow_depth.py)."""
    game: str
    scale: float
    extent: tuple[float, float, float, float]
    reference: np.ndarray
    noise: float
    colours: dict[str, Colour]
    learned: bool = False
    brightness: float = 0.0      # the learned frames' median grey as the camera gave them (0: not known)
    looks: dict = field(default_factory=dict)   # kind -> CoinLook (camera_board/coin_look.py): none in older files
    depths: dict = field(default_factory=dict)  # kind -> the board's share a drop shadow keeps at least: none in older files
    tints: dict = field(default_factory=dict)   # kind -> how far from the board's hue a drop shadow lies at most: likewise
    _views: dict = field(default_factory=dict, repr=False, compare=False)

    def view(self, extent, scale: float, shape) -> np.ndarray:
        """The reference resampled to another grid (``extent`` at ``scale`` px/mm, ``shape``
        (h, w)): float32, made once per grid."""
        key = (tuple(round(v, 4) for v in extent), round(scale, 6), tuple(shape[:2]))
        if key not in self._views:
            x0, _, _, y1 = extent
            rx0, _, _, ry1 = self.extent
            k = self.scale / scale
            # the grid's pixel (u, v) is board (x0 + (u+.5)/scale, y1 - (v+.5)/scale): in
            # the reference at ((x - rx0) * s - .5, (ry1 - y) * s - .5)
            m = np.array([[k, 0, (x0 - rx0) * self.scale + 0.5 * k - 0.5],
                          [0, k, (ry1 - y1) * self.scale + 0.5 * k - 0.5]], np.float64)
            flags = (cv2.INTER_AREA if k > 1.5 else cv2.INTER_LINEAR) | cv2.WARP_INVERSE_MAP
            if k > 1.5:    # INTER_AREA does not shrink through warpAffine: smooth first
                sigma = 0.5 * math.sqrt(k * k - 1)
                source = cv2.GaussianBlur(self.reference, (0, 0), sigma)
                flags = cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP
            else:
                source = self.reference
            view = cv2.warpAffine(source, m, (int(shape[1]), int(shape[0])), flags=flags,
                                  borderMode=cv2.BORDER_REPLICATE)
            view.flags.writeable = False
            self._views[key] = view
        return self._views[key]

    def with_colours(self, colours: dict[str, Colour]) -> "Appearance":
        return dataclasses.replace(self, colours={**self.colours, **colours})

    def with_looks(self, looks: dict) -> "Appearance":
        return dataclasses.replace(self, looks={**self.looks, **looks})

    def with_depths(self, depths: dict[str, float], tints: dict[str, float] | None = None) -> "Appearance":
        return dataclasses.replace(self, depths={**self.depths, **depths}, tints={**self.tints, **(tints or {})})

    # -- the file beside the configuration ----------------------------------------------------
    def to_bytes(self) -> bytes:
        meta = {"version": VERSION, "game": self.game, "scale": self.scale, "extent": list(self.extent),
                "noise": self.noise, "learned": self.learned, "brightness": self.brightness,
                "colours": {k: {"mean": list(c.mean), "cov": list(c.cov), "learned": c.learned,
                                "apart": None if math.isnan(c.apart) else c.apart}
                            for k, c in self.colours.items()},
                "looks": {k: {"scale": look.scale, "taught": look.taught} for k, look in self.looks.items()},
                "depths": self.depths, "tints": self.tints}
        out = io.BytesIO()
        np.savez_compressed(out, meta=np.frombuffer(json.dumps(meta).encode(), np.uint8),
                            reference=np.clip(np.round(self.reference * 64), 0, 65535).astype(np.uint16),
                            **{f"look_{k}": look.patch.astype(np.float32) for k, look in self.looks.items()})
        return out.getvalue()

    @classmethod
    def from_bytes(cls, data: bytes) -> "Appearance":
        """ValueError in words when ``data`` is no camera board's learned appearance."""
        try:
            with np.load(io.BytesIO(data), allow_pickle=False) as saved:
                meta = json.loads(saved["meta"].tobytes().decode())
                reference = saved["reference"].astype(np.float32) / 64
                looks = {k: CoinLook(saved[f"look_{k}"].astype(np.float32), float(v["scale"]), float(v["taught"]))
                         for k, v in (meta.get("looks") or {}).items()}     # (a file from before looks: none)
        except (OSError, ValueError, KeyError, TypeError, AttributeError, UnicodeDecodeError, EOFError) as error:
            raise ValueError(f"not a camera board's learned board ({error})") from None
        for kind, look in looks.items():
            if look.patch.ndim != 2 or look.patch.shape[0] != look.patch.shape[1] or look.patch.shape[0] % 2 != 1:
                raise ValueError(f"not a camera board's learned board (the {kind}'s look is no square patch)")
        if meta.get("version") != VERSION:
            raise ValueError(f"a learned board of another version ({meta.get('version')}): learn it again")
        depths = _shadows(meta, "depths", 1.0, "a shadow's depth is no share of the board's light")
        tints = _shadows(meta, "tints", math.inf, "a shadow's tint is no distance")
        try:
            colours = {k: Colour.of(c["mean"], c["cov"], c["learned"],
                                    float("nan") if c["apart"] is None else c["apart"])
                       for k, c in meta["colours"].items()}
            return cls(meta["game"], float(meta["scale"]), tuple(meta["extent"]), reference,
                       float(meta["noise"]), colours, bool(meta["learned"]), float(meta.get("brightness", 0.0)),
                       looks, depths, tints)
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise ValueError(f"not a camera board's learned board ({error!r} in what it says of itself)") from None

    def save(self, path) -> None:
        with open(path, "wb") as out:
            out.write(self.to_bytes())

    @classmethod
    def load(cls, path) -> "Appearance":
        with open(path, "rb") as source:
            return cls.from_bytes(source.read())


def drawn(layout, colours: dict[str, tuple[int, int, int]]) -> Appearance:
    """The starting values: the empty board drawn from ``layout`` (camera_board/reference.py)
    and ``colours`` (kind -> BGR) from the code's constants."""
    from camera_board.reference import board_picture
    picture, to_board = board_picture(layout)
    scale = 1 / to_board[0, 0]
    x0, y1 = to_board[0, 2], to_board[1, 2]
    h, w = picture.shape[:2]
    extent = (x0, y1 - h / scale, x0 + w / scale, y1)
    return Appearance(layout.game, scale, extent, picture.astype(np.float32), DRAWN_NOISE,
                      {k: Colour.starting(c) for k, c in colours.items()}, learned=False)


def _shadows(meta: dict, name: str, below: float, wrong: str) -> dict[str, float]:
    """What the teaching learned of each kind's drop shadows (``depths``, ``tints``) from a
    learned board's ``meta``: none in a file from before them; ValueError in words when one is
    no number in (0, ``below``)."""
    try:
        values = {str(k): float(v) for k, v in (meta.get(name) or {}).items()}
    except (TypeError, ValueError, AttributeError):
        raise ValueError(f"not a camera board's learned board (its shadows' {name} are not numbers)") from None
    if not all(0 < value < below for value in values.values()):   # (a NaN fails too)
        raise ValueError(f"not a camera board's learned board ({wrong})")
    return values
