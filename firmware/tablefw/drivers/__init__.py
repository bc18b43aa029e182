"""One driver per sensor kind, behind one small interface:

    CAPABILITY              the BOARD_INFO bit it brings (0x01 coins, 0x02 pockets, 0x04 squares)
    scan(board, now)        called every pass of the main loop: read, debounce, report changes
                            through board.event(type, payload) or board.moving(type, n)
    report_state(board)     the whole current state as board events (the host's REQUEST_SNAPSHOT)

The drivers here are pure (no ``machine``): each takes what reads its hardware as a
callable or a source object, which ``tablefw.pico`` builds from pins and
``tablefw.sim`` from a script. Their parts and pins are in docs/hardware.md.
"""
