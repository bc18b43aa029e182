"""Carrom on the staff page in real Chromium (Debian's package, driven by Playwright): the
live view draws the pieces the virtual pocket board reports and follows a stroke; a foul
entered on the control page reaches the rules; calibration draws the board and places the
pieces, previews an edited size and refuses one that makes no board."""
from tablegame.families.carrom.physics import Strike
from tablegame.core.play import GameSetup
from tablegame.families.carrom.simulation import CarromWorld
from test_web_browser import wait_for
from web_admin.serve import PageServer
from web_table import Table, wait_in_page


class CarromTable(Table):
    """A Carrom table with the virtual pocket board on a pty and the real link."""

    def __init__(self, folder):
        from firmware_bridge.link import BoardLink
        from firmware_bridge.virtual_board import VirtualBoard
        super().__init__(folder, GameSetup("carrom", (("Anna",), ("Ben",))))
        self.world = CarromWorld(self.session.play.board)
        self.board = VirtualBoard(self.world, link_path=str(folder / "board"), realtime=False)
        self.link = BoardLink(self.board.port, self.session.post, heartbeat=0.2)
        self.board.start()
        self.link.start()

    def close(self):
        self.link.close()
        self.board.close()
        super().close()


def test_the_live_view_draws_the_pieces_and_a_foul_is_entered(tmp_path, chromium):
    table = CarromTable(tmp_path)
    server = PageServer(table.face, "127.0.0.1", 0, threads=8).start()
    try:
        page = chromium.new_context(viewport={"width": 1280, "height": 800}, locale="en-GB").new_page()
        base = f"http://127.0.0.1:{server.port}"
        page.goto(base + "/")
        page.fill("input[name=password]", "admin-secret-1")
        page.fill("input[name=again]", "admin-secret-1")
        page.click("button:has-text('Set password')")
        page.wait_for_url(base + "/")
        wait_for(lambda: table.session.snapshot().status.actions == 1, "the set-up seen")
        wait_in_page(page, "document.querySelectorAll('#board .piece').length === 19",
                     timeout=20000)
        table.board.shoot(Strike(0, 0.0, 0.0, 7000.0))            # the break: two whites down
        wait_in_page(page, "document.querySelectorAll('#board .piece').length === 18",
                     timeout=20000)                     # 17 men, the queen, the striker
        assert table.session.snapshot().status.state.board.men == (7, 9)
        page.goto(base + "/control")
        page.click("#correct-foul_during_turn")
        page.wait_for_selector(".flash.ok")
        state = table.session.snapshot().status.state
        assert state.ruling.laws == ("64a",) and state.seat == 1
        # calibration: the board drawn, every piece on it with its place in words
        page.goto(base + "/calibrate")
        wait_in_page(page, "document.querySelectorAll('#board .piece').length === 18 && "
                     "document.querySelectorAll('#coins tr').length === 18",
                     timeout=20000)
        assert page.locator("#board line").count() == 8
        assert "inside the outer circle" in page.inner_text("#coins")
        page.fill("input[name=size]", "800")                     # previews at once
        wait_in_page(page, "document.getElementById('board').getAttribute('viewBox')"
                     " === '0 0 800 800'", timeout=20000)
        page.fill("input[name=outer_circle]", "600")   # into the base lines: told in words
        page.wait_for_selector("#problems:not([hidden])")
        assert "inside the outer circle" in page.inner_text("#problems")
        assert page.locator("#board .piece").count() == 0
        page.context.close()
    finally:
        server.close()
        table.close()
