"""The camera at work, over the game's own screen (desktop only): a card in the top right
corner with the latest picture the camera read, the moving coin or striker in it, and
what it is doing in words."""
from __future__ import annotations

import pygame

from tablegame.display import palette as P
from tablegame.display.layout import readable_px
from tablegame.display.over import OverScreen
from tablegame.views.watching import CameraAtWork


class CameraAtWorkScreen(OverScreen):
    def draw(self, surface: pygame.Surface, view: CameraAtWork) -> None:
        self.draw_beneath(surface, view.under)
        w, h = surface.get_size()
        self.text.floor_px = readable_px((w, h))
        pad = max(4, h // 60)
        width = w // 3
        picture = None
        if view.picture and view.size[0] and view.size[1]:
            raw = pygame.image.frombuffer(view.picture, view.size, "RGB")
            tall = round(width * view.size[1] / view.size[0])
            picture = pygame.transform.smoothscale(raw, (width - 2 * pad, tall - 2 * pad))
        words = self.text.block(view.words, readable_px((w, h)), P.CREAM, width - 2 * pad, max_lines=3)
        height = (picture.get_height() + pad if picture else 0) + words.get_height() + 2 * pad
        card = pygame.Rect(w - width - pad, pad, width, height)
        pygame.draw.rect(surface, P.CARD, card, border_radius=pad)
        pygame.draw.rect(surface, P.WINNER, card, width=max(2, pad // 3), border_radius=pad)
        y = card.top + pad
        if picture is not None:
            surface.blit(picture, (card.left + pad, y))
            y += picture.get_height() + pad
        surface.blit(words, (card.left + pad, y))


SCREENS_OF_THE_CAMERA = {CameraAtWork: CameraAtWorkScreen}
