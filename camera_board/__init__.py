"""The camera as the board (docs/camera.md): a camera above the table, read with OpenCV,
speaking docs/protocol.md on a pseudo-terminal like the microcontroller."""
